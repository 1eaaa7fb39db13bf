import { expect, test } from 'vitest';
import { DEFAULT_OCI_SETTINGS } from './punchout-line.ts';

test('an unconfigured company gets ISO-8859-1, target _top by default, units passed through, SAP fields echoed, 200 lines and no allowed origin', () => {
  expect(DEFAULT_OCI_SETTINGS).toEqual({
    hookOrigins: [],
    charset: 'ISO-8859-1',
    target: null,
    unitMap: {},
    classification: null,
    customerMaterialNumber: false,
    vendorNumber: null,
    oci5Hierarchy: false,
    echoSapFields: true,
    cancelUrl: null,
    maxLines: 200,
  });
});

test('the defaults cannot be changed by accident, neither the members nor the origin list or unit map', () => {
  expect(Object.isFrozen(DEFAULT_OCI_SETTINGS)).toBe(true);
  expect(Object.isFrozen(DEFAULT_OCI_SETTINGS.hookOrigins)).toBe(true);
  expect(Object.isFrozen(DEFAULT_OCI_SETTINGS.unitMap)).toBe(true);
  const copy = {
    ...DEFAULT_OCI_SETTINGS,
    hookOrigins: [...DEFAULT_OCI_SETTINGS.hookOrigins, 'https://srm.example.com'],
  };
  expect(copy.hookOrigins).toEqual(['https://srm.example.com']);
  expect(DEFAULT_OCI_SETTINGS.hookOrigins).toEqual([]);
});
