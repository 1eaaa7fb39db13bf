/**
 * The one read hook of the account screens: a server read tied to what it reads (`key`, e.g. a list's query string
 * or a record's id), loaded when the screen mounts and again whenever the key changes or `reload()` is called after a
 * change. An answer that arrives after the key changed or the screen left is dropped (cancel on navigation), so a
 * slow first page never overwrites the second.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

/** What a screen reads: the answer (`data`), the failure of the last load (`error`) and whether one runs. */
export interface Resource<T> {
  /** The last answer; null while loading (unless `keep`), when `key` is null and after a failure without fallback. */
  data: T | null;
  /** The failure of the last load, undefined after a success. */
  error: unknown;
  loading: boolean;
  /** Loads again with the same key (after a change the server made). */
  reload: () => void;
  /** Replaces the data held with the state the server answered to a change, without a load. */
  set: (data: T) => void;
}

/**
 * Loads `load()` for `key` (null: nothing to load yet, `data` stays null). Options: `keep` shows the previous answer
 * while the next loads (a list that stays in place while it reloads) instead of null; `onError(error)` handles a
 * failure (a notification) and returns what to show instead (an empty page, or null); `onLoad(data)` runs after each
 * answer that is kept (clearing a selection).
 */
export function useResource<T>(
  key: string | null,
  load: () => Promise<T>,
  options: { keep?: boolean; onError?: (error: unknown) => T | null; onLoad?: (data: T) => void } = {},
): Resource<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({
    data: null,
    error: undefined,
    loading: key !== null,
  });
  const [generation, setGeneration] = useState(0);
  const latest = useRef({ load, options });
  latest.current = { load, options };

  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((s) => ({ data: latest.current.options.keep ? s.data : null, error: undefined, loading: true }));
    latest.current.load().then(
      (data) => {
        if (!live) return;
        setState({ data, error: undefined, loading: false });
        latest.current.options.onLoad?.(data);
      },
      (error: unknown) => {
        if (!live) return;
        const shown = latest.current.options.onError ? latest.current.options.onError(error) : null;
        setState({ data: shown, error, loading: false });
      },
    );
    return () => {
      live = false;
    };
  }, [key, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const set = useCallback((data: T) => setState((s) => ({ ...s, data })), []);
  return { ...state, reload, set };
}
