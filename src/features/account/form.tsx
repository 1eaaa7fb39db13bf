/**
 * Accessible form pieces of the account screens: every input has a label, an error is linked with
 * `aria-describedby` and marks the field `aria-invalid`.
 */
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useI18n } from './i18n.ts';
import type { FieldError } from './validation.ts';

/** Translated text of a field error. */
export function useFieldErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t } = useI18n();
  return (error) => (error ? t(error.key, error.values) : undefined);
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: FieldError | undefined;
  /** Adds a show/hide toggle for password fields. */
  revealable?: boolean;
}

/** A labelled text input with its error. */
export function TextField({ label, value, onValue, error, revealable, type = 'text', ...rest }: TextFieldProps) {
  const id = useId();
  const errorText = useFieldErrorText()(error);
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
        {rest.required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="flex">
        <input
          id={id}
          type={revealable && shown ? 'text' : type}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`w-full rounded border px-3 py-2 text-sm focus:outline-2 focus:outline-primary ${
            error ? 'border-red-600' : 'border-gray-300'
          }`}
          {...rest}
          required={false}
        />
        {revealable && (
          <button
            type="button"
            className="ml-1 rounded border border-gray-300 px-2 text-xs"
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            {shown ? t('account.password.hide') : t('account.password.show')}
          </button>
        )}
      </div>
      {errorText && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {errorText}
        </p>
      )}
    </div>
  );
}

/** A labelled checkbox. */
export function CheckboxField({
  label,
  checked,
  onChecked,
  description,
  disabled = false,
}: {
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  description?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChecked(e.target.checked)}
        className="mt-1 h-4 w-4 accent-primary disabled:opacity-50"
      />
      <label htmlFor={id} className={`text-sm ${disabled ? 'text-gray-500' : 'text-gray-800'}`}>
        {label}
        {description && <span className="block text-xs text-gray-500">{description}</span>}
      </label>
    </div>
  );
}

/** A salutation choice (female / male) as a radio group. */
export function SalutationField({
  value,
  onValue,
  error,
}: {
  value: string;
  onValue: (value: 'female' | 'male') => void;
  error?: FieldError | undefined;
}) {
  const { t } = useI18n();
  const errorText = useFieldErrorText()(error);
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-gray-800">{t('account.field.salutation')}</legend>
      <div className="flex gap-4">
        {(['female', 'male'] as const).map((option) => (
          <label key={option} className="flex items-center gap-1 text-sm">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onValue(option)}
              className="accent-primary"
            />
            {t(`account.salutation.${option}`)}
          </label>
        ))}
      </div>
      {errorText && <p className="text-sm text-red-700">{errorText}</p>}
    </fieldset>
  );
}

const BUTTON_STYLES = {
  primary: 'bg-primary text-white hover:brightness-95',
  secondary: 'border border-gray-300 bg-white text-gray-900 hover:bg-gray-50',
  danger: 'border border-red-300 bg-white text-red-700 hover:bg-red-50',
} as const;

/** A button that shows a loading state and emits no click while loading or disabled (spec §5 "Button types"). */
export function Button({
  children,
  kind = 'primary',
  loading = false,
  type = 'button',
  onClick,
  disabled,
}: {
  children: ReactNode;
  kind?: keyof typeof BUTTON_STYLES;
  loading?: boolean;
  type?: 'button' | 'submit';
  onClick?: () => void;
  disabled?: boolean;
}) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      onClick={onClick}
      className={`rounded px-4 py-2 text-sm font-semibold disabled:opacity-60 ${BUTTON_STYLES[kind]}`}
    >
      {children}
    </button>
  );
}

/** The foot of an account form: the save button (busy while `saving`) and the cancel link back to `cancelTo`. */
export function FormActions({ saving, cancelTo }: { saving: boolean; cancelTo: string }) {
  const { t } = useI18n();
  return (
    <div className="flex gap-2 sm:col-span-2">
      <Button type="submit" loading={saving}>
        {t('account.save')}
      </Button>
      <Link
        to={cancelTo}
        className="rounded border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50"
      >
        {t('account.cancel')}
      </Link>
    </div>
  );
}

/** A section card with a heading. */
export function Card({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="rounded border border-gray-200 bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
