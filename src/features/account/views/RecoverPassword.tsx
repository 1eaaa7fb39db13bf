/**
 * Password recovery inside the account area (/account/recover/password): sends a reset mail for the logged-in user
 * through `account/recovery-password`, with the current domain as the storefront URL of the link.
 */
import { useState } from 'react';
import { Button, Card } from '../../../components/ui/form.tsx';
import { useI18n } from '../../../i18n/react.tsx';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { requestRecovery } from '../../../lib/session/session-store.ts';
import { useLoggedIn } from '../session.tsx';

export function RecoverPassword({ storefrontUrl }: { storefrontUrl: string }) {
  const { t } = useI18n();
  const { customer } = useLoggedIn();
  const { notify } = useNotify();
  const [sent, setSent] = useState(false);
  const { busy: sending, run: send } = useAction(async (username: string) => {
    await requestRecovery(username, storefrontUrl);
    setSent(true);
    notify('success', t('general.success'), t('account.recover.sent'));
  });

  return (
    <Card title={t('account.recover.title')}>
      <p className="mb-4 text-sm">{t('account.recover.text', { username: customer.username })}</p>
      {sent ? (
        <p role="status" className="text-sm text-green-800">
          {t('account.recover.sent')}
        </p>
      ) : (
        <Button busy={sending} onClick={() => send(customer.username)}>
          {t('account.recover.submit')}
        </Button>
      )}
    </Card>
  );
}
