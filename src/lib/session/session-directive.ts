/**
 * The `client:session` hydration directive (registered in astro.config.mjs): islands of the shared catalogue HTML
 * whose server-rendered anonymous state is final for an anonymous visitor (price and stock text, cart link, login
 * icon, "log in to order") load no JavaScript for that visitor. Triggers, any of which hydrates the island once:
 * - the `wb-logged-in` marker cookie (docs/decisions/009): hydrated when the browser is idle, like `client:idle`,
 *   or sooner by one of the triggers below;
 * - the words of the directive's value, separated by spaces:
 *   - `interaction`: the first pointer, touch or focus on the island; a click that comes before the island has
 *     hydrated is held back and replayed on the same element afterwards, and text typed into its fields meanwhile
 *     is handed to the island (handOverTypedText);
 *   - `event:{name}`: a `window` event of that name (an island hydrated later asks another one to show itself,
 *     e.g. the login dialog or a notification);
 *   - `pending:{key}`: a sessionStorage entry of that key exists at load (a notification left by the last page);
 *   - `only`: the marker cookie does not hydrate the island at idle, only the other triggers do, for a logged-in
 *     visitor too (the cart page, whose visitor is always logged in, hydrates when the buyer reaches for it);
 *   - `punchout`: the punch-out marker `wb-punchout` hydrates the island at idle (with `only`: that marker alone, so
 *     the punch-out bar loads nothing for an ordinary buyer).
 *
 * Why: hydrating every island at load cost the listing page 1.8 s of Total Blocking Time in Lighthouse's mobile
 * emulation (../shared/design/PERFORMANCE.md); an anonymous visitor used none of it.
 *
 * Astro inlines a directive's code into the page, so this module stays small and imports nothing but the cookie
 * check and the hand-over of typed text.
 */
import type { ClientDirective } from 'astro';
import { hasLoggedInCookie, hasPunchOutCookie } from './logged-in-cookie.ts';
import { handOverTypedText } from './typed-text.ts';

/** Events that hydrate an island with the `interaction` trigger. */
const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/** The element a held-back click is replayed on: the nearest control, so the island's own handler runs. */
const CONTROL = 'button, a[href], input, select, textarea, summary, [role="button"], label';

const sessionDirective: ClientDirective = (load, options, el) => {
  const triggers = typeof options.value === 'string' ? options.value.split(/\s+/).filter(Boolean) : [];
  const cleanups: (() => void)[] = [];
  let started = false;
  let heldClick: HTMLElement | null = null;

  const hydrate = async () => {
    if (started) return;
    started = true;
    cleanups.forEach((undo) => undo());
    const run = await load();
    await run();
    await handOverTypedText(el);
    const replay = heldClick;
    heldClick = null;
    replay?.click();
  };

  // A logged-in visitor's islands hydrate at idle (unless `only`), a punch-out session's under `punchout` too; the
  // triggers below still hydrate one sooner (a click that comes before idle is held and replayed like an anonymous
  // visitor's).
  const atIdle =
    (hasLoggedInCookie() && !triggers.includes('only')) || (triggers.includes('punchout') && hasPunchOutCookie());
  if (atIdle) {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void hydrate(), { timeout: 2000 });
    else setTimeout(() => void hydrate(), 200);
  }

  for (const trigger of triggers) {
    if (trigger === 'interaction') {
      const start = () => void hydrate();
      const hold = (event: Event) => {
        const control = (event.target as Element | null)?.closest?.(CONTROL);
        if (!(control instanceof HTMLElement) || !el.contains(control)) return;
        event.preventDefault();
        event.stopPropagation();
        heldClick = control;
        void hydrate();
      };
      for (const name of INTERACTION_EVENTS) el.addEventListener(name, start, { once: true, passive: true });
      el.addEventListener('click', hold, true);
      cleanups.push(() => {
        for (const name of INTERACTION_EVENTS) el.removeEventListener(name, start);
        // The click guard stays until hydration has finished; the replay runs after it is gone.
      });
      const removeHold = () => el.removeEventListener('click', hold, true);
      el.addEventListener('astro:hydrate', removeHold, { once: true });
    } else if (trigger.startsWith('event:')) {
      const name = trigger.slice('event:'.length);
      const start = () => void hydrate();
      window.addEventListener(name, start, { once: true });
      cleanups.push(() => window.removeEventListener(name, start));
    } else if (trigger.startsWith('pending:')) {
      let pending = false;
      try {
        pending = sessionStorage.getItem(trigger.slice('pending:'.length)) !== null;
      } catch {
        // Storage blocked: nothing can be pending.
      }
      if (pending) void hydrate();
    }
  }
};

export default sessionDirective;
