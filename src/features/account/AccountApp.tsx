/**
 * The account area below /account/*: the `account` branch of the storefront SPA's router (src/shell/StorefrontApp.tsx,
 * react-router in data mode with the basename `{domain prefix}`), the account guard around everything, a role guard
 * per section (the right each sidebar entry needs, rights.ts) and the sidebar. It shares the page's one runtime: the
 * session store, translator, notifications, form kit and dialog of the islands.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, NavLink, Outlet, useLocation, type RouteObject } from 'react-router';
import { AccountGuard, RoleGuard } from './guards.tsx';
import { BUDGET_PERIOD_MESSAGES } from '../../i18n/budget-period.ts';
import { holds, offered, SIDEBAR, type RightNeed } from './rights.ts';
import type { FeatureFlag } from '../../lib/feature-flags.ts';
import { useLoggedIn } from './session.tsx';
import { refreshPunchOut } from '../../lib/session/punchout-store.ts';
import { Coming } from './views/Coming.tsx';
import { useI18n } from '../../i18n/react.tsx';
import type { MessageKey } from '../../i18n/locales.ts';

/** The catalogue keys of the account area, for `islandMessages(locale, ACCOUNT_MESSAGES)`. */
export const ACCOUNT_MESSAGES = [
  'account.',
  'approvals.',
  'costCenters.',
  'flows.',
  ...BUDGET_PERIOD_MESSAGES,
  'orders.',
  'history.',
  'invoices.',
  'offers.',
  'units.',
  'orderReferences.',
  'articleLinks.',
  'orderLists.',
  'checkout.offer.',
  'cart.error.',
  'unit.',
  'product.deliveryRange',
  'price.days',
  'price.dayExact',
  'price.daysExact',
  'checkout.totals.',
  'checkout.pricesOnRequest',
  'errors.',
  'validation.',
  'general.',
  'auth.showPassword',
  'auth.hidePassword',
  'register.validation.zipcode',
  'quickOrder.link',
  'quickOrder.linkHint',
] as const satisfies readonly (MessageKey | `${string}.`)[];

/** The sidebar: the entries the shop offers (`features`) and the customer's rights allow (dashboard always). */
export function Sidebar({ rights, features = [] }: { rights: readonly string[]; features?: readonly FeatureFlag[] }) {
  const { t } = useI18n();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On small screens the entries form a row that scrolls sideways: keep the current one in view.
  useEffect(() => {
    if (!window.matchMedia?.('(max-width: 1023px)').matches) return;
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <nav ref={nav} aria-label={t('account.nav.label')} className="lg:w-60 lg:shrink-0">
      <ul className="flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
        {SIDEBAR.filter((entry) => offered(entry, features) && holds(rights, entry.right)).map((entry) => (
          <li key={entry.path} className="shrink-0">
            <NavLink
              to={`/account/${entry.path}`}
              className={({ isActive }) =>
                `block whitespace-nowrap rounded px-3 py-2 text-sm ${
                  isActive ? 'bg-primary font-semibold text-white' : 'text-gray-800 hover:bg-gray-100'
                }`
              }
            >
              {t(entry.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Layout({ prefix, features }: { prefix: string; features: readonly FeatureFlag[] }) {
  return (
    <AccountGuard prefix={prefix}>
      <SignedInLayout features={features} />
    </AccountGuard>
  );
}

function SignedInLayout({ features }: { features: readonly FeatureFlag[] }) {
  const { rights } = useLoggedIn();
  // A punch-out session's screens leave out what only a person with an own login may do (views/Profile.tsx).
  useEffect(() => {
    void refreshPunchOut();
  }, []);
  return (
    <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-6 px-4 py-6 lg:flex-row lg:gap-10 lg:px-8">
      <Sidebar rights={rights} features={features} />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

/**
 * A route whose view is loaded when the route is first matched (React Router's `lazy`): each screen of the account
 * area is its own chunk, so a page loads the code of the screen it shows only (docs/decisions/021). `render` builds
 * the route's element from the loaded module.
 */
function view<M>(load: () => Promise<M>, render: (module: M) => ReactNode): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: render(await load()) }) };
}

function NotFound() {
  const { t } = useI18n();
  return <p className="text-sm">{t('account.notFound')}</p>;
}

/**
 * The `account` branch of the storefront SPA's route tree (paths below `/account`, links absolute from the domain's
 * prefix: `/account/…`); tests mount it in a memory router. `features` are the enabled feature flags the area reads:
 * the cost-center module; `order-history` (the orders of every channel from the ERP) and `native-order-history`
 * (the orders placed in the shop), which with both on are two tabs of the orders section, the ERP's first;
 * `invoice-history` and `offer-history`.
 */
export function accountRoutes({
  prefix,
  storefrontUrl,
  features = [],
}: {
  prefix: string;
  storefrontUrl: string;
  features?: readonly FeatureFlag[];
}): RouteObject {
  const guarded = (right: RightNeed | undefined, element: ReactNode) => (
    <RoleGuard prefix={prefix} right={right}>
      {element}
    </RoleGuard>
  );
  const coming = SIDEBAR.filter((entry) => entry.coming).flatMap((entry): RouteObject[] => {
    const element = guarded(entry.right, <Coming titleKey={entry.labelKey} />);
    return [
      { path: entry.path, element },
      { path: `${entry.path}/*`, element },
    ];
  });
  const right = (path: string) => SIDEBAR.find((entry) => entry.path === path)?.right;
  const erpOrders = features.includes('order-history');
  const nativeOrders = features.includes('native-order-history');
  const orders: RouteObject[] =
    erpOrders || nativeOrders
      ? [
          {
            path: 'orders',
            ...(erpOrders
              ? view(
                  () => import('./views/ErpOrders.tsx'),
                  (m) => guarded(right('orders'), <m.ErpOrders tabs={nativeOrders && <m.OrdersTabs />} />),
                )
              : view(
                  () => import('./views/Orders.tsx'),
                  (m) => guarded(right('orders'), <m.Orders />),
                )),
          },
          ...(erpOrders && nativeOrders
            ? [
                {
                  path: 'orders/shop',
                  ...view(
                    () => Promise.all([import('./views/Orders.tsx'), import('./views/ErpOrders.tsx')]),
                    ([orders, erp]) => guarded(right('orders'), <orders.Orders tabs={<erp.OrdersTabs />} />),
                  ),
                },
              ]
            : []),
          // The shop order's own detail stays reachable (the checkout's success page links to it).
          {
            path: 'orders/details/:orderNumber',
            ...view(
              () => import('./views/OrdersDetail.tsx'),
              (m) => guarded(right('orders'), <m.OrdersDetail />),
            ),
          },
          ...(erpOrders
            ? [
                {
                  path: 'orders/details/:orderNumber/:firm/:warehouse?',
                  ...view(
                    () => import('./views/ErpOrderDetail.tsx'),
                    (m) => guarded(right('orders'), <m.ErpOrderDetail />),
                  ),
                },
              ]
            : []),
        ]
      : [];
  return {
    path: 'account',
    element: <Layout prefix={prefix} features={features} />,
    children: [
      { index: true, element: <Navigate to="/account/dashboard" replace /> },
      {
        path: 'dashboard',
        ...view(
          () => import('./views/Dashboard.tsx'),
          (m) => <m.Dashboard />,
        ),
      },
      {
        path: 'profile',
        ...view(
          () => import('./views/Profile.tsx'),
          (m) => guarded(right('profile'), <m.Profile />),
        ),
      },
      {
        path: 'addressbook',
        ...view(
          () => import('./views/AddressBook.tsx'),
          (m) => guarded(right('addressbook'), <m.AddressBook />),
        ),
      },
      {
        path: 'addressbook/create',
        ...view(
          () => import('./views/AddressForm.tsx'),
          (m) => guarded(right('addressbook'), <m.AddressForm />),
        ),
      },
      {
        path: 'addressbook/details/:slug?',
        ...view(
          () => import('./views/AddressForm.tsx'),
          (m) => guarded(right('addressbook'), <m.AddressForm key="edit" />),
        ),
      },
      {
        path: 'customer',
        ...view(
          () => import('./views/Users.tsx'),
          (m) => guarded(right('customer'), <m.Users />),
        ),
      },
      {
        path: 'customer/create',
        ...view(
          () => import('./views/UserForm.tsx'),
          (m) => guarded(right('customer'), <m.UserForm />),
        ),
      },
      {
        path: 'customer/details/:slug?',
        ...view(
          () => import('./views/UserForm.tsx'),
          (m) => guarded(right('customer'), <m.UserForm key="edit" />),
        ),
      },
      {
        path: 'approvals',
        ...view(
          () => import('./views/Approvals.tsx'),
          (m) => guarded(right('approvals'), <m.Approvals />),
        ),
      },
      {
        path: 'approvals/:slug',
        ...view(
          () => import('./views/ApprovalDetail.tsx'),
          (m) => guarded(right('approvals'), <m.ApprovalDetail />),
        ),
      },
      {
        path: 'flows',
        ...view(
          () => import('./views/Flows.tsx'),
          (m) => guarded(right('flows'), <m.Flows />),
        ),
      },
      {
        path: 'flows/create',
        ...view(
          () => import('./views/FlowWizard.tsx'),
          (m) => guarded(right('flows'), <m.FlowWizard />),
        ),
      },
      {
        path: 'orderreferences',
        ...view(
          () => import('./views/OrderReferences.tsx'),
          (m) => guarded(right('orderreferences'), <m.OrderReferences />),
        ),
      },
      {
        path: 'orderreferences/create',
        ...view(
          () => import('./views/OrderReferenceForm.tsx'),
          (m) => guarded(right('orderreferences'), <m.OrderReferenceForm />),
        ),
      },
      {
        path: 'orderreferences/details/:slug?',
        ...view(
          () => import('./views/OrderReferenceForm.tsx'),
          (m) => guarded(right('orderreferences'), <m.OrderReferenceForm key="edit" />),
        ),
      },
      {
        path: 'orderlist',
        ...view(
          () => import('./views/OrderLists.tsx'),
          (m) => guarded(right('orderlist'), <m.OrderLists />),
        ),
      },
      {
        path: 'orderlist/create',
        ...view(
          () => import('./views/OrderLists.tsx'),
          (m) => guarded(right('orderlist'), <m.OrderListCreate />),
        ),
      },
      {
        path: 'orderlist/details/:slug',
        ...view(
          () => import('./views/OrderListDetail.tsx'),
          (m) => guarded(right('orderlist'), <m.OrderListDetail />),
        ),
      },
      {
        path: 'articlelinks',
        ...view(
          () => import('./views/ArticleLinks.tsx'),
          (m) => guarded(right('articlelinks'), <m.ArticleLinks />),
        ),
      },
      ...(features.includes('cost-center-module')
        ? [
            {
              path: 'costcenter',
              ...view(
                () => import('./views/CostCenters.tsx'),
                (m) => guarded(right('costcenter'), <m.CostCenters />),
              ),
            },
          ]
        : []),
      ...orders,
      ...(features.includes('invoice-history')
        ? [
            {
              path: 'invoices',
              ...view(
                () => import('./views/Invoices.tsx'),
                (m) => guarded(right('invoices'), <m.Invoices />),
              ),
            },
          ]
        : []),
      ...(features.includes('offer-history')
        ? [
            {
              path: 'offers',
              ...view(
                () => import('./views/Offers.tsx'),
                (m) => guarded(right('offers'), <m.Offers />),
              ),
            },
            {
              path: 'offers/:offerNumber',
              ...view(
                () => import('./views/Offers.tsx'),
                (m) => guarded(right('offers'), <m.OfferDetail />),
              ),
            },
          ]
        : []),
      {
        path: 'recover/password',
        ...view(
          () => import('./views/RecoverPassword.tsx'),
          (m) => <m.RecoverPassword storefrontUrl={storefrontUrl} />,
        ),
      },
      ...coming,
      { path: '*', element: <NotFound /> },
    ],
  };
}
