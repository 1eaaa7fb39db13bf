import { describe, expect, test } from 'vitest';
import {
  deliveryDisplay,
  descriptionHtml,
  downloadsByTab,
  groupedProperties,
  isInStock,
  variantChoices,
} from './product-view.ts';
import { entity, type Fixture } from '../../lib/store-api/testing/fixture.ts';
import type { Product, PropertyGroup } from '../../lib/store-api/types.ts';

const product = (over: Fixture<Product> & Record<string, unknown> = {}): Product =>
  entity<Product>({ id: 'p', productNumber: 'WB-1', ...over });

describe('stock and delivery', () => {
  test('availability comes from hasStock, without figures', () => {
    expect(isInStock({ ...product(), hasStock: false, available: true } as Product)).toBe(false);
    expect(isInStock(product({ availableStock: 12 }))).toBe(true);
    expect(isInStock(product({ available: false }))).toBe(false);
  });

  test('in stock: delivery time as given', () => {
    expect(deliveryDisplay(product({ deliveryTime: { min: 1, max: 3, unit: 'day' }, restockTime: 10 }), true)).toEqual({
      min: 1,
      max: 3,
      unit: 'day',
    });
  });

  test('out of stock: restock days are added to the delivery time in days', () => {
    expect(deliveryDisplay(product({ deliveryTime: { min: 1, max: 2, unit: 'week' }, restockTime: 5 }), false)).toEqual(
      { min: 12, max: 19, unit: 'day' },
    );
  });

  test('no delivery time, nothing to show', () => {
    expect(deliveryDisplay(product(), true)).toBeNull();
  });
});

describe('downloadsByTab', () => {
  test('data sheets go to downloads, manuals to instructions, others to documents', () => {
    const tabs = downloadsByTab(
      product({
        extensions: {
          downloads: [
            {
              id: '1',
              purpose: 'data_sheet',
              title: 'Datenblatt',
              media: { id: 'm1', url: 'https://cdn.test/a.pdf', fileExtension: 'pdf' },
            },
            { id: '2', purpose: 'safety_data_sheet', media: { id: 'm2', url: null, fileName: 'sdb.pdf' } },
            { id: '3', purpose: 'instructions', title: 'Manual', media: { id: 'm3', url: 'https://cdn.test/m.pdf' } },
            { id: '4', purpose: 'others', title: 'Zertifikat', media: { id: 'm4', url: 'https://cdn.test/z.pdf' } },
          ],
        } as Product['extensions'],
      }),
    );
    expect(tabs.get('downloads')?.map((d) => [d.title, d.url])).toEqual([
      ['Datenblatt', 'https://cdn.test/a.pdf'],
      ['sdb.pdf', null],
    ]);
    expect(tabs.get('instructions')?.map((d) => d.title)).toEqual(['Manual']);
    expect(tabs.get('documents')?.map((d) => d.title)).toEqual(['Zertifikat']);
  });
});

describe('groupedProperties', () => {
  test('groups options by property group in group order', () => {
    const rows = groupedProperties(
      product({
        properties: [
          {
            id: 'o1',
            groupId: 'g2',
            translated: { name: 'Steel' },
            group: { id: 'g2', position: 2, translated: { name: 'Material' } },
          },
          {
            id: 'o2',
            groupId: 'g1',
            translated: { name: '200 mm' },
            group: { id: 'g1', position: 1, translated: { name: 'Length' } },
          },
          {
            id: 'o3',
            groupId: 'g2',
            translated: { name: 'Chrome' },
            group: { id: 'g2', position: 2, translated: { name: 'Material' } },
          },
        ],
      }),
    );
    expect(rows).toEqual([
      { group: 'Length', values: ['200 mm'] },
      { group: 'Material', values: ['Steel', 'Chrome'] },
    ]);
  });
});

describe('variantChoices', () => {
  const configurator = entity<PropertyGroup[]>([
    {
      id: 'size',
      translated: { name: 'Size' },
      options: [
        { id: 's', translated: { name: 'S' } },
        { id: 'm', translated: { name: 'M' } },
      ],
    },
    {
      id: 'colour',
      translated: { name: 'Colour' },
      options: [
        { id: 'red', translated: { name: 'Red' } },
        { id: 'blue', translated: { name: 'Blue' } },
      ],
    },
  ]);
  const siblings = [
    { id: 'v-s-red', optionIds: ['s', 'red'] },
    { id: 'v-m-red', optionIds: ['m', 'red'] },
    { id: 'v-s-blue', optionIds: ['s', 'blue'] },
  ];

  test('each option links to the sibling that keeps the other choices', () => {
    const choices = variantChoices({ id: 'v-s-red', optionIds: ['s', 'red'] }, configurator, siblings);
    expect(choices[0]!.options).toEqual([
      { id: 's', name: 'S', selected: true, variantId: 'v-s-red' },
      { id: 'm', name: 'M', selected: false, variantId: 'v-m-red' },
    ]);
    expect(choices[1]!.options.map((o) => o.variantId)).toEqual(['v-s-red', 'v-s-blue']);
  });

  test('without an exact sibling any variant with that option is linked', () => {
    const choices = variantChoices({ id: 'v-m-red', optionIds: ['m', 'red'] }, configurator, siblings);
    expect(choices[1]!.options.find((o) => o.id === 'blue')?.variantId).toBe('v-s-blue');
  });
});

describe('descriptionHtml', () => {
  test('turns lines of short features into a bullet list', () => {
    expect(
      descriptionHtml('<p>Holme aus GFK<br>Beschläge aus Stahl verzinkt<br/>Rutschsichere Sprossen 28 x 29 mm</p>'),
    ).toBe(
      '<ul><li>Holme aus GFK</li><li>Beschläge aus Stahl verzinkt</li><li>Rutschsichere Sprossen 28 x 29 mm</li></ul>',
    );
  });

  test('keeps an introducing line above the list and drops typed bullet markers', () => {
    expect(descriptionHtml('Eigenschaften:\n- leicht\n- stabil\n• rutschfest')).toBe(
      '<p>Eigenschaften:</p><ul><li>leicht</li><li>stabil</li><li>rutschfest</li></ul>',
    );
  });

  test('reads a run of spaces as a line break', () => {
    expect(descriptionHtml('<p>Oberfläche mit Pulverbeschichtung  Rutschhemmender Plattformbelag</p>')).toBe(
      '<p>Oberfläche mit Pulverbeschichtung<br>Rutschhemmender Plattformbelag</p>',
    );
  });

  test('keeps long lines as a paragraph with line breaks', () => {
    const long =
      'Steigleitern sind immer dann Ihre Lösung, wenn Gebäude, Anlagen oder Maschinen einen dauerhaften Zugang erfordern.';
    expect(descriptionHtml(`<p>${long}<br>Kurz<br>Noch kürzer</p>`)).toBe(`<p>${long}<br>Kurz<br>Noch kürzer</p>`);
  });

  test.each([
    ['<p>Made in Germany</p><p>15 Jahre Garantie</p>'],
    ['<ul><li>a</li><li>b</li></ul>'],
    ['<p>Ein Satz ohne Umbruch.</p>'],
    [''],
  ])('leaves %s as it is', (html) => {
    expect(descriptionHtml(html)).toBe(html);
  });
});
