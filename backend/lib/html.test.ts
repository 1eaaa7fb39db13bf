import { describe, expect, test } from 'vitest';
import { bulletListHtml, sanitizeCatalogHtml } from './html.ts';

describe('sanitizeCatalogHtml', () => {
  test('keeps structure, drops classes, scripts and event handlers', () => {
    expect(sanitizeCatalogHtml('<ul><li class="liste" onclick="x()">A</li></ul><script>alert(1)</script>')).toBe(
      '<ul><li>A</li></ul>',
    );
  });

  test('decodes markup that was escaped once more', () => {
    expect(sanitizeCatalogHtml('&lt;p&gt;Text&lt;br /&gt;mehr&lt;/p&gt;')).toBe('<p>Text<br />mehr</p>');
  });

  test('turns plain text into escaped paragraphs and decodes entities', () => {
    expect(sanitizeCatalogHtml('2.5 mm&sup2; < 3\n\nZweiter Absatz')).toBe(
      '<p>2.5 mm² &lt; 3</p><p>Zweiter Absatz</p>',
    );
  });

  test('answers undefined for empty input', () => {
    expect(sanitizeCatalogHtml('  ')).toBeUndefined();
  });
});

test('bulletListHtml escapes items and adds the heading', () => {
  expect(bulletListHtml(['a < b', ''], 'Vorteile')).toBe('<p><strong>Vorteile</strong></p><ul><li>a &lt; b</li></ul>');
  expect(bulletListHtml([])).toBe('');
});
