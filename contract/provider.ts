/** The Store API provider path segment (`/store-api/{provider}/…`) when STORE_API_PROVIDER is not set. */
export const DEFAULT_PROVIDER = 'werkbank';
