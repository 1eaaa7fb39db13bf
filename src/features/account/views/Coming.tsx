/** Placeholder of an account section whose features come in a later issue: its title and a short note. */
import { useI18n } from '../i18n.ts';

export function Coming({ titleKey }: { titleKey: string }) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">{t(titleKey)}</h1>
      <p className="rounded border border-dashed border-gray-300 p-6 text-sm text-gray-700">{t('account.coming')}</p>
    </div>
  );
}
