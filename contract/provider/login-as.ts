/**
 * "Login as customer" (`POST /store-api/{provider}/account/login-as-customer`): an account manager (role
 * `account_manager`) opens a new session as a customer of a company they look after, named by id or by username.
 * The new context token comes in the body and in the `sw-context-token` header (Shopware's context-token
 * handling); every use is written to the audit log. An unknown, inactive or not looked-after customer answers 404.
 */
import * as v from 'valibot';
import { LoginUsernameSchema } from '../credentials.ts';
import { IdInputSchema, IdSchema } from '../ids.ts';

/** Request: `{ customerId }` or `{ username }`. */
export const LoginAsCustomerRequestSchema = v.union([
  v.object({ customerId: IdInputSchema }),
  v.object({ username: LoginUsernameSchema }),
]);
export type LoginAsCustomerRequest = v.InferInput<typeof LoginAsCustomerRequestSchema>;

/** Answer: the new context token (32 hex characters). */
export const LoginAsCustomerResponseSchema = v.object({
  contextToken: IdSchema,
  apiAlias: v.literal('array_struct'),
});
export type LoginAsCustomerResponse = v.InferOutput<typeof LoginAsCustomerResponseSchema>;
