/** Placeholder of an account section that has no screen yet: its title and a short note. */
import type { MessageKey } from '../../../i18n/locales.ts';
import { useI18n } from '../../../i18n/react.tsx';

export function Coming({ titleKey }: { titleKey: MessageKey }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t(titleKey)}</h1>
      <p className="rounded border border-dashed border-gray-300 p-6 text-sm text-gray-700">{t('account.coming')}</p>
    </div>
  );
}
