import { useId, useState } from 'react';

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
          className={`w-full rounded border px-3 py-2 ${toggleLabels ? 'pr-20' : ''} ${error ? 'border-primary' : 'border-line'} focus:outline-2 focus:outline-primary`}
        />
        {type === 'password' && toggleLabels && (
          <button
            type="button"
            onClick={() => setVisible((x) => !x)}
            aria-pressed={visible}
            aria-label={visible ? toggleLabels.hide : toggleLabels.show}
            className="absolute inset-y-0 right-0 px-3 text-sm text-muted hover:text-primary"
          >
            {visible ? toggleLabels.hide.split(' ').pop() : toggleLabels.show.split(' ').pop()}
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
