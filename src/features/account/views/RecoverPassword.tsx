/**
 * Password recovery inside the account area (/account/recover/password): sends a reset mail for the logged-in user
 * through `account/recovery-password`, with the current domain as the storefront URL of the link.
 */
import { useState } from 'react';
import { Button, Card } from '../form.tsx';
import { useI18n } from '../i18n.ts';
import { useNotify } from '../notifications.tsx';
import { requestRecovery } from '../../../lib/session/session-store.ts';
import { useLoggedIn } from '../session.tsx';

export function RecoverPassword({ storefrontUrl }: { storefrontUrl: string }) {
  const { t } = useI18n();
  const { customer } = useLoggedIn();
  const { notify, notifyError } = useNotify();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function send() {
    setSending(true);
    try {
      await requestRecovery(customer.username, storefrontUrl);
      setSent(true);
      notify('success', t('general.success'), t('account.recover.sent'));
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <Card title={t('account.recover.title')}>
      <p className="mb-4 text-sm">{t('account.recover.text', { username: customer.username })}</p>
      {sent ? (
        <p role="status" className="text-sm text-green-800">
          {t('account.recover.sent')}
        </p>
      ) : (
        <Button loading={sending} onClick={() => void send()}>
          {t('account.recover.submit')}
        </Button>
      )}
    </Card>
  );
}
