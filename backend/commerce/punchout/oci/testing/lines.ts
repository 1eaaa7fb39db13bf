/** Test harness: punch-out lines for the OCI tests. */
import type { PunchOutLine } from '../../punchout-line.ts';

/** A plain line: 3 pieces of a drill at 12.34 EUR, with every optional member empty; `overrides` replace members. */
export function testLine(overrides: Partial<PunchOutLine> = {}): PunchOutLine {
  const base: PunchOutLine = {
    productId: '0190a1b2c3d4e5f60718293a4b5c6d7e',
    productNumber: 'WB-10001',
    name: 'Akku-Bohrschrauber 18 V',
    description: '',
    quantity: 3,
    unitPrice: 1234n,
    priceUnit: 1,
    totalPrice: 3702n,
    currency: 'EUR',
    unit: 'C62',
    leadTimeDays: null,
    manufacturerName: null,
    manufacturerNumber: null,
    ean: null,
    classifications: [],
    customerProductNumber: null,
    productUrl: null,
    imageUrl: null,
  };
  return { ...base, ...overrides };
}
