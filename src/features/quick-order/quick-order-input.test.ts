import { expect, test } from 'vitest';
import { isTabularPaste, parseCsvLines, parsePastedLines } from './quick-order-input.ts';

test('reads tab-separated lines copied from a spreadsheet, a decimal comma staying in the quantity', () => {
  expect(parsePastedLines('P-1000\t5\r\n4006381333931\t1,5\r\n\r\n')).toEqual({
    lines: [
      { article: 'P-1000', quantity: '5', remark: '' },
      { article: '4006381333931', quantity: '1,5', remark: '' },
    ],
    headerSkipped: false,
  });
});

test('reads semicolon-separated pasted lines and keeps a line without quantity', () => {
  expect(parsePastedLines(' P-1000 ; 5 \nP-1001').lines).toEqual([
    { article: 'P-1000', quantity: '5', remark: '' },
    { article: 'P-1001', quantity: '', remark: '' },
  ]);
});

test('reads a semicolon CSV with a header row and a remark column', () => {
  expect(parseCsvLines('\uFEFFArtikelnummer;Menge;Bemerkung\nP-1000;10;Lager 2\nP-1001;2,5;\n')).toEqual({
    lines: [
      { article: 'P-1000', quantity: '10', remark: 'Lager 2' },
      { article: 'P-1001', quantity: '2,5', remark: '' },
    ],
    headerSkipped: true,
  });
});

test('reads a comma CSV without a header row, a quoted decimal comma staying one cell', () => {
  expect(parseCsvLines('P-1000,10\nP-1001,"2,5",for site B\n')).toEqual({
    lines: [
      { article: 'P-1000', quantity: '10', remark: '' },
      { article: 'P-1001', quantity: '2,5', remark: 'for site B' },
    ],
    headerSkipped: false,
  });
});

test('keeps a malformed quantity after the first line as a row to report', () => {
  expect(parseCsvLines('P-1000;10\nP-1001;ten').lines).toEqual([
    { article: 'P-1000', quantity: '10', remark: '' },
    { article: 'P-1001', quantity: 'ten', remark: '' },
  ]);
});

test('tells spreadsheet cells from a single article number', () => {
  expect(isTabularPaste('P-1000')).toBe(false);
  expect(isTabularPaste('P-1000\t2')).toBe(true);
  expect(isTabularPaste('P-1000\nP-1001')).toBe(true);
  expect(isTabularPaste('P-1000\n')).toBe(false);
});
