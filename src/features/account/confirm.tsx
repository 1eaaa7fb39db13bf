/** A confirmation dialog (role alertdialog) used before deleting addresses and users. */
import { useEffect, useId, useRef } from 'react';
import { Button } from './form.tsx';
import { useI18n } from './i18n.ts';

/** Asks `question`; `onConfirm` or `onCancel` closes it. Escape cancels; focus starts on cancel. */
export function ConfirmDialog({
  question,
  onConfirm,
  onCancel,
  busy = false,
}: {
  question: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/40 p-4">
      <div
        ref={box}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={id}
        className="w-full max-w-sm rounded bg-white p-6 shadow-lg"
      >
        <p id={id} className="mb-4 text-sm">
          {question}
        </p>
        <div className="flex justify-end gap-2">
          <Button kind="secondary" onClick={onCancel}>
            {t('account.cancel')}
          </Button>
          <Button kind="danger" loading={busy} onClick={onConfirm}>
            {t('account.delete')}
          </Button>
        </div>
      </div>
    </div>
  );
}
