/**
 * The storefront's one single-page app for the session-bound areas: react-router in data mode with the basename
 * `{domain prefix}`, the account area below `/account/*` (src/features/account) and the checkout's success page
 * below `/checkout` (src/features/checkout; the cart itself is a server-rendered page, docs/decisions/021), both
 * behind the account guard (anonymous visitors go to /auth with the page
 * to come back to). Composed here because the shell may import features and a feature may not import another.
 * Mounted by StorefrontAppPage.astro with `client:only="react"`.
 */
import { useMemo } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, ScrollRestoration, type RouteObject } from 'react-router';
import { ACCOUNT_MESSAGES, accountRoutes } from '../features/account/AccountApp.tsx';
import { AccountGuard, Loading } from '../features/account/guards.tsx';
import { CHECKOUT_MESSAGES, checkoutRoutes } from '../features/checkout/routes.tsx';
import { I18nProvider, type IslandI18nProp } from '../i18n/react.tsx';
import type { MessageKey } from '../i18n/locales.ts';
import type { FeatureFlag } from '../lib/feature-flags.ts';

/** The catalogue keys of the app, for `islandMessages(locale, STOREFRONT_APP_MESSAGES)`. */
export const STOREFRONT_APP_MESSAGES = [
  ...new Set([...ACCOUNT_MESSAGES, ...CHECKOUT_MESSAGES]),
] as const satisfies readonly (MessageKey | `${string}.`)[];

export interface StorefrontAppProps {
  /** `islandMessages(locale, STOREFRONT_APP_MESSAGES)`. */
  i18n: IslandI18nProp;
  /** Domain path prefix: '' or e.g. '/en'. */
  prefix: string;
  /** Absolute URL of the domain (for links in mails). */
  storefrontUrl: string;
  /** The enabled feature flags the app reads (src/lib/feature-flags.ts, evaluated on the server). */
  features?: readonly FeatureFlag[];
}

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** The route tree below the domain's prefix: `account/*` and `checkout/success`. */
export function storefrontRoutes({
  prefix,
  storefrontUrl,
  features = [],
}: {
  prefix: string;
  storefrontUrl: string;
  features?: readonly FeatureFlag[];
}): RouteObject[] {
  return [
    {
      path: '/',
      element: <Root />,
      // Shown while the code of the first screen loads (each screen is its own chunk, loaded by its route).
      hydrateFallbackElement: <Loading />,
      children: [
        accountRoutes({ prefix, storefrontUrl, features }),
        {
          element: (
            <AccountGuard prefix={prefix}>
              <Outlet />
            </AccountGuard>
          ),
          children: [checkoutRoutes()],
        },
      ],
    },
  ];
}

/** The app; its notifications show in the header's notification region (one store for the page). */
export default function StorefrontApp({ i18n, prefix, storefrontUrl, features }: StorefrontAppProps) {
  const router = useMemo(
    () =>
      createBrowserRouter(storefrontRoutes({ prefix, storefrontUrl, ...(features ? { features } : {}) }), {
        basename: prefix || '/',
      }),
    [prefix, storefrontUrl, features],
  );
  return (
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}
