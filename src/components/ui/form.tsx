/**
 * The one form kit of the islands and the account area. Every control has a visible label; an error is tied to
 * its control with `aria-describedby` and marks it `aria-invalid` (WAI-ARIA 1.2, "aria-invalid"); a required field
 * shows a star that screen readers skip (the error text says what is missing). Error texts arrive translated
 * (src/lib/forms/validation.ts), button and toggle labels come from the catalogue through `useT()`.
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { handOverTypedText } from '../../lib/session/typed-text.ts';
import { useT } from '../../i18n/react.tsx';
import { StrokeIcon } from './StrokeIcon.tsx';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type'>;

interface FieldProps extends InputProps {
  label: string;
  value: string;
  onValue: (value: string) => void;
  /** Translated error text; marks the field invalid. */
  error?: string | undefined;
}

const INPUT =
  'w-full rounded border px-3 py-2 focus:outline-2 focus:outline-primary disabled:bg-surface disabled:opacity-70';

function Label({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean | undefined }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-semibold">
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );
}

function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-primary">
      {error}
    </p>
  );
}

/**
 * The form element of the kit: `method="post"` to `action`, the storefront endpoint that takes the form when the
 * island has not hydrated yet or the browser runs no JavaScript (src/lib/forms/form-post.ts `formPostPath`), and
 * `noValidate` (the island validates and shows translated errors). A form's default method is GET, which would put
 * its fields, passwords included, into the URL; so every form holding a password or personal data is this one.
 * Text typed into its server-rendered fields before the island hydrated is handed to the island once it is mounted
 * (src/lib/session/typed-text.ts), so a quick typist's login is not sent empty.
 */
export function Form({
  action,
  children,
  ...rest
}: Omit<FormHTMLAttributes<HTMLFormElement>, 'method' | 'action' | 'noValidate'> & {
  action: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (ref.current) void handOverTypedText(ref.current);
  }, []);
  return (
    <form ref={ref} method="post" action={action} noValidate {...rest}>
      {children}
    </form>
  );
}

/** A labelled text input (`type` text, email, tel, search, number…). */
export function TextField({
  label,
  value,
  onValue,
  error,
  type = 'text',
  required,
  className,
  ...rest
}: FieldProps & { type?: 'text' | 'email' | 'tel' | 'search' | 'number' | 'url' }) {
  const id = useId();
  return (
    <div className={className ?? 'mb-4'}>
      <Label htmlFor={id} label={label} required={required} />
      <input
        {...rest}
        id={id}
        type={type}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${INPUT} ${error ? 'border-primary' : 'border-line'}`}
      />
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/** Eye icons of the show/hide toggle (open: the password is hidden and can be shown). */
const EYE = 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z';
const EYE_OFF =
  'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.2M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7c1.8 0 3.4-.5 4.7-1.3M9.9 9.9a3 3 0 0 0 4.2 4.2';

/** A labelled password input with the eye toggle that shows and hides the password (`auth.showPassword`). */
export function PasswordField({ label, value, onValue, error, required, className, ...rest }: FieldProps) {
  const id = useId();
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <div className={className ?? 'mb-4'}>
      <Label htmlFor={id} label={label} required={required} />
      <div className="relative">
        <input
          {...rest}
          id={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${INPUT} pr-12 ${error ? 'border-primary' : 'border-line'}`}
        />
        <button
          type="button"
          onClick={() => setVisible((x) => !x)}
          aria-label={t(visible ? 'auth.hidePassword' : 'auth.showPassword')}
          className="absolute inset-y-0 right-0 px-3 text-sm text-muted hover:text-primary"
        >
          <StrokeIcon className="h-5 w-5" strokeWidth={1.8}>
            <path d={visible ? EYE_OFF : EYE} />
          </StrokeIcon>
        </button>
      </div>
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/** A labelled multi-line text of at most `maxLength` characters (remarks, the offer request's comment). */
export function TextArea({
  label,
  value,
  onValue,
  maxLength,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  maxLength: number;
}) {
  const id = useId();
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        rows={3}
        maxLength={maxLength}
        onChange={(event) => onValue(event.target.value)}
        className="w-full rounded border border-line px-3 py-2 focus:outline-2 focus:outline-primary"
      />
    </div>
  );
}

/** A labelled native select. */
export function Select({
  label,
  value,
  onValue,
  options,
  error,
  required,
  className,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  required?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className ?? 'mb-4'}>
      <Label htmlFor={id} label={label} required={required} />
      <select
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${INPUT} bg-white ${error ? 'border-primary' : 'border-line'}`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/** A labelled checkbox with an optional description and error. */
export function Checkbox({
  label,
  checked,
  onChecked,
  description,
  error,
  disabled = false,
}: {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  description?: string | undefined;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="mb-2">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChecked(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 h-4 w-4 accent-primary disabled:opacity-50"
        />
        <label htmlFor={id} className={`text-sm ${disabled ? 'text-muted' : ''}`}>
          {label}
          {description && <span className="block text-xs text-muted">{description}</span>}
        </label>
      </div>
      <ErrorText id={`${id}-error`} error={error} />
    </div>
  );
}

/** A choice of a few options as a radio group with a legend. */
export function RadioGroup<V extends string>({
  legend,
  value,
  onValue,
  options,
  error,
}: {
  legend: string;
  value: string;
  onValue: (value: V) => void;
  options: readonly { value: V; label: string }[];
  error?: string | undefined;
}) {
  const name = useId();
  return (
    <fieldset className="mb-4" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-1 text-sm">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onValue(o.value)}
              className="accent-primary"
            />
            {o.label}
          </label>
        ))}
      </div>
      <ErrorText id={`${name}-error`} error={error} />
    </fieldset>
  );
}

const BUTTON = {
  primary: 'bg-primary-dark text-white hover:opacity-90',
  secondary: 'border border-line bg-white hover:border-primary hover:text-primary',
  danger: 'border border-primary bg-white text-primary-dark hover:bg-red-50',
} as const;

/** A button that shows a busy state and emits no click while busy or disabled. */
export function Button({
  children,
  kind = 'primary',
  busy = false,
  type = 'button',
  onClick,
  disabled,
  wide = false,
}: {
  children: ReactNode;
  kind?: keyof typeof BUTTON;
  busy?: boolean;
  type?: 'button' | 'submit';
  onClick?: () => void;
  disabled?: boolean;
  /** Full width (forms in dialogs). */
  wide?: boolean;
}) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={onClick}
      className={`rounded px-4 py-2.5 text-sm font-semibold disabled:opacity-60 ${wide ? 'w-full' : ''} ${BUTTON[kind]}`}
    >
      {children}
    </button>
  );
}

/** The foot of a form: the submit button (busy while `busy`) and, when given, a cancel control beside it. */
export function FormActions({ busy, submitLabel, cancel }: { busy: boolean; submitLabel: string; cancel?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
      <Button type="submit" busy={busy}>
        {submitLabel}
      </Button>
      {cancel}
    </div>
  );
}

/** A form-level error: a title and the messages, announced as an alert. */
export function FormError({ title, messages }: { title: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="mb-4 rounded border-l-4 border-primary bg-red-50 px-3 py-2 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

/** A section card with a heading and optional actions beside it. */
export function Card({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className="rounded border border-line bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
