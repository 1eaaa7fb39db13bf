/**
 * The 24 rights of a company user and the roles that bundle them: the vocabulary of the provider's rights and role
 * endpoints (`{provider}/account/{id}/rights`, `…/role`). The embedded Store API enforces the rights
 * (backend/auth) and the storefront shows and edits them (src/features/account); both import this one list.
 * The order is the order the account area lists them in and the rights endpoints answer them in.
 */
import * as v from 'valibot';

export const RIGHT_CODES = [
  'ROLE_ACCESS_QUICK_ORDER_FORM',
  'ROLE_ADD_ORDER_REFERENCES',
  'ROLE_MANAGE_ADDRESSES',
  'ROLE_MANAGE_APPROVERS',
  'ROLE_MANAGE_ARTICLE_LINKS',
  'ROLE_MANAGE_BUDGETS',
  'ROLE_MANAGE_CONTACTS',
  'ROLE_MANAGE_COST_POSTS',
  'ROLE_MANAGE_INVOICE_HISTORY',
  'ROLE_MANAGE_NEWS_LETTERS',
  'ROLE_MANAGE_ORDER_HISTORY',
  'ROLE_MANAGE_ORDER_LISTS',
  'ROLE_MANAGE_ORDER_REFERENCES',
  'ROLE_MANAGE_OWN_ACCOUNT',
  'ROLE_MANAGE_OWN_CONTACT_INFO',
  'ROLE_PLACE_ORDERS',
  'ROLE_REQUEST_OFFER',
  'ROLE_VIEW_PRICES',
  'ROLE_MANAGE_OFFER_HISTORY',
  'ROLE_MANAGE_ORDER_FLOWS',
  'ROLE_APPROVE_ORDER_FLOWS',
  'ROLE_MANAGE_COST_CENTER',
  'ROLE_ACCESS_COST_CENTER',
  'ROLE_MANAGE_COMPANY_ORDER_HISTORY',
] as const;

export type RightCode = (typeof RIGHT_CODES)[number];

/**
 * Rights of the provider's list that guard no function of this shop (docs/decisions/024): cost posts are this shop's
 * cost centres, guarded by ROLE_MANAGE_COST_CENTER and ROLE_ACCESS_COST_CENTER, and the shop sends no newsletter.
 * They are kept, read and written like every right (clients of the provider API send all 24), but the account area
 * shows them read-only, so nobody believes a toggle grants or withholds something.
 */
export const RIGHTS_WITHOUT_FUNCTION = [
  'ROLE_MANAGE_COST_POSTS',
  'ROLE_MANAGE_NEWS_LETTERS',
] as const satisfies readonly RightCode[];

/** True when `value` is one of the 24 codes. */
export function isRightCode(value: unknown): value is RightCode {
  return typeof value === 'string' && (RIGHT_CODES as readonly string[]).includes(value);
}

/** One of the 24 codes; anything else is the violation `INVALID_ROLE`. */
export const RightCodeSchema = v.picklist(RIGHT_CODES, 'INVALID_ROLE');

/** A right of a user as the endpoints read and write it: `{ code, enabled }`. */
export const RightSchema = v.object({ code: RightCodeSchema, enabled: v.boolean() });
export type Right = v.InferOutput<typeof RightSchema>;

/** All 24 rights of a user, one entry per code in the order of RIGHT_CODES. */
export const RightListSchema = v.pipe(
  v.array(RightSchema),
  v.length(RIGHT_CODES.length),
  v.check((list) => list.every((r, i) => r.code === RIGHT_CODES[i]), 'INVALID_ROLE'),
);

/**
 * The roles of a company user. A role is a template of rights: setting it resets the rights to its defaults.
 * `account_manager` is the supplier's own staff role, never given through the Store API.
 */
export const ROLE_NAMES = ['buyer', 'lead_buyer', 'approver', 'account_manager'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
export const RoleNameSchema = v.picklist(ROLE_NAMES, 'INVALID_ROLE');

/** The roles a lead buyer can give a user of the company. */
export const ASSIGNABLE_ROLES = ['buyer', 'lead_buyer', 'approver'] as const satisfies readonly RoleName[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export const AssignableRoleSchema = v.picklist(ASSIGNABLE_ROLES, 'INVALID_ROLE');
