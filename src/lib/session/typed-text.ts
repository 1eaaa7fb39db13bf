/**
 * Text typed into an island's server-rendered fields before React hydrated them: React 19 keeps its state (the
 * server's value) while the field shows the typed text, so the island would act on the server's value (an empty
 * username, an empty promotion code). Used by the `client:session` directive after it hydrated an island, and by the
 * form kit's `Form` once mounted (islands hydrated with `client:load`, such as the login form).
 */

/** Text fields whose typing before hydration is handed to the island afterwards. */
const TEXT_FIELD = 'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), textarea';

/** Whether React has hydrated `node` (it keeps its fiber on the node under a `__reactFiber$…` key). */
const hydratedByReact = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'));

/**
 * Text typed into the server-rendered fields before the island hydrated stays in the field, but React's state keeps
 * the server's value, so the island would act on that (e.g. an empty promotion code). Once React has hydrated the
 * fields (at most 3 s), each field whose text differs from its server value reports the text as the buyer's input:
 * the value goes back to the server's through React's own setter, then the typed text is set with the native setter
 * and an `input` event, which React reads as a change. Resolves after that (at once when nothing was typed), so a
 * held click is replayed on the handed-over state.
 */
export function handOverTypedText(el: HTMLElement): Promise<void> {
  const fields = [...el.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELD)];
  const typed = fields.filter((field) => field.value !== field.defaultValue);
  if (typed.length === 0) return Promise.resolve();
  const deadline = performance.now() + 3000;
  return new Promise((resolve) => {
    const handOver = () => {
      if (!typed.every(hydratedByReact) && performance.now() < deadline) {
        setTimeout(handOver, 16);
        return;
      }
      for (const field of typed) {
        const text = field.value;
        field.value = field.defaultValue;
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, text);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      // React renders the handed-over state before a held click is replayed.
      setTimeout(resolve, 0);
    };
    handOver();
  });
}
