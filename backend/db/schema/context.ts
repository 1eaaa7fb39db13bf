/**
 * Sales channel contexts: what a `sw-context-token` stands for (Shopware `sales_channel_api_context`).
 */
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn } from './common.ts';

export interface ContextPayload {
  languageId?: string;
  currencyId?: string;
  /** Country of the context's shipping location (`PATCH /store-api/context`); unset: the sales channel's. */
  countryId?: string;
  domainId?: string;
  /** Checkout choices of `PATCH /store-api/context` (docs/decisions/014-cart-and-orders.md). */
  shippingMethodId?: string;
  paymentMethodId?: string;
  /** Addresses of the customer's company address book. */
  billingAddressId?: string;
  shippingAddressId?: string;
  /** Set on the context of a punch-out session (backend/commerce/punchout/sessions.ts `PunchOutContext`). */
  punchOut?: {
    sessionId: string;
    protocol: 'oci' | 'cxml';
    readOnly: boolean;
    expiresAt: string;
    orderRequest?: boolean;
  };
}

export const contextTable = pgTable(
  'sales_channel_api_context',
  {
    /** The context token itself: 32 hex characters from a CSPRNG (128 bits). */
    token: text('token').primaryKey(),
    salesChannelId: idColumn('sales_channel_id').notNull(),
    customerId: idColumn('customer_id'),
    payload: jsonb('payload').$type<ContextPayload>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('context_customer_idx').on(t.customerId)],
);
