import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { islandMessages } from '../../i18n/translator.ts';
import { $punchOut } from '../../lib/session/punchout-store.ts';
import PunchOutBar, { PUNCHOUT_BAR_MESSAGES } from './PunchOutBar.tsx';

const session = {
  protocol: 'cxml' as const,
  systemName: 'Ariba Peeters',
  operation: 'create' as const,
  readOnly: false,
  testMode: false,
  expiresIn: 3600,
  apiAlias: 'punchout_session' as const,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  $punchOut.set(null);
  document.cookie = 'wb-punchout=; Max-Age=0; Path=/';
});

const renderBar = (locale: 'en-GB' | 'nl-NL' = 'en-GB') =>
  render(<PunchOutBar i18n={islandMessages(locale, PUNCHOUT_BAR_MESSAGES)} prefix="/en" />);

test('outside a punch-out session it shows nothing and asks nothing', () => {
  const fetch = vi.fn();
  vi.stubGlobal('fetch', fetch);
  const { container } = renderBar();
  expect(container).toBeEmptyDOMElement();
  expect(fetch).not.toHaveBeenCalled();
});

test('in a session it names the procurement system and cancels through a form post to /punchout/cancel', async () => {
  document.cookie = 'wb-punchout=1; Path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(session)),
  );
  renderBar();
  const region = await screen.findByRole('region', { name: 'Punch-out session' });
  expect(region).toHaveTextContent('You are shopping for Ariba Peeters');
  const cancel = screen.getByRole('button', { name: 'Cancel and return to Ariba Peeters' });
  const form = cancel.closest('form')!;
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('action', '/en/punchout/cancel');
  expect(screen.queryByText('Test session')).not.toBeInTheDocument();
});

test('a test session and a view-only session say so, in the page language', async () => {
  document.cookie = 'wb-punchout=1; Path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ ...session, testMode: true, readOnly: true, operation: 'inspect' })),
  );
  renderBar('nl-NL');
  expect(await screen.findByText('Testsessie')).toBeInTheDocument();
  expect(screen.getByText('Alleen bekijken')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Annuleren en terug naar Ariba Peeters' })).toBeInTheDocument();
});
