/**
 * The company administration of the provider API (docs/openapi/provider.json): the company's users
 * (`users.routes.ts`, right ROLE_MANAGE_CONTACTS) and addresses (`addresses.routes.ts`, right
 * ROLE_MANAGE_ADDRESSES), under `/store-api/{provider}/companies`. What both share is in `company-access.ts`; the
 * company-user model shared with registration in backend/commerce/accounts/customer-model.ts.
 */
import type { Hono } from 'hono';
import type { StoreApiEnv } from '../context.ts';
import { registerCompanyAddressRoutes } from './addresses.routes.ts';
import type { CompanyDeps } from './company-access.ts';
import { registerCompanyUserRoutes } from './users.routes.ts';

export type { CompanyDeps } from './company-access.ts';

/** Registers the company user and address routes on the app. */
export function registerCompanyRoutes(app: Hono<StoreApiEnv>, deps: CompanyDeps): void {
  registerCompanyUserRoutes(app, deps);
  registerCompanyAddressRoutes(app, deps);
}
