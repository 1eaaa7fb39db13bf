import { describe, expect, test } from 'vitest';
import {
  DEFAULT_CUSTOMER_LIST_QUERY,
  parseCustomerListQuery,
  serializeCustomerListQuery,
  toCustomerListCriteria,
} from './customer-list-query.ts';

describe('users list query string', () => {
  test('an empty query string gives the defaults: page 1, budget ranges 0–10000', () => {
    expect(parseCustomerListQuery('')).toEqual(DEFAULT_CUSTOMER_LIST_QUERY);
    expect(serializeCustomerListQuery(DEFAULT_CUSTOMER_LIST_QUERY)).toBe('');
  });

  test('reads every parameter under its own name and writes it back the same', () => {
    const search =
      'search=M%C3%BCller&firstName=Anna&lastName=Peeters&username=apeet&leadBuyer=no&budgetMin=100&budgetMax=5000' +
      '&budgetRemainingMin=50&budgetRemainingMax=2500&page=3&order=desc&field=lastName&type=natural';
    const q = parseCustomerListQuery(search);
    expect(q).toEqual({
      search: 'Müller',
      firstName: 'Anna',
      lastName: 'Peeters',
      username: 'apeet',
      leadBuyer: 'no',
      budgetMin: 100,
      budgetMax: 5000,
      budgetRemainingMin: 50,
      budgetRemainingMax: 2500,
      page: 3,
      order: 'desc',
      field: 'lastName',
      type: 'natural',
    });
    expect(new URLSearchParams(serializeCustomerListQuery(q))).toEqual(new URLSearchParams(search));
  });

  test('values that cannot be right fall back to the defaults', () => {
    const q = parseCustomerListQuery('page=-2&budgetMin=abc&budgetMax=-5&order=up&field=password');
    expect(q).toEqual(DEFAULT_CUSTOMER_LIST_QUERY);
  });

  test('only values that differ from the defaults reach the URL', () => {
    expect(serializeCustomerListQuery({ ...DEFAULT_CUSTOMER_LIST_QUERY, firstName: 'Jan', budgetMax: 10_000 })).toBe(
      'firstName=Jan',
    );
  });
});

describe('users list criteria', () => {
  test('defaults: page 1 of 20, no filter, no term, no sort', () => {
    expect(toCustomerListCriteria(DEFAULT_CUSTOMER_LIST_QUERY)).toEqual({ page: 1, limit: 20, filter: [] });
  });

  test('contains on firstName, lastName and the extension username; the search becomes the term', () => {
    const criteria = toCustomerListCriteria(
      parseCustomerListQuery('search=lager&firstName=an&lastName=pe&username=ap&page=2'),
    );
    expect(criteria).toEqual({
      page: 2,
      limit: 20,
      term: 'lager',
      filter: [
        { type: 'contains', field: 'firstName', value: 'an' },
        { type: 'contains', field: 'lastName', value: 'pe' },
        { type: 'contains', field: 'customerExtension.username', value: 'ap' },
      ],
    });
  });

  test('leadBuyer is an equals filter: true unless the value is "no"', () => {
    expect(parseCustomerListQuery('leadBuyer=true').leadBuyer).toBe('yes');
    expect(parseCustomerListQuery('leadBuyer=').leadBuyer).toBe('');
    expect(toCustomerListCriteria(parseCustomerListQuery('leadBuyer=yes')).filter).toEqual([
      { type: 'equals', field: 'customerExtension.leadBuyer', value: true },
    ]);
    expect(toCustomerListCriteria(parseCustomerListQuery('leadBuyer=no')).filter).toEqual([
      { type: 'equals', field: 'customerExtension.leadBuyer', value: false },
    ]);
  });

  test('budget ranges on flow.budget and flow.budgetRemaining once they leave 0–10000', () => {
    expect(toCustomerListCriteria(parseCustomerListQuery('budgetMin=200&budgetRemainingMax=900')).filter).toEqual([
      { type: 'range', field: 'flow.budget', parameters: { gte: 200, lte: 10_000 } },
      { type: 'range', field: 'flow.budgetRemaining', parameters: { gte: 0, lte: 900 } },
    ]);
  });

  test('sort by field and order; the username column sorts by the extension field', () => {
    expect(toCustomerListCriteria(parseCustomerListQuery('field=username&order=asc&type=natural')).sort).toEqual([
      { field: 'customerExtension.username', order: 'ASC', naturalSorting: true },
    ]);
    expect(toCustomerListCriteria(parseCustomerListQuery('field=lastName&order=desc')).sort).toEqual([
      { field: 'lastName', order: 'DESC' },
    ]);
    expect(toCustomerListCriteria(parseCustomerListQuery('field=lastName')).sort).toBeUndefined();
  });
});
