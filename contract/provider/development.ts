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
