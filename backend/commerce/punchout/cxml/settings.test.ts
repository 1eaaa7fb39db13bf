import { describe, expect, test } from 'vitest';
import { DEFAULT_CXML_SETTINGS, operationAllowedFor } from './settings.ts';

describe('cXML settings', () => {
  test('defaults: cXML 1.2.071, base64 form field, UNSPSC, edit and inspect allowed, OrderRequest off', () => {
    expect(DEFAULT_CXML_SETTINGS).toMatchObject({
      dtdVersion: '1.2.071',
      formField: 'cxml-base64',
      classification: 'UNSPSC',
      allowEdit: true,
      allowInspect: true,
      allowOrderRequest: false,
    });
  });

  test('operationAllowed is the highest operation allowed; edit implies inspect', () => {
    expect(operationAllowedFor({ allowEdit: true, allowInspect: false })).toBe('edit');
    expect(operationAllowedFor({ allowEdit: false, allowInspect: true })).toBe('inspect');
    expect(operationAllowedFor({ allowEdit: false, allowInspect: false })).toBe('create');
  });
});
