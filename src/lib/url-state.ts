/**
 * The list screens' state in the query string (filters, sort, page), so a reload, the back button or a shared link
 * shows the same list: one codec built from named parameters (`urlCodec`) and one hook that keeps a form's draft and
 * the URL in step (`useUrlState`). A codec reads every parameter on its own, so an unreadable value falls back to its
 * default without touching the others, and writes only what differs from the defaults, in the order the parameters
 * are declared (`orderNumber=10023&page=2`).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Pause after typing before a text filter reaches the URL (and a search its server call), in milliseconds. */
export const QUERY_DEBOUNCE_MS = 500;

/**
 * One query-string parameter: `read` turns its text (null when the query string lacks it) into the value, never
 * throwing (an unreadable text reads as the default); `write` gives the text to put into the URL, or null to leave the
 * parameter out. A `typed` parameter is a text the customer types: the URL follows it after QUERY_DEBOUNCE_MS.
 */
export interface UrlParam<T> {
  read(raw: string | null): T;
  write(value: T): string | null;
  readonly typed?: boolean;
}

/**
 * A text; '' when unset. Read trimmed (unless `trim` is false) and cut to `maxLength` characters; written trimmed,
 * left out when empty.
 */
export function textParam({ maxLength = Infinity, trim = true }: { maxLength?: number; trim?: boolean } = {}) {
  return {
    typed: true,
    read: (raw: string | null) => (trim ? (raw ?? '').trim() : (raw ?? '')).slice(0, maxLength),
    write: (value: string) => value.trim() || null,
  } satisfies UrlParam<string>;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as ISO 8601 `YYYY-MM-DD` (e.g. `2026-11-20`); '' when unset or not of that form. */
export function dayParam() {
  return {
    read: (raw: string | null) => (raw !== null && ISO_DAY.test(raw) ? raw : ''),
    write: (value: string) => value || null,
  } satisfies UrlParam<string>;
}

/** Whether a range of days is readable: `dateFrom` not after `dateTo` (ISO days compare as strings). */
export function isDayRangeValid(range: { dateFrom?: string; dateTo?: string }): boolean {
  return !range.dateFrom || !range.dateTo || range.dateFrom <= range.dateTo;
}

/**
 * One of `choices`; '' when unset or not one of them (compared after lower-casing with `caseless`). Written as is,
 * left out when ''.
 */
export function choiceParam<C extends string>(
  choices: readonly C[],
  { caseless = false }: { caseless?: boolean } = {},
) {
  return {
    read: (raw: string | null): C | '' => {
      const value = caseless ? (raw ?? '').toLowerCase() : (raw ?? '');
      return (choices as readonly string[]).includes(value) ? (value as C) : '';
    },
    write: (value: C | '') => value || null,
  } satisfies UrlParam<C | ''>;
}

/**
 * A number the customer types, finite and at least `min` (e.g. a budget in EUR); `fallback` when unset, empty or not
 * such a number. Written when it differs from `fallback`.
 */
export function numberParam({ fallback, min = 0 }: { fallback: number; min?: number }) {
  return {
    typed: true,
    read: (raw: string | null) => {
      if (raw === null || raw.trim() === '') return fallback;
      const n = Number(raw);
      return Number.isFinite(n) && n >= min ? n : fallback;
    },
    write: (value: number) => (value === fallback ? null : String(value)),
  } satisfies UrlParam<number>;
}

/** The 1-based page of a list: a whole number of at least 1, else 1; page 1 is left out of the URL. */
export function pageParam() {
  return {
    read: (raw: string | null) => {
      const page = Number(raw);
      return Number.isInteger(page) && page >= 1 ? page : 1;
    },
    write: (page: number) => (page > 1 ? String(page) : null),
  } satisfies UrlParam<number>;
}

/**
 * A set of ids as one comma-separated parameter (`tagIds=a1…,b2…`): each id trimmed and lower-cased, kept when it
 * matches `pattern`, duplicates dropped; left out when empty.
 */
export function idListParam(pattern: RegExp) {
  return {
    read: (raw: string | null) => [
      ...new Set(
        (raw ?? '')
          .split(',')
          .map((id) => id.trim().toLowerCase())
          .filter((id) => pattern.test(id)),
      ),
    ],
    write: (ids: string[]) => (ids.length > 0 ? ids.join(',') : null),
  } satisfies UrlParam<string[]>;
}

/** Any parameter, whatever its value (the bound of a codec's parameters). */
export interface AnyUrlParam {
  read(raw: string | null): unknown;
  write(value: never): string | null;
  readonly typed?: boolean;
}

/** The state a set of parameters describes: each parameter's value under its name. */
export type UrlStateOf<P extends Record<string, AnyUrlParam>> = {
  -readonly [K in keyof P]: ReturnType<P[K]['read']>;
};

/** Reads and writes one list's state; `defaults` is the state of an empty query string. */
export interface UrlCodec<S> {
  readonly defaults: S;
  /** The names of the parameters the customer types (see UrlParam's `typed`). */
  readonly typed: readonly (keyof S & string)[];
  parse: (search: string | URLSearchParams) => S;
  serialize: (state: S) => string;
}

/**
 * The codec of a list's parameters (`params`, in the order they are written), e.g.
 * `urlCodec({ term: textParam(), page: pageParam() })` reads `?term=drill&page=2` as `{ term: 'drill', page: 2 }`.
 */
export function urlCodec<P extends Record<string, AnyUrlParam>>(params: P): UrlCodec<UrlStateOf<P>> {
  type S = UrlStateOf<P>;
  const entries = Object.entries(params) as [keyof S & string, UrlParam<S[keyof S]>][];
  const parse = (search: string | URLSearchParams): S => {
    const query = typeof search === 'string' ? new URLSearchParams(search) : search;
    return Object.fromEntries(entries.map(([name, param]) => [name, param.read(query.get(name))])) as S;
  };
  return {
    defaults: parse(''),
    typed: entries.filter(([, param]) => param.typed).map(([name]) => name),
    parse,
    serialize: (state) => {
      const query = new URLSearchParams();
      for (const [name, param] of entries) {
        const text = param.write(state[name]);
        if (text !== null) query.set(name, text);
      }
      return query.toString();
    },
  };
}

/**
 * A list screen's state in the URL and its filter form's draft, kept in step: `query` is the state of the URL (what
 * the list shows and loads, `serialized` its query string, stable while the state is), `draft` what the form holds.
 * `update(patch)` changes filters and goes back to page 1, `setPage(page)` turns the page. The draft reaches the URL
 * (replacing the history entry) after QUERY_DEBOUNCE_MS when a typed parameter changed, else at once, and never
 * while `valid(draft)` is false (a from-date after the to-date stays in the form); a URL changed from outside (back
 * and forward, the sidebar link) becomes the draft.
 */
export function useUrlState<S extends { page: number }>(
  codec: UrlCodec<S>,
  { valid = () => true }: { valid?: (draft: S) => boolean } = {},
) {
  const [params, setParams] = useSearchParams();
  const serialized = codec.serialize(codec.parse(params));
  const query = useMemo(() => codec.parse(serialized), [codec, serialized]);
  const [draft, setDraft] = useState<S>(query);
  const pushed = useRef(serialized);

  // Draft → URL: typed parameters after a pause, the rest at once; an invalid draft stays in the form.
  useEffect(() => {
    const next = codec.serialize(draft);
    if (next === pushed.current || !valid(draft)) return;
    const typing = codec.typed.some((name) => draft[name] !== query[name]);
    const timer = setTimeout(
      () => {
        pushed.current = next;
        setParams(new URLSearchParams(next), { replace: true });
      },
      typing ? QUERY_DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
    // Only draft changes schedule a URL update.
  }, [draft]);

  // URL → draft when the URL changes from outside.
  useEffect(() => {
    if (serialized === pushed.current) return;
    pushed.current = serialized;
    setDraft(codec.parse(serialized));
  }, [codec, serialized]);

  return {
    query,
    serialized,
    draft,
    update: (patch: Partial<S>) => setDraft((d) => ({ ...d, page: 1, ...patch })),
    setPage: (page: number) => setDraft((d) => ({ ...d, page })),
  };
}
