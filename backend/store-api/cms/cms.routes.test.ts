import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type DbHandle } from '../../db/client.ts';
import { languageId, seedSalesChannel } from '../../db/seed-channel.ts';
import { loadBackendConfig } from '../../config.ts';
import { writeStaticContent, cmsPageId } from '../../catalog/static-content.ts';
import { createStoreApi } from '../../app.ts';

let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];
const config = loadBackendConfig({});

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  await writeStaticContent(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
});
afterAll(async () => handle.close());

const post = (path: string, locale: string) =>
  app.request(`/store-api/${path}`, {
    method: 'POST',
    headers: {
      'sw-access-key': config.accessKey,
      'sw-language-id': languageId(locale),
      'content-type': 'application/json',
    },
    body: '{}',
  });

describe('POST /store-api/landing-page/{id}', () => {
  test('returns the terms page with its CMS text in the context language', async () => {
    const res = await post(`landing-page/${cmsPageId('agb')}`, 'fr-FR');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      translated: { name: string };
      cmsPage: { sections: { blocks: { slots: { config: { content: { value: string } } }[] }[] }[] };
    };
    expect(body.translated.name).toBe('Conditions générales de vente');
    expect(body.cmsPage.sections[0]?.blocks[0]?.slots[0]?.config.content.value).toMatch(/<p>|<h2>/);
  });

  test('answers an unknown or malformed id with the 404 envelope', async () => {
    for (const id of ['0'.repeat(32), 'not-an-id']) {
      const res = await post(`landing-page/${id}`, 'de-DE');
      expect(res.status).toBe(404);
      const body = (await res.json()) as { errors: { code: string }[] };
      expect(body.errors[0]?.code).toBe('CONTENT__LANDING_PAGE_NOT_FOUND');
    }
  });
});
