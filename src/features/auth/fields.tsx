import { useId, useState } from 'react';

/** Eye icons of the show/hide toggle (open: the password is hidden and can be shown). */
const EYE = 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z';
const EYE_OFF =
  'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.2M6.6 6.6C3.9 8.4 2 12 2 12s3.5 7 10 7c1.8 0 3.4-.5 4.7-1.3M9.9 9.9a3 3 0 0 0 4.2 4.2';

export interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Message shown under the field; marks it invalid. */
  error?: string | undefined;
  type?: 'text' | 'password';
  autoComplete?: string;
  /** Labels of the show/hide toggle; given only for password fields. */
  toggleLabels?: { show: string; hide: string } | undefined;
}

/**
 * A labelled form field with its error text tied through aria-describedby; password fields get a show/hide toggle
 * (spec §2 "password with show/hide toggle").
 */
export function TextField({
  label,
  name,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  toggleLabels,
}: TextFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const inputType = type === 'password' && !visible ? 'password' : 'text';
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={inputType}
          value={value}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`w-full rounded border px-3 py-2 ${toggleLabels ? 'pr-12' : ''} ${error ? 'border-primary' : 'border-line'} focus:outline-2 focus:outline-primary`}
        />
        {type === 'password' && toggleLabels && (
          <button
            type="button"
            onClick={() => setVisible((x) => !x)}
            aria-label={visible ? toggleLabels.hide : toggleLabels.show}
            className="absolute inset-y-0 right-0 px-3 text-sm text-muted hover:text-primary"
          >
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
              className="h-5 w-5"
            >
              <path d={visible ? EYE_OFF : EYE} />
            </svg>
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-primary">
          {error}
        </p>
      )}
    </div>
  );
}

/** Fills `{name}` placeholders of a raw message. */
export function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));
}
