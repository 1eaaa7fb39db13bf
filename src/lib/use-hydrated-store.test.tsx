import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { atom } from 'nanostores';
import { expect, test, vi } from 'vitest';
import { useHydratedStore } from './use-hydrated-store.ts';

const $name = atom<string | null>(null);

function Greeting() {
  const name = useHydratedStore($name, null);
  return <p>{name ? `Hello ${name}` : 'Log in'}</p>;
}

test('an island hydrates without a mismatch when its store was filled before hydration, then shows the value', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Greeting />);
  expect(container.textContent).toBe('Log in');

  // Another island filled the session before this one hydrated.
  $name.set('Jan');
  const onRecoverableError = vi.fn();
  await act(async () => {
    hydrateRoot(container, <Greeting />, { onRecoverableError });
  });

  expect(onRecoverableError).not.toHaveBeenCalled();
  expect(container.textContent).toBe('Hello Jan');

  await act(async () => $name.set('Els'));
  expect(container.textContent).toBe('Hello Els');
});
