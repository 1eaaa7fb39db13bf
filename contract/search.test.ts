import { describe, expect, test } from 'vitest';
import {
  boundSearchTerm,
  SEARCH_TERM_MAX_LENGTH,
  SEARCH_TERM_MAX_WORDS,
  searchTermExcess,
  withoutRepeatedWords,
} from './search.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('search term bounds', () => {
  test('repeated words are dropped, case ignored, whitespace collapsed', () => {
    expect(withoutRepeatedWords('  ab AB ab\tcd  ab ')).toBe('ab cd');
  });

  test('a term breaks the length bound before the word bound', () => {
    expect(searchTermExcess('x'.repeat(SEARCH_TERM_MAX_LENGTH))).toBeNull();
    expect(searchTermExcess('x'.repeat(SEARCH_TERM_MAX_LENGTH + 1))).toEqual({
      kind: 'length',
      limit: SEARCH_TERM_MAX_LENGTH,
    });
    expect(searchTermExcess(words(SEARCH_TERM_MAX_WORDS))).toBeNull();
    expect(searchTermExcess(words(SEARCH_TERM_MAX_WORDS + 1))).toEqual({ kind: 'words', limit: SEARCH_TERM_MAX_WORDS });
    // Words are letter and digit runs: a hyphenated part counts each of them.
    expect(searchTermExcess(Array.from({ length: 17 }, (_, i) => `a${i}-b${i}`).join(' '))?.kind).toBe('words');
  });

  test('a term within the bounds is sent as typed, less its repetitions', () => {
    expect(boundSearchTerm(' Knipex  Zange knipex ')).toEqual({ term: 'Knipex Zange', shortened: false });
  });

  test('a longer term keeps its first whole words within both bounds', () => {
    const long = boundSearchTerm(words(100));
    expect(long).toEqual({ term: words(SEARCH_TERM_MAX_WORDS), shortened: true });
    const wide = boundSearchTerm(`${'a'.repeat(200)} ${'b'.repeat(200)}`);
    expect(wide).toEqual({ term: 'a'.repeat(200), shortened: true });
    const oneHugePart = boundSearchTerm(Array.from({ length: 100 }, (_, i) => `p${i}`).join('-'));
    expect(searchTermExcess(oneHugePart.term)).toBeNull();
    expect(oneHugePart.shortened).toBe(true);
    expect(searchTermExcess(boundSearchTerm('ab '.repeat(30_000)).term)).toBeNull();
  });
});

test('control characters separate words, so a NUL never reaches the Store API', () => {
  expect(boundSearchTerm('Zange\u0000180\tmm')).toEqual({ term: 'Zange 180 mm', shortened: false });
});
