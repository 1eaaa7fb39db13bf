/**
 * The users of the caller's company (`/store-api/{provider}/companies/customers…`): list, create, read, change,
 * delete. Every call needs a logged-in customer holding ROLE_MANAGE_CONTACTS; a user of another company answers 404
 * exactly like an id that does not exist. The customer shape follows Shopware's `customer` entity (field names,
 * `apiAlias`, entity extensions written twice: at the top and under `extensions`, as Shopware serialises them) with
 * the provider's company id, username, lead-buyer flag, role, budgets and rights.
 */
import * as v from 'valibot';
import { BodyPageNumberSchema } from '../query.ts';
import { EmailSchema, optionalText, requiredText, SalutationSchema, TimestampSchema } from '../fields.ts';
import { IdInputSchema, IdSchema } from '../ids.ts';
import { AssignableRoleSchema, RightListSchema, RightSchema, RoleNameSchema } from '../rights.ts';
import { PASSWORD_MAX_LENGTH, UsernameSchema } from '../credentials.ts';

/** `customerExtension`: the provider's login name and lead-buyer flag of a user. */
export const CustomerExtensionSchema = v.object({
  username: v.string(),
  leadBuyer: v.boolean(),
  apiAlias: v.literal('customer_extension'),
});

/** A user of a company as the provider's company endpoints answer it. */
export const CompanyCustomerSchema = v.object({
  id: IdSchema,
  companyId: IdSchema,
  active: v.boolean(),
  guest: v.literal(false),
  salutation: SalutationSchema,
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  mobile: v.nullable(v.string()),
  fax: v.nullable(v.string()),
  customerFunction: v.nullable(v.string()),
  role: RoleNameSchema,
  defaultBillingAddressId: v.nullable(IdSchema),
  defaultShippingAddressId: v.nullable(IdSchema),
  orderCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  doubleOptInRegistration: v.boolean(),
  doubleOptInConfirmDate: v.nullable(TimestampSchema),
  lastLogin: v.nullable(TimestampSchema),
  createdAt: TimestampSchema,
  customFields: v.looseObject({
    isOciCustomer: v.pipe(v.boolean(), v.description('The user shops through an OCI punch-out (SAP OCI 4.0).')),
  }),
  customerExtension: CustomerExtensionSchema,
  extensions: v.object({ customerExtension: CustomerExtensionSchema }),
  budget: v.pipe(v.nullable(v.number()), v.description("Budget of the user's order flow in EUR; null without one.")),
  remainingBudget: v.pipe(
    v.nullable(v.number()),
    v.description('What is left of the budget in EUR; null without one.'),
  ),
  rights: RightListSchema,
  apiAlias: v.literal('customer'),
});
export type CompanyCustomer = v.InferOutput<typeof CompanyCustomerSchema>;

/** A number or a numeric string, as Shopware's range filter parameters accept them. */
const numberish = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/))], 'INVALID_TYPE_ERROR'),
  v.transform(Number),
);

/**
 * Fields the user list filters and sorts by. `contains` works on firstName, lastName, email and username
 * (also written `customerExtension.username`); `equals` on leadBuyer (true unless the value is 'no', false, 'false'
 * or 0) and active; `range` on the budgets (`flow.budget`, `flow.budgetRemaining`).
 */
export const CUSTOMER_SORT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'username',
  'customerExtension.username',
  'active',
  'leadBuyer',
  'customerExtension.leadBuyer',
  'createdAt',
] as const;

/** Request of `POST …/companies/customers`: Shopware criteria restricted to what the user list supports. */
export const CompanyCustomerListRequestSchema = v.object({
  page: v.optional(BodyPageNumberSchema, 1),
  limit: v.optional(v.pipe(BodyPageNumberSchema, v.maxValue(100, 'TOO_HIGH_ERROR')), 20),
  term: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(100, 'TOO_LONG_ERROR')))),
  filter: v.optional(
    v.array(
      v.object({
        type: v.picklist(['contains', 'equals', 'range'], 'NO_SUCH_CHOICE_ERROR'),
        field: v.string(),
        value: v.optional(v.unknown()),
        parameters: v.optional(
          v.object({
            gte: v.optional(numberish),
            lte: v.optional(numberish),
            gt: v.optional(numberish),
            lt: v.optional(numberish),
          }),
        ),
      }),
    ),
    [],
  ),
  sort: v.optional(
    v.array(
      v.object({
        field: v.pipe(
          v.string(),
          v.description(`One of ${CUSTOMER_SORT_FIELDS.join(', ')}, flow.budget, flow.budgetRemaining.`),
        ),
        order: v.optional(v.picklist(['ASC', 'DESC', 'asc', 'desc'], 'NO_SUCH_CHOICE_ERROR'), 'ASC'),
        naturalSorting: v.optional(
          v.pipe(
            v.boolean(),
            v.description(
              "Shopware's natural sorting: firstName, lastName, email and username compare numbers by value " +
                '("user2" before "user10") and letters without regard to case; other fields sort as stored.',
            ),
          ),
          false,
        ),
      }),
    ),
    [],
  ),
});
export type CompanyCustomerListRequest = v.InferInput<typeof CompanyCustomerListRequestSchema>;

/** Answer of `POST …/companies/customers`: one page of users, Shopware's entity search result. */
export const CompanyCustomerListResponseSchema = v.object({
  entity: v.literal('customer'),
  elements: v.array(CompanyCustomerSchema),
  aggregations: v.pipe(v.array(v.unknown()), v.description('Aggregations of the search; the user list asks for none.')),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1)),
  apiAlias: v.literal('dal_entity_search_result'),
});
export type CompanyCustomerListResponse = v.InferOutput<typeof CompanyCustomerListResponseSchema>;

/** Fields of a user that create and change share. */
const userFields = {
  salutation: v.optional(SalutationSchema),
  phone: optionalText(),
  mobile: optionalText(),
  fax: optionalText(),
  customerFunction: optionalText(),
};

/**
 * Request of `POST …/companies/customers/create`. `rights` lists the rights to give (only rights the caller holds);
 * without it the user gets the defaults of `role` (buyer unless given). `leadBuyer` true makes a lead buyer with all
 * rights and needs a lead buyer as caller. The new user receives a set-password invitation mail.
 */
export const CompanyCustomerCreateRequestSchema = v.object({
  ...userFields,
  firstName: requiredText(),
  lastName: requiredText(),
  email: EmailSchema,
  username: UsernameSchema,
  active: v.optional(v.boolean(), true),
  leadBuyer: v.optional(v.boolean(), false),
  role: v.optional(AssignableRoleSchema),
  rights: v.optional(v.array(RightSchema)),
});
export type CompanyCustomerCreateRequest = v.InferInput<typeof CompanyCustomerCreateRequestSchema>;

/**
 * Request of `PATCH …/companies/customers/{id}`: the fields to change. `rights` replaces the whole list;
 * `active: false` ends the user's sessions; nobody deactivates or demotes themselves; changing a lead buyer or the
 * lead-buyer flag needs a lead buyer as caller. A colleague's e-mail address only a lead buyer changes; one's own
 * needs `password`, the caller's current password (Shopware's re-authentication of `account/change-email`).
 */
export const CompanyCustomerPatchRequestSchema = v.object({
  ...userFields,
  firstName: v.optional(requiredText()),
  lastName: v.optional(requiredText()),
  email: v.optional(EmailSchema),
  username: v.optional(UsernameSchema),
  active: v.optional(v.boolean()),
  leadBuyer: v.optional(v.boolean()),
  rights: v.optional(v.array(RightSchema)),
  password: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(PASSWORD_MAX_LENGTH, 'TOO_LONG_ERROR'),
      v.description("The caller's current password: needed when callers change their own e-mail address."),
    ),
  ),
});
export type CompanyCustomerPatchRequest = v.InferInput<typeof CompanyCustomerPatchRequestSchema>;

/** Request of `DELETE …/companies/customers`: 1 to 100 user ids of the caller's company, never the caller. */
export const CompanyCustomerDeleteRequestSchema = v.object({
  customerIds: v.pipe(v.array(IdInputSchema), v.minLength(1, 'TOO_FEW_ERROR'), v.maxLength(100, 'TOO_MANY_ERROR')),
});
export type CompanyCustomerDeleteRequest = v.InferInput<typeof CompanyCustomerDeleteRequestSchema>;

/** Path parameters of `…/companies/customers/{id}`. */
export const CompanyCustomerPathSchema = v.object({ id: IdInputSchema });
