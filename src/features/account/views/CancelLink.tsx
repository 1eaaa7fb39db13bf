/** The cancel control of the account forms: a link back to the list the form was opened from. */
import { Link } from 'react-router';
import { useT } from '../../../i18n/react.tsx';

export function CancelLink({ to }: { to: string }) {
  const t = useT();
  return (
    <Link
      to={to}
      className="rounded border border-line bg-white px-4 py-2.5 text-sm font-semibold hover:border-primary hover:text-primary"
    >
      {t('account.cancel')}
    </Link>
  );
}
