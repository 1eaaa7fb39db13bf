/**
 * The Store API entities the storefront reads, typed from the schemas `@shopware/api-client` generates from
 * Shopware's Store API OpenAPI document (`Schemas` of `@shopware/api-client/api-types`). Shopware marks a field
 * optional where it depends on `includes`, associations or the caller (anonymous callers get no prices and no
 * stock figures); readers handle those at the use site. The operations, their requests and answers type the
 * `invoke` of both clients (client.ts on the server, browser.ts in the browser).
 */
import type { OrderCreateRequest } from '../../../contract/order.ts';
import type { operations, Schemas } from '@shopware/api-client/api-types';

export type SeoUrl = Schemas['SeoUrl'];
export type Media = Schemas['Media'];
export type ProductMedia = Schemas['ProductMedia'];
export type Category = Schemas['Category'];
export type PropertyGroupOption = Schemas['PropertyGroupOption'];
export type PropertyGroup = Schemas['PropertyGroup'];
export type ProductManufacturer = Schemas['ProductManufacturer'];
export type DeliveryTime = Schemas['DeliveryTime'];
export type Product = Schemas['Product'];
export type ProductListingResult = Schemas['ProductListingResult'];
export type ProductDetailResult = Schemas['ProductDetailResponse'];
export type CrossSellingElement = Schemas['CrossSellingElement'];

/** A Store API entity search answer (`EntitySearchResult` with typed `elements`). */
export type EntitySearchResult<T> = Schemas['EntitySearchResult'] & { elements: T[] };

/**
 * Shopware's Store API operations (`operations` of `@shopware/api-client/api-types`, keyed
 * `"<operationId> <method> <path>"`) with the storefront's deviations from Shopware's document:
 * `account/recovery-password` identifies the customer by `username` rather than `email`, as login does (B2B users
 * log in with a username; backend store-api/account/recovery.routes.ts); `account/change-profile` takes the B2B
 * profile: salutation as 'female' or 'male' instead of a `salutationId`, phone and mobile, and the e-mail address,
 * which needs the current `password` when it changes (backend store-api/account/account.routes.ts);
 * `checkout/order` takes the B2B order data of contract/order.ts (order reference, delivery or pickup, split
 * delivery, …) beside Shopware's `customerComment`.
 */
export type StoreApiOperations = Omit<
  operations,
  | 'sendRecoveryMail post /account/recovery-password'
  | 'changeProfile post /account/change-profile'
  | 'createOrder post /checkout/order'
> & {
  'createOrder post /checkout/order': Omit<operations['createOrder post /checkout/order'], 'body'> & {
    body: OrderCreateRequest;
  };
  'changeProfile post /account/change-profile': Omit<
    operations['changeProfile post /account/change-profile'],
    'body'
  > & {
    body: {
      salutation: 'female' | 'male';
      firstName: string;
      lastName: string;
      email: string;
      phone: string;
      mobile: string;
      /** The current password; needed only when `email` changes. */
      password?: string;
    };
  };
  'sendRecoveryMail post /account/recovery-password': Omit<
    operations['sendRecoveryMail post /account/recovery-password'],
    'body'
  > & {
    body: Omit<operations['sendRecoveryMail post /account/recovery-password']['body'], 'email'> & {
      /** The customer's login name (contract/credentials.ts LoginUsernameSchema). */
      username: string;
    };
  };
};

/** An operation key of {@link StoreApiOperations}, e.g. `'readCustomer post /account/customer'`. */
export type StoreApiOperation = keyof StoreApiOperations;

/** The request parts of Store API operation `K` that a caller passes: `pathParams`, `query` and `body`. */
export type StoreApiRequest<K extends StoreApiOperation> = Pick<
  StoreApiOperations[K],
  Extract<keyof StoreApiOperations[K], 'pathParams' | 'query' | 'body'>
>;

/** The JSON answer of Store API operation `K` as Shopware's OpenAPI document types it. */
export type StoreApiResponse<K extends StoreApiOperation> = StoreApiOperations[K] extends { response: infer R }
  ? R
  : never;

/**
 * The arguments after the operation key of an `invoke`: the request (with the client's own `Options`) is required
 * when the operation has required parts (path parameters, a required body or query), else optional.
 */
export type InvokeArgs<K extends StoreApiOperation, Options extends object = object> =
  Record<string, never> extends StoreApiRequest<K>
    ? [request?: StoreApiRequest<K> & Options]
    : [request: StoreApiRequest<K> & Options];
