/** A labelled date input of the account forms, with its error tied to it (ISO `yyyy-mm-dd` values). */
import { useId } from 'react';

/** A labelled date input with its error (ISO `yyyy-mm-dd`). */
export function DateField({
  label,
  value,
  onValue,
  error,
  required,
  min,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  min?: string;
}) {
  const id = useId();
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        min={min || undefined}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`w-full rounded border px-3 py-2 focus:outline-2 focus:outline-primary ${error ? 'border-primary' : 'border-line'}`}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-primary">
          {error}
        </p>
      )}
    </div>
  );
}
