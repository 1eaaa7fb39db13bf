import { atom } from 'nanostores';

/** Which header dialog is open. */
export const $authDialog = atom<null | 'login' | 'forgot'>(null);

/** Opens the login dialog (also used by other islands that ask an anonymous visitor to log in). */
export function openLoginDialog(): void {
  $authDialog.set('login');
}
