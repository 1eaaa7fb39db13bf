import { describe, expect, test } from 'vitest';
import {
  OPEN_GROUPS,
  VISIBLE_GROUPS,
  VISIBLE_OPTIONS,
  activeFilters,
  EXPAND_MORE,
  arrangeFacets,
  facetHiddenReason,
  facetScopeTotal,
  leadingNumber,
  listingFacets,
  sortFacetOptions,
  trimFacetOptions,
  type Facet,
  type FacetOption,
} from './listing-facets.ts';
import { parseListingState } from './listing-params.ts';

const id = (n: number) => n.toString(16).padStart(32, '0');
const option = (n: number, name: string, count: number | null): FacetOption => ({ id: id(n), name, count });
const group = (n: number, name: string, options: FacetOption[], position = 1): Facet => ({
  param: 'properties',
  id: `g${n}`,
  name,
  sortingType: 'alphanumeric',
  position,
  options,
});
const names = (options: FacetOption[]) => options.map((o) => o.name);

describe('listingFacets', () => {
  test('reads manufacturers and property groups with counts, order and sorting type', () => {
    const facets = listingFacets({
      aggregations: {
        manufacturer: { entities: [{ id: id(1), name: 'Günzburger', translated: { name: 'Günzburger' }, count: 7 }] },
        properties: {
          entities: [
            {
              id: 'g',
              name: 'Länge',
              position: 2,
              sortingType: 'numeric',
              options: [{ id: id(2), name: '180 mm', count: 3 }],
            },
            { id: 'empty', name: 'Leer', options: [] },
          ],
        },
      },
    });
    expect(facets).toEqual([
      {
        param: 'manufacturer',
        id: 'manufacturer',
        name: '',
        sortingType: null,
        position: 0,
        options: [{ id: id(1), name: 'Günzburger', count: 7 }],
      },
      {
        param: 'properties',
        id: 'g',
        name: 'Länge',
        sortingType: 'numeric',
        position: 2,
        options: [{ id: id(2), name: '180 mm', count: 3 }],
      },
    ]);
  });
});

describe('leadingNumber', () => {
  test.each([
    ['3,60', 3.6],
    ['150 kg / m²', 150],
    ['0,75 x 1,80', 0.75],
    ['Ø 30', 30],
    ['2.5', 2.5],
    ['Alu blank', null],
  ])('%s → %s', (name, value) => {
    expect(leadingNumber(name)).toBe(value);
  });
});

describe('sortFacetOptions', () => {
  test('orders numeric values by value, not as text', () => {
    const sorted = sortFacetOptions([option(1, '10,00', 9), option(2, '2,5', 1), option(3, '1,20', 4)]);
    expect(names(sorted)).toEqual(['1,20', '2,5', '10,00']);
  });

  test('orders text values by count, most products first, then by name', () => {
    const sorted = sortFacetOptions([
      option(1, 'Stahl verzinkt', 2),
      option(2, 'Alu blank', 105),
      option(3, 'Alu eloxiert', 2),
    ]);
    expect(names(sorted)).toEqual(['Alu blank', 'Alu eloxiert', 'Stahl verzinkt']);
  });

  test('puts stray texts after the numbers of a mostly numeric group', () => {
    const options = [option(1, 'variabel', 50), ...[5, 4, 3, 2, 1].map((n) => option(n + 1, String(n), 1))];
    expect(names(sortFacetOptions(options))).toEqual(['1', '2', '3', '4', '5', 'variabel']);
  });

  test("keeps the backend's order for groups sorted by position", () => {
    const options = [option(1, 'klein', 1), option(2, 'mittel', 9), option(3, 'groß', 4)];
    expect(names(sortFacetOptions(options, 'position'))).toEqual(['klein', 'mittel', 'groß']);
  });
});

describe('facetHiddenReason', () => {
  const none = new Set<string>();

  test('leaves out a group whose only option every product has', () => {
    const manufacturer: Facet = { ...group(1, '', [option(1, 'Günzburger', 2424)]), param: 'manufacturer' };
    expect(facetHiddenReason(manufacturer, none, 2424)).toBe('covers-all');
    expect(facetHiddenReason(group(2, 'Material', [option(2, 'Alu', 40)]), none, 2424)).toBeNull();
  });

  test('leaves out a long list where every option matches one product', () => {
    const weights = group(
      1,
      'Gewicht',
      Array.from({ length: VISIBLE_OPTIONS + 1 }, (_, i) => option(i + 1, `${i},5`, 1)),
    );
    expect(facetHiddenReason(weights, none, 2424)).toBe('one-per-product');
    const short = group(2, 'Anbau', [option(20, 'links', 1), option(21, 'rechts', 1)]);
    expect(facetHiddenReason(short, none, 2424)).toBeNull();
  });

  test('always shows a group with a chosen option, so the buyer can undo it', () => {
    const facet = group(1, 'Material', [option(1, 'Alu', 10)]);
    expect(facetHiddenReason(facet, new Set([id(1)]), 10)).toBeNull();
  });

  test('keeps groups without counts', () => {
    expect(facetHiddenReason(group(1, 'Material', [option(1, 'Alu', null)]), none, 10)).toBeNull();
  });
});

describe('arrangeFacets', () => {
  const manyGroups = Array.from({ length: VISIBLE_GROUPS + 5 }, (_, i) =>
    group(i, `Gruppe ${i}`, [option(100 + i, 'a', i + 1), option(200 + i, 'b', 1)]),
  );

  test('puts the manufacturer first, then the groups covering most products, and opens the first few', () => {
    const layout = arrangeFacets(
      [...manyGroups, { ...group(99, '', [option(1, 'A', 3), option(2, 'B', 4)]), param: 'manufacturer' }],
      new Set(),
      1000,
    );
    expect(layout.sections[0]?.param).toBe('manufacturer');
    expect(layout.sections.slice(1, 3).map((s) => s.name)).toEqual([
      `Gruppe ${VISIBLE_GROUPS + 4}`,
      `Gruppe ${VISIBLE_GROUPS + 3}`,
    ]);
    expect(layout.sections.filter((s) => s.open)).toHaveLength(OPEN_GROUPS);
    expect(layout.sections).toHaveLength(VISIBLE_GROUPS);
    expect(layout.moreTotal).toBe(manyGroups.length + 1 - VISIBLE_GROUPS);
    expect(layout.more).toEqual([]);
    expect(layout.moreOpen).toBe(false);
  });

  test('respects the group position before coverage', () => {
    const layout = arrangeFacets(
      [group(1, 'Breit', [option(1, 'x', 500)], 2), group(2, 'Schmal', [option(2, 'y', 3)], 1)],
      new Set(),
      1000,
    );
    expect(layout.sections.map((s) => s.name)).toEqual(['Schmal', 'Breit']);
  });

  test('lists the first options of an open group in the page, a chosen option further down among them', () => {
    const options = Array.from({ length: 20 }, (_, i) => option(i + 1, String(i + 1), 2));
    const layout = arrangeFacets([...manyGroups, group(50, 'Länge', options)], new Set([id(20)]), 1000);
    const section = [...layout.sections, ...layout.more].find((s) => s.name === 'Länge');
    expect(section?.visible).toHaveLength(VISIBLE_OPTIONS);
    expect(section?.visible.map((o) => o.id)).toContain(id(20));
    expect(section?.hidden).toBe(20 - VISIBLE_OPTIONS);
    expect(section?.open).toBe(true);
    expect(section?.selected).toBe(1);
  });

  test('leaves the options of a closed group out of the page and lists every option of the expanded one', () => {
    const options = Array.from({ length: 20 }, (_, i) => option(i + 1, String(i + 1), 2));
    const facets = [...manyGroups.slice(0, OPEN_GROUPS), group(50, 'Länge', options, 9)];
    const closed = arrangeFacets(facets, new Set(), 1000).sections.find((s) => s.name === 'Länge');
    expect(closed?.open).toBe(false);
    expect(closed?.visible).toEqual([]);
    expect(closed?.hidden).toBe(20);
    const expanded = arrangeFacets(facets, new Set(), 1000, 'g50').sections.find((s) => s.name === 'Länge');
    expect(expanded?.open).toBe(true);
    expect(expanded?.visible).toHaveLength(20);
    expect(expanded?.hidden).toBe(0);
  });

  test('keeps the "more filters" groups out of the page unless chosen, expanded or all asked for', () => {
    const chosen = manyGroups.at(0)!;
    const layout = arrangeFacets(manyGroups, new Set([chosen.options[1]!.id]), 1000);
    expect(layout.more.map((s) => s.name)).toEqual([chosen.name]);
    expect(layout.moreTotal).toBe(manyGroups.length - VISIBLE_GROUPS);
    expect(layout.moreComplete).toBe(false);
    expect(layout.moreOpen).toBe(true);
    expect(arrangeFacets(manyGroups, new Set(), 1000).more).toEqual([]);
    expect(arrangeFacets(manyGroups, new Set(), 1000).moreOpen).toBe(false);
    const all = arrangeFacets(manyGroups, new Set(), 1000, EXPAND_MORE);
    expect(all.more).toHaveLength(manyGroups.length - VISIBLE_GROUPS);
    expect(all.moreOpen).toBe(true);
  });
});

describe('trimFacetOptions', () => {
  const options = Array.from({ length: 30 }, (_, i) => option(i + 1, `o${i + 1}`, 30 - i));

  test('keeps the first options up to the limit', () => {
    expect(names(trimFacetOptions(options, new Set(), 8))).toEqual(['o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7', 'o8']);
  });

  test('always keeps chosen options, in the list order, and fills up with the first others', () => {
    expect(names(trimFacetOptions(options, new Set([id(25), id(12)]), 4))).toEqual(['o1', 'o2', 'o12', 'o25']);
  });

  test('keeps every chosen option even when they are more than the limit', () => {
    const chosen = new Set([id(3), id(10), id(20), id(30)]);
    expect(names(trimFacetOptions(options, chosen, 2))).toEqual(['o3', 'o10', 'o20', 'o30']);
  });

  test('returns a short list whole', () => {
    expect(trimFacetOptions(options.slice(0, 3), new Set(), 8)).toHaveLength(3);
  });
});

describe('facetScopeTotal', () => {
  const facets = [
    { ...group(0, '', [option(1, 'A', 30), option(2, 'B', 12)]), param: 'manufacturer' as const },
    group(1, 'Material', [option(3, 'Alu', 40)]),
  ];

  test('is the listing total without filters', () => {
    expect(facetScopeTotal({ total: 42, aggregations: {} }, facets, false)).toBe(42);
  });

  test('is estimated from the facets when filters narrow the total', () => {
    expect(facetScopeTotal({ total: 5, aggregations: {} }, facets, true)).toBe(42);
  });
});

describe('activeFilters', () => {
  const facets: Facet[] = [
    { ...group(0, '', [option(1, 'Günzburger', 3)]), param: 'manufacturer' },
    group(1, 'Leiterbreite', [option(2, '350', 5), option(3, '420', 2)]),
  ];
  const labels = { manufacturer: 'Hersteller', available: 'Nur lieferbare Artikel' };

  test('names each chosen filter with its group and the state that drops only that filter', () => {
    const state = parseListingState(
      new URLSearchParams(`manufacturer=${id(1)}&properties=${id(2)}|${id(3)}|${id(9)}&in-stock=1&order=name-desc`),
    );
    expect(activeFilters(facets, state, labels)).toEqual([
      { group: null, name: 'Nur lieferbare Artikel', without: { available: false } },
      { group: 'Hersteller', name: 'Günzburger', without: { manufacturer: [] } },
      { group: 'Leiterbreite', name: '350', without: { properties: [id(3), id(9)] } },
      { group: 'Leiterbreite', name: '420', without: { properties: [id(2), id(9)] } },
    ]);
  });

  test('is empty without filters', () => {
    expect(activeFilters(facets, parseListingState(new URLSearchParams()), labels)).toEqual([]);
  });
});
