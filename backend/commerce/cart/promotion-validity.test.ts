import { describe, expect, test } from 'vitest';
import { isPromotionValid } from './promotion-validity.ts';

const now = new Date('2026-06-15T10:00:00Z');
const d = (iso: string) => new Date(iso);

describe('isPromotionValid', () => {
  test.each([
    { name: 'active without dates', active: true, validFrom: null, validUntil: null, expected: true },
    { name: 'inactive', active: false, validFrom: null, validUntil: null, expected: false },
    { name: 'starting exactly now', active: true, validFrom: now, validUntil: null, expected: true },
    { name: 'not yet started', active: true, validFrom: d('2026-06-15T10:00:01Z'), validUntil: null, expected: false },
    { name: 'ending exactly now', active: true, validFrom: null, validUntil: now, expected: true },
    { name: 'ended', active: true, validFrom: null, validUntil: d('2026-06-15T09:59:59Z'), expected: false },
  ])('$name → $expected', ({ active, validFrom, validUntil, expected }) => {
    expect(isPromotionValid({ active, validFrom, validUntil }, now)).toBe(expected);
  });
});
