import { afterEach, expect, test, vi } from 'vitest';
import { $punchOut, refreshPunchOut } from './punchout-store.ts';

const session = {
  protocol: 'oci',
  systemName: 'SAP SRM Peeters',
  operation: 'create',
  readOnly: false,
  testMode: false,
  expiresIn: 3600,
  apiAlias: 'punchout_session',
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'wb-punchout=; Max-Age=0; Path=/';
  $punchOut.set(null);
});

test('without the punch-out marker nothing is asked and there is no session', async () => {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  expect(await refreshPunchOut()).toBeNull();
  expect(fetch).not.toHaveBeenCalled();
});

test('with the marker the session is read once for concurrent callers', async () => {
  document.cookie = 'wb-punchout=1; Path=/';
  const fetch = vi.fn(async () => Response.json(session));
  vi.stubGlobal('fetch', fetch);
  const [a, b] = await Promise.all([refreshPunchOut(), refreshPunchOut()]);
  expect(a).toEqual(session);
  expect(b).toEqual(session);
  expect($punchOut.get()).toEqual(session);
  expect(fetch).toHaveBeenCalledTimes(1);
});

test('a context that is no punch-out session leaves none', async () => {
  document.cookie = 'wb-punchout=1; Path=/';
  vi.stubGlobal('fetch', async () =>
    Response.json({ errors: [{ status: '404', code: 'WERKBANK__NOT_A_PUNCHOUT_SESSION' }] }, { status: 404 }),
  );
  $punchOut.set(session as never);
  expect(await refreshPunchOut()).toBeNull();
  expect($punchOut.get()).toBeNull();
});
