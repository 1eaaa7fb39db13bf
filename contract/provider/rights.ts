/**
 * Rights and role of a company user (`/store-api/{provider}/account/{id}/rights`, `…/role`). Anyone reads their own;
 * another user's need ROLE_MANAGE_CONTACTS and the same company (else 404). Saving needs ROLE_MANAGE_CONTACTS, never
 * applies to oneself and never grants a right the caller does not hold. Setting a role resets the rights to the
 * role's defaults. The answers carry Shopware's `apiAlias` of a plain structure, `array_struct`.
 */
import * as v from 'valibot';
import { IdInputSchema } from '../ids.ts';
import { AssignableRoleSchema, RightListSchema, RightSchema, RoleNameSchema } from '../rights.ts';

/** Path parameters of `…/account/{id}/rights` and `…/role`. */
export const AccountPathSchema = v.object({ id: IdInputSchema });

/** Answer of `GET|PUT …/account/{id}/rights`: all 24 rights in order. */
export const RightsResponseSchema = v.object({ roles: RightListSchema, apiAlias: v.literal('array_struct') });
export type RightsResponse = v.InferOutput<typeof RightsResponseSchema>;

/** Request of `PUT …/account/{id}/rights`: the entries to change; codes not listed keep their state. */
export const RightsSaveRequestSchema = v.object({ roles: v.array(RightSchema) });
export type RightsSaveRequest = v.InferInput<typeof RightsSaveRequestSchema>;

/** Answer of `GET|PUT …/account/{id}/role`. */
export const RoleResponseSchema = v.object({ role: RoleNameSchema, apiAlias: v.literal('array_struct') });
export type RoleResponse = v.InferOutput<typeof RoleResponseSchema>;

/** Request of `PUT …/account/{id}/role`: a role a lead buyer can give (not `account_manager`). */
export const RoleSaveRequestSchema = v.object({ role: AssignableRoleSchema });
export type RoleSaveRequest = v.InferInput<typeof RoleSaveRequestSchema>;
