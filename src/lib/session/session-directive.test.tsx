import { waitFor } from '@testing-library/react';
import { useState, type FormEvent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test } from 'vitest';
import sessionDirective from './session-directive.ts';

/** A controlled field with a submit, like the cart's promotion code. */
function PromotionCode({ onApply }: { onApply: (code: string) => void }) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(code);
  };
  return (
    <form onSubmit={submit}>
      <label>
        Promotion code
        <input value={code} onChange={(event) => setCode(event.target.value)} />
      </label>
      <button type="submit">Apply</button>
    </form>
  );
}

/** A server-rendered island of `PromotionCode`, under `client:session="interaction only"`. */
function island(applied: string[], value = 'interaction only'): HTMLElement {
  const el = document.createElement('astro-island');
  document.body.append(el);
  const app = <PromotionCode onApply={(code) => applied.push(code)} />;
  el.innerHTML = renderToString(app);
  // What Astro's island does: its hydrate function renders the component and then announces it.
  const load = async () => async () => {
    hydrateRoot(el, app);
    el.dispatchEvent(new CustomEvent('astro:hydrate'));
  };
  void sessionDirective(load, { name: 'session', value }, el);
  return el;
}

afterEach(() => {
  document.body.innerHTML = '';
  document.cookie = 'wb-logged-in=; max-age=0';
  document.cookie = 'wb-punchout=; max-age=0';
});

const hydrated = (el: HTMLElement) =>
  Object.keys(el.querySelector('input')!).some((key) => key.startsWith('__reactFiber$'));

test('under "only punchout" an ordinary buyer loads nothing, a punch-out session hydrates at idle', async () => {
  document.cookie = 'wb-logged-in=1';
  const ordinary = island([], 'only punchout');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(hydrated(ordinary)).toBe(false);
  document.body.innerHTML = '';

  document.cookie = 'wb-punchout=1';
  const session = island([], 'only punchout');
  await waitFor(() => expect(hydrated(session)).toBe(true));
});

test('text typed and a click made before hydration reach the island, in that order', async () => {
  const applied: string[] = [];
  const el = island(applied);
  const input = el.querySelector('input')!;
  // The buyer types into the server's field and presses the button before any script of the island ran.
  input.value = 'SPRING';
  input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  el.querySelector('button')!.click();

  await waitFor(() => expect(applied).toEqual(['SPRING']));
  expect(input.value).toBe('SPRING');
});

test('a logged-in visitor’s island under "only" waits for the interaction instead of idle', async () => {
  document.cookie = 'wb-logged-in=1';
  const applied: string[] = [];
  const el = island(applied);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(Object.keys(el.querySelector('input')!).some((key) => key.startsWith('__reactFiber$'))).toBe(false);

  el.dispatchEvent(new Event('pointerover'));
  await waitFor(() =>
    expect(Object.keys(el.querySelector('input')!).some((key) => key.startsWith('__reactFiber$'))).toBe(true),
  );
});
