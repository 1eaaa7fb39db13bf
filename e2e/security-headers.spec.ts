// Security headers and the Content-Security-Policy on real pages in Chromium: the home page, a category page, the
// header's login dialog and the account SPA must work with no CSP violation, every response carries the headers,
// anonymous page loads make no failing request, and an oversized chunked body is refused before it is read whole
// (docs/decisions/012).
import { expect, type Page } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { waitForHydrate, waitForIslands } from './hydration.ts';
import { test } from './support.ts';

const PASSWORD = 'Werkbank!2026';

/** Collects CSP violations (the DOM event and Chromium's console report), console errors and failed requests. */
async function watch(page: Page) {
  const problems = { violations: [] as string[], consoleErrors: [] as string[], failedRequests: [] as string[] };
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`securitypolicyviolation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (/securitypolicyviolation|Content Security Policy/i.test(text)) problems.violations.push(text);
    else problems.consoleErrors.push(text);
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.failedRequests.push(`${response.status()} ${response.url()}`);
  });
  return problems;
}

async function expectSecurityHeaders(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // http://localhost is the configured public URL here: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
  // Astro's per-page policy: only the page's own inline scripts, by hash.
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  expect(headers['content-security-policy']).not.toContain("'unsafe-inline'");
}

test('home, category page and login dialog: headers present, no CSP violation, no failing request', async ({
  page,
}) => {
  const problems = await watch(page);
  await expectSecurityHeaders(page, '/');
  const login = page.getByRole('banner').getByRole('link', { name: 'Inloggen' });
  await waitForHydrate(page, login);
  await login.click();
  const dialog = page.getByRole('dialog', { name: 'Inloggen' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Gebruikersnaam').fill('nobody.here');
  await expect(dialog.getByLabel('Gebruikersnaam')).toHaveValue('nobody.here');

  await expectSecurityHeaders(page, '/de/Handwerkzeuge/Zangen/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForIslands(page);

  expect(problems.violations).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
  expect(problems.failedRequests).toEqual([]);
});

test('the account SPA works under the policy', async ({ page, baseURL }) => {
  const problems = await watch(page);
  const login = await page.request.post('/store-api/account/login', {
    data: { username: 'jan.janssens', password: PASSWORD },
    headers: { origin: baseURL!, referer: `${baseURL}/en/` },
  });
  expect(login.status()).toBe(200);
  await expectSecurityHeaders(page, '/en/account/dashboard');
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Profile' }).first().click();
  await expect(page).toHaveURL(/\/en\/account\/profile/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await waitForIslands(page);
  expect(problems.violations).toEqual([]);
  expect(problems.consoleErrors).toEqual([]);
});

/** POSTs a chunked body of up to 64 MiB in 64 KiB chunks to `path`, stopping when the server answers. */
function postChunked(
  baseURL: string | undefined,
  path: string,
  contentType: string,
): Promise<{ status: number; contentType: string; body: string; sent: number }> {
  const url = new URL(path, baseURL);
  const chunk = Buffer.alloc(64 * 1024, 'x');
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = httpRequest(
      url,
      { method: 'POST', headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'] ?? '', body, sent });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    const pump = () => {
      // Up to 64 MiB, unless the server answered first.
      while (sent < 64 * 1024 * 1024 && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

test('a chunked request body above 1 MiB is answered 413 before it is sent whole', async ({ baseURL }) => {
  const result = await postChunked(baseURL, '/store-api/search', 'application/json');
  expect(result.status).toBe(413);
  expect(JSON.parse(result.body).errors[0].code).toBe('STOREFRONT__PAYLOAD_TOO_LARGE');
  expect(result.sent).toBeLessThan(64 * 1024 * 1024);
});

test('a chunked article link CSV import above its 2 MiB is answered 413 in the error envelope, not the error page', async ({
  baseURL,
}) => {
  const result = await postChunked(baseURL, '/store-api/werkbank/article-links/import', 'text/csv');
  expect(result.status).toBe(413);
  expect(result.contentType).toContain('application/json');
  expect(JSON.parse(result.body).errors[0]).toMatchObject({ status: '413', code: 'STOREFRONT__PAYLOAD_TOO_LARGE' });
  expect(result.sent).toBeLessThan(64 * 1024 * 1024);
});
