/**
 * Reads a nanostore in an island that the server rendered without it.
 *
 * Catalogue HTML is the same for every visitor (ADR 005), so the server renders islands in their anonymous, empty
 * state. A store can be filled before an island hydrates (another island, e.g. the account area, refreshed the session
 * first); reading it during hydration would then render different HTML than the server sent, which React reports as a
 * hydration mismatch (error #418) and answers by re-rendering the whole root on the client. React's
 * `useSyncExternalStore` takes a separate server snapshot for exactly this: hydration renders with `serverValue`, and
 * React re-renders with the store's value right after. Outside hydration (client-only roots, tests) the store's value
 * is read at once.
 *
 * @param store any nanostores store (atom, map or computed)
 * @param serverValue what the server rendered; keep it referentially stable (a constant), as React compares snapshots
 *   with `Object.is`
 */
import { useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

export function useHydratedStore<T>(store: ReadableAtom<T>, serverValue: T): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => serverValue,
  );
}
