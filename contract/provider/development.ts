/**
 * Development aids, served only when `WERKBANK_DEV_OUTBOX=1` (otherwise the paths answer 404): the outbox of mails
 * kept because no SMTP server is configured, and the activation of a waiting registration, so a developer and the
 * end-to-end tests can finish registration and recovery against one shop process.
 */
import * as v from 'valibot';
import { TimestampSchema } from '../fields.ts';
import { IdSchema } from '../ids.ts';

/** A kept mail. */
export const OutboxMailSchema = v.object({
  id: IdSchema,
  recipient: v.string(),
  subject: v.string(),
  text: v.string(),
  html: v.nullable(v.string()),
  template: v.string(),
  createdAt: TimestampSchema,
});

/** Answer of `GET …/dev/outbox`: the latest 50 mails, newest first. */
export const DevOutboxResponseSchema = v.object({
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  elements: v.array(OutboxMailSchema),
  apiAlias: v.literal('array_struct'),
});
export type DevOutboxResponse = v.InferOutput<typeof DevOutboxResponseSchema>;

/** Request of `POST …/dev/activate`: a client number or a username. */
export const DevActivateRequestSchema = v.object({ key: v.pipe(v.string(), v.trim(), v.nonEmpty('IS_BLANK_ERROR')) });
export type DevActivateRequest = v.InferInput<typeof DevActivateRequestSchema>;

/** Answer of `POST …/dev/activate`: the company and the usernames activated. */
export const DevActivateResponseSchema = v.object({
  company: v.object({ id: IdSchema, companyNumber: v.string(), name: v.string() }),
  activated: v.array(v.string()),
  apiAlias: v.literal('array_struct'),
});
export type DevActivateResponse = v.InferOutput<typeof DevActivateResponseSchema>;

/** Most hours one `POST …/dev/erp/advance` moves the simulated ERP: a year. */
export const DEV_ERP_ADVANCE_MAX_HOURS = 8760;

/**
 * Request of `POST …/dev/erp/advance` (only with `WERKBANK_DEV_OUTBOX=1` and the simulated ERP): advance the simulated
 * ERP as if `hours` whole hours (1 to 8760) had passed, so orders move on through their statuses and offer requests
 * are answered (docs/decisions/016-erp.md).
 */
export const DevErpAdvanceRequestSchema = v.object({
  hours: v.pipe(
    v.number('INVALID_TYPE_ERROR'),
    v.integer('INVALID_TYPE_ERROR'),
    v.minValue(1, 'TOO_LOW_ERROR'),
    v.maxValue(DEV_ERP_ADVANCE_MAX_HOURS, 'TOO_HIGH_ERROR'),
  ),
});
export type DevErpAdvanceRequest = v.InferInput<typeof DevErpAdvanceRequestSchema>;

/** Answer of `POST …/dev/erp/advance`: the instant the simulated ERP now stands at. */
export const DevErpAdvanceResponseSchema = v.object({
  advancedTo: TimestampSchema,
  apiAlias: v.literal('array_struct'),
});
export type DevErpAdvanceResponse = v.InferOutput<typeof DevErpAdvanceResponseSchema>;
