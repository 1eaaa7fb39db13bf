/**
 * Answers of the ERP endpoints (contract/provider/erp.ts) for the account area's and the checkout's component
 * tests, each parsed with its contract schema so a stub cannot drift from what the server sends. Only tests import
 * this module.
 */
import * as v from 'valibot';
import {
  ErpOrderDetailSchema,
  ErpOrderHistoryResponseSchema,
  ErpOrderSummarySchema,
  InvoiceHistoryResponseSchema,
  ErpInvoiceSchema,
  OfferDetailSchema,
  OfferHistoryResponseSchema,
  OfferSummarySchema,
  OfferToCartResponseSchema,
  type ErpInvoice,
  type ErpOrderDetail,
  type ErpOrderSummary,
  type OfferDetail,
  type OfferSummary,
} from '../../../../contract/provider/erp.ts';
import { providerBase } from '../../../testing/test-browser.ts';

/** An order of the history: taken by phone, shipped, with one order reference. */
export function erpOrderSummaryBody(overrides: Partial<ErpOrderSummary> = {}): ErpOrderSummary {
  return v.parse(ErpOrderSummarySchema, {
    orderNumber: '700123',
    firm: '01',
    warehouse: 'BRU',
    orderDate: '2026-11-02',
    status: 'shipped',
    channel: 'phone',
    type: 'standard',
    customerReference: 'Site Schelde',
    orderReferences: ['PO-2026-001'],
    orderedBy: 'Anna Peeters',
    lineCount: 2,
    totalPrice: 150,
    totalAmount: 181.5,
    currency: 'EUR',
    ...overrides,
  });
}

/** A page of the order history. */
export function erpOrderPageBody(elements: ErpOrderSummary[], total = elements.length, page = 1) {
  return v.parse(ErpOrderHistoryResponseSchema, { elements, total, page, limit: 20 });
}

/** An invoice of order 700123 with its proof of delivery. */
export function invoiceBody(overrides: Partial<ErpInvoice> = {}): ErpInvoice {
  return v.parse(ErpInvoiceSchema, {
    invoiceNumber: '926000123',
    invoiceDate: '2026-11-05',
    orderNumber: '700123',
    customerReference: 'Site Schelde',
    shippingNoteNumber: 'LS-5001',
    totalPrice: 159.95,
    totalAmount: 193.54,
    invoiceLink: `${providerBase()}/invoice/926000123/document`,
    proofOfDeliveryLink: `${providerBase()}/invoice/926000123/proof-of-delivery`,
    ...overrides,
  });
}

/** A page of the invoice history. */
export function invoicePageBody(elements: ErpInvoice[], total = elements.length, page = 1) {
  return v.parse(InvoiceHistoryResponseSchema, { elements, total, page, limit: 20 });
}

const address = {
  company: 'Bouwbedrijf Peeters NV',
  name: 'Werf Schelde',
  street: 'Scheldekaai',
  houseNumber: '4',
  box: null,
  zipcode: '2000',
  city: 'Antwerpen',
  countryCode: 'BE',
};

/**
 * Order 700123 in detail: two lines (the second backordered: 3 of 5 delivered), one delivery with its tracking
 * number, one invoice with its proof of delivery.
 */
export function erpOrderDetailBody(overrides: Partial<ErpOrderDetail> = {}): ErpOrderDetail {
  return v.parse(ErpOrderDetailSchema, {
    ...erpOrderSummaryBody({ status: 'backorder' }),
    deliveryAddress: address,
    billingAddress: { ...address, name: 'Hoofdkantoor', street: 'Noorderlaan', houseNumber: '112', zipcode: '2030' },
    deliveryCost: 9.95,
    additionalCost: 0,
    taxes: [{ taxRate: 21, price: 159.95, tax: 33.59 }],
    sendingNumber: '3S-BE-000123',
    lines: [
      {
        lineNumber: 1,
        productNumber: 'D-2000',
        name: 'Cordless drill',
        customerArticleNumber: 'BP-DRILL',
        quantity: 2,
        unit: 'C62',
        unitPrice: 50,
        totalPrice: 100,
        taxRate: 21,
        deliveredQuantity: 2,
        deliveryDate: '2026-11-04',
        shippingNoteNumber: 'LS-5001',
        invoiceNumber: '926000123',
        invoiceDate: '2026-11-05',
      },
      {
        lineNumber: 2,
        productNumber: 'S-100',
        name: 'Wood screws 4x40',
        customerArticleNumber: null,
        quantity: 5,
        unit: 'PK',
        unitPrice: 10,
        totalPrice: 50,
        taxRate: 21,
        deliveredQuantity: 3,
        deliveryDate: '2026-11-12',
        shippingNoteNumber: 'LS-5001',
        invoiceNumber: null,
        invoiceDate: null,
      },
    ],
    deliveries: [
      {
        shippingNoteNumber: 'LS-5001',
        deliveryDate: '2026-11-04',
        sendingNumber: '3S-BE-000123',
        lines: [
          { lineNumber: 1, quantity: 2 },
          { lineNumber: 2, quantity: 3 },
        ],
      },
    ],
    invoices: [invoiceBody()],
    totalAmount: 193.54,
    ...overrides,
  });
}

/** An offer of the history: processed, valid until `validUntil`. */
export function offerSummaryBody(overrides: Partial<OfferSummary> = {}): OfferSummary {
  return v.parse(OfferSummarySchema, {
    offerNumber: 'AN-4001',
    offerDate: '2026-11-10',
    status: 'processed',
    clientReference: 'Hall 3',
    validUntil: '2099-12-10',
    lineCount: 1,
    totalPrice: 475,
    documentLink: `${providerBase()}/offer/AN-4001/document`,
    ...overrides,
  });
}

/** A page of the offer history. */
export function offerPageBody(elements: OfferSummary[], total = elements.length, page = 1) {
  return v.parse(OfferHistoryResponseSchema, { elements, total, page, limit: 20 });
}

/** An offer in detail with one priced line (processed); `overrides` e.g. an open one without prices. */
export function offerDetailBody(overrides: Partial<OfferDetail> = {}): OfferDetail {
  return v.parse(OfferDetailSchema, {
    ...offerSummaryBody(),
    comment: 'Delivery to the site, please',
    requestedAt: '2026-11-10T08:00:00.000Z',
    processedAt: '2026-11-10T10:00:00.000Z',
    lines: [
      {
        lineNumber: 1,
        productNumber: 'D-2000',
        description: 'Cordless drill',
        customerArticleNumber: 'BP-DRILL',
        quantity: 10,
        unit: 'C62',
        deliveryDate: '2026-11-20',
        unitPrice: 47.5,
        totalPrice: 475,
      },
    ],
    ...overrides,
  });
}

/** The answer of putting an offer into the cart. */
export function offerToCartBody(added: number, offerNumber = 'AN-4001') {
  return v.parse(OfferToCartResponseSchema, { offerNumber, added });
}
