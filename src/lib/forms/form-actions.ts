/**
 * Where the forms of the islands post when they are submitted before hydration or without JavaScript (the form
 * kit's `Form`; the endpoints are src/pages/auth/form/[action].ts, the server side src/lib/forms/form-post.ts).
 * Safe to import in the browser.
 */

/** The endpoints a form posts to (src/pages/auth/form/[action].ts). */
export const FORM_POST_ACTIONS = ['login', 'password-forgot', 'password-set', 'script-required'] as const;
export type FormPostAction = (typeof FORM_POST_ACTIONS)[number];

/** The path a form posts to on the domain with `prefix` ('' or '/en'). */
export function formPostPath(prefix: string, action: FormPostAction): string {
  return `${prefix}/auth/form/${action}`;
}

/** The error code of a form that needs JavaScript (`errors.STOREFRONT__SCRIPT_REQUIRED`). */
export const SCRIPT_REQUIRED_CODE = 'STOREFRONT__SCRIPT_REQUIRED';

/** The error code of a body that is not a small url-encoded form (`errors.STOREFRONT__INVALID_FORM`). */
export const INVALID_FORM_CODE = 'STOREFRONT__INVALID_FORM';
