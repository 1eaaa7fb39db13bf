/** The salutation choice of the profile and user forms (female or male), on the form kit's RadioGroup. */
import { RadioGroup } from '../../../components/ui/form.tsx';
import { useT } from '../../../i18n/react.tsx';

export function SalutationField({
  value,
  onValue,
  error,
}: {
  value: string;
  onValue: (value: 'female' | 'male') => void;
  error?: string | undefined;
}) {
  const t = useT();
  return (
    <RadioGroup
      legend={t('account.field.salutation')}
      value={value}
      onValue={onValue}
      error={error}
      options={[
        { value: 'female', label: t('account.salutation.female') },
        { value: 'male', label: t('account.salutation.male') },
      ]}
    />
  );
}
