import { atom } from 'nanostores';

/** Which header dialog is open. */
export const $authDialog = atom<null | 'login' | 'forgot'>(null);

/**
 * `window` event sent when another island opens the login dialog: the header's account island, which holds the
 * dialog, hydrates on it when it has not yet (`client:session`, src/lib/session/session-directive.ts).
 */
export const AUTH_DIALOG_EVENT = 'werkbank:auth-dialog';

/** Opens the login dialog (also used by other islands that ask an anonymous visitor to log in). */
export function openLoginDialog(): void {
  $authDialog.set('login');
  globalThis.window?.dispatchEvent(new Event(AUTH_DIALOG_EVENT));
}
