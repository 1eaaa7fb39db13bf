import { describe, expect, test } from 'vitest';
import { taxClassOf, vatRateFor } from './vat-rates.ts';

describe('vatRateFor', () => {
  test('maps the Belgian rate of a product to the delivery country’s rate of its class', () => {
    expect(taxClassOf('21.00')).toBe('standard');
    expect(taxClassOf('6')).toBe('reduced');
    expect(taxClassOf('12.00')).toBe('reduced');
    expect(taxClassOf('0')).toBe('zero');
    expect(['BE', 'NL', 'DE', 'FR', 'LU', 'AT'].map((c) => vatRateFor('21.00', c))).toEqual([
      '21.00',
      '21.00',
      '19.00',
      '20.00',
      '17.00',
      '20.00',
    ]);
    expect(['BE', 'NL', 'DE', 'FR', 'LU', 'AT'].map((c) => vatRateFor('6.00', c))).toEqual([
      '6.00',
      '9.00',
      '7.00',
      '5.50',
      '8.00',
      '10.00',
    ]);
  });

  test('keeps the product’s own rate at home and for countries without known rates; zero stays zero', () => {
    expect(vatRateFor('12', 'BE')).toBe('12.00');
    expect(vatRateFor('21', 'CH')).toBe('21.00');
    expect(vatRateFor('0', 'DE')).toBe('0.00');
    expect(vatRateFor('21', 'de')).toBe('19.00');
  });

  test('a supplier catalogue’s own rate is charged at the delivery country’s rate of its class', () => {
    // A German catalogue's 19 % and 7 %: standard and reduced.
    expect(taxClassOf('19.00')).toBe('standard');
    expect(taxClassOf('7')).toBe('reduced');
    expect(['BE', 'DE', 'AT'].map((c) => vatRateFor('19.00', c))).toEqual(['21.00', '19.00', '20.00']);
    expect(['BE', 'DE', 'AT'].map((c) => vatRateFor('7.00', c))).toEqual(['6.00', '7.00', '10.00']);
    expect(vatRateFor('19', 'CH')).toBe('21.00');
  });
});
