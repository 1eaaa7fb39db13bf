/** Test harness: punch-out lines with realistic defaults. */
import type { PunchOutLine } from '../../punchout-line.ts';

/** A line of 2 pieces at 12.50 EUR; override any field. */
export function punchOutLine(overrides: Partial<PunchOutLine> = {}): PunchOutLine {
  return {
    productId: '018f3a2b4c5d6e7f8091a2b3c4d5e6f7',
    productNumber: 'WB-10042',
    name: 'Schutzhandschuh Nitril, Größe 9',
    description: 'Nitril-beschichteter Montagehandschuh, EN 388.',
    quantity: 2,
    unitPrice: 1250n,
    priceUnit: 1,
    totalPrice: 2500n,
    currency: 'EUR',
    unit: 'PR',
    leadTimeDays: 3,
    manufacturerName: 'Handwerk GmbH',
    manufacturerNumber: 'HW-NI-9',
    ean: '4006209796856',
    classifications: [
      { system: 'UNSPSC', code: '46181504', name: 'Protective gloves' },
      { system: 'ECLASS', code: '40-07-02-01', name: null },
    ],
    customerProductNumber: 'K-778',
    productUrl: 'https://shop.example/detail/018f3a2b4c5d6e7f8091a2b3c4d5e6f7',
    imageUrl: null,
    ...overrides,
  };
}
