/**
 * The account area below /account/*: the `account` branch of the storefront SPA's router (src/shell/StorefrontApp.tsx,
 * react-router in data mode with the basename `{domain prefix}`), the account guard around everything, a role guard
 * per section (the right each sidebar entry needs, rights.ts) and the sidebar. It shares the page's one runtime: the
 * session store, translator, notifications, form kit and dialog of the islands.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, NavLink, Outlet, useLocation, type RouteObject } from 'react-router';
import { AccountGuard, RoleGuard } from './guards.tsx';
import { holds, offered, SIDEBAR, type RightCode } from './rights.ts';
import type { FeatureFlag } from '../../lib/feature-flags.ts';
import { useLoggedIn } from './session.tsx';
import { AddressBook, AddressForm } from './views/AddressBook.tsx';
import { ApprovalDetail, Approvals } from './views/Approvals.tsx';
import { ArticleLinks } from './views/ArticleLinks.tsx';
import { Coming } from './views/Coming.tsx';
import { CostCenters } from './views/CostCenters.tsx';
import { Dashboard } from './views/Dashboard.tsx';
import { OrderReferenceForm, OrderReferences } from './views/OrderReferences.tsx';
import { OrderListCreate, OrderLists } from './views/OrderLists.tsx';
import { OrderListDetail } from './views/OrderListDetail.tsx';
import { Flows, FlowWizard } from './views/Flows.tsx';
import { ErpOrderDetail } from './views/ErpOrderDetail.tsx';
import { ErpOrders, OrdersTabs } from './views/ErpOrders.tsx';
import { Invoices } from './views/Invoices.tsx';
import { OfferDetail, Offers } from './views/Offers.tsx';
import { Orders } from './views/Orders.tsx';
import { OrdersDetail } from './views/OrdersDetail.tsx';
import { Profile } from './views/Profile.tsx';
import { RecoverPassword } from './views/RecoverPassword.tsx';
import { UserForm } from './views/UserForm.tsx';
import { Users } from './views/Users.tsx';
import { useI18n } from '../../i18n/react.tsx';
import type { MessageKey } from '../../i18n/locales.ts';

/** The catalogue keys of the account area, for `islandMessages(locale, ACCOUNT_MESSAGES)`. */
export const ACCOUNT_MESSAGES = [
  'account.',
  'approvals.',
  'costCenters.',
  'flows.',
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
  return (
    <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-6 px-4 py-6 lg:flex-row lg:gap-10 lg:px-8">
      <Sidebar rights={rights} features={features} />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
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
  const guarded = (right: RightCode | undefined, element: ReactNode) => (
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
            element: guarded(
              right('orders'),
              erpOrders ? <ErpOrders tabs={nativeOrders && <OrdersTabs />} /> : <Orders />,
            ),
          },
          ...(erpOrders && nativeOrders
            ? [{ path: 'orders/shop', element: guarded(right('orders'), <Orders tabs={<OrdersTabs />} />) }]
            : []),
          // The shop order's own detail stays reachable (the checkout's success page links to it).
          { path: 'orders/details/:orderNumber', element: guarded(right('orders'), <OrdersDetail />) },
          ...(erpOrders
            ? [
                {
                  path: 'orders/details/:orderNumber/:firm/:warehouse?',
                  element: guarded(right('orders'), <ErpOrderDetail />),
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
      { path: 'dashboard', element: <Dashboard /> },
      { path: 'profile', element: guarded(right('profile'), <Profile />) },
      { path: 'addressbook', element: guarded(right('addressbook'), <AddressBook />) },
      { path: 'addressbook/create', element: guarded(right('addressbook'), <AddressForm />) },
      { path: 'addressbook/details/:slug?', element: guarded(right('addressbook'), <AddressForm key="edit" />) },
      { path: 'customer', element: guarded(right('customer'), <Users />) },
      { path: 'customer/create', element: guarded(right('customer'), <UserForm />) },
      { path: 'customer/details/:slug?', element: guarded(right('customer'), <UserForm key="edit" />) },
      { path: 'approvals', element: guarded(right('approvals'), <Approvals />) },
      { path: 'approvals/:slug', element: guarded(right('approvals'), <ApprovalDetail />) },
      { path: 'flows', element: guarded(right('flows'), <Flows />) },
      { path: 'flows/create', element: guarded(right('flows'), <FlowWizard />) },
      { path: 'orderreferences', element: guarded(right('orderreferences'), <OrderReferences />) },
      { path: 'orderreferences/create', element: guarded(right('orderreferences'), <OrderReferenceForm />) },
      {
        path: 'orderreferences/details/:slug?',
        element: guarded(right('orderreferences'), <OrderReferenceForm key="edit" />),
      },
      { path: 'orderlist', element: guarded(right('orderlist'), <OrderLists />) },
      { path: 'orderlist/create', element: guarded(right('orderlist'), <OrderListCreate />) },
      { path: 'orderlist/details/:slug', element: guarded(right('orderlist'), <OrderListDetail />) },
      { path: 'articlelinks', element: guarded(right('articlelinks'), <ArticleLinks />) },
      ...(features.includes('cost-center-module')
        ? [{ path: 'costcenter', element: guarded(right('costcenter'), <CostCenters />) }]
        : []),
      ...orders,
      ...(features.includes('invoice-history')
        ? [{ path: 'invoices', element: guarded(right('invoices'), <Invoices />) }]
        : []),
      ...(features.includes('offer-history')
        ? [
            { path: 'offers', element: guarded(right('offers'), <Offers />) },
            { path: 'offers/:offerNumber', element: guarded(right('offers'), <OfferDetail />) },
          ]
        : []),
      { path: 'recover/password', element: <RecoverPassword storefrontUrl={storefrontUrl} /> },
      ...coming,
      { path: '*', element: <NotFound /> },
    ],
  };
}
