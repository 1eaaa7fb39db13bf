import { useEffect, useState } from 'react';

/** Typing speed of the rotating placeholder, in milliseconds per character. */
export const PLACEHOLDER_CHAR_MS = 150;
/** Pause after a fully typed phrase before the next one starts, in milliseconds. */
export const PLACEHOLDER_PAUSE_MS = 1000;

/**
 * Rotating placeholder of the search bar, typed one character at a time from phrases taken from a
 * text. `text` holds the phrases separated by '|'. Returns the placeholder to show: first the whole first phrase
 * (as rendered on the server), then, after a 1000 ms pause, each next phrase typed one character per 150 ms,
 * cycling. Holds the current phrase still while `paused` (e.g. the field is focused), when there is only one phrase,
 * and when the visitor prefers reduced motion.
 */
export function useTypedPlaceholder(text: string, paused: boolean): string {
  const phrases = text
    .split('|')
    .map((phrase) => phrase.trim())
    .filter(Boolean);
  const [state, setState] = useState({ index: 0, chars: phrases[0]?.length ?? 0 });
  const phrase = phrases[state.index % Math.max(phrases.length, 1)] ?? '';
  const animate = !paused && phrases.length > 1 && !globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

  useEffect(() => {
    if (!animate) return;
    const typedOut = state.chars >= phrase.length;
    const timer = setTimeout(
      () =>
        setState((current) =>
          typedOut
            ? { index: (current.index + 1) % phrases.length, chars: 1 }
            : { ...current, chars: current.chars + 1 },
        ),
      typedOut ? PLACEHOLDER_PAUSE_MS : PLACEHOLDER_CHAR_MS,
    );
    return () => clearTimeout(timer);
  }, [animate, state, phrase.length, phrases.length]);

  // While paused, show the whole phrase rather than a half-typed one.
  return animate ? phrase.slice(0, state.chars) : phrase;
}
