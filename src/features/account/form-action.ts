/**
 * The `action` of the account area's forms (the form kit's `Form`): the storefront endpoint that refuses a form
 * submitted without its island, with a redirect and the translated "needs JavaScript" message
 * (src/pages/auth/form/[action].ts `script-required`), below the router's basename (the domain's path prefix). The
 * area renders in the browser only, so this is a safety net: no field ever travels in a URL.
 */
import { useHref } from 'react-router';
import { formPostPath } from '../../lib/forms/form-actions.ts';

/** The prefixed path of the `script-required` endpoint, for `<Form action={…}>` in a view of the account area. */
export function useScriptRequiredAction(): string {
  return useHref(formPostPath('', 'script-required'));
}
