/**
 * The one modal dialog of the storefront, on the native `<dialog>` element: `showModal()` puts it in the top layer
 * and makes the rest of the page inert, so focus cannot leave it (HTML Living Standard, "The dialog element").
 * On top of that: focus starts on the first field (else the first control), Escape and a click on the backdrop
 * close it, focus returns to the element that opened it, and the page behind does not scroll while it is open.
 * Used by the login and forgot-password dialogs, the mobile menu and the confirmations.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './form.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  /** A visible heading with a close button; without it the content brings its own heading (`labelledBy`). */
  title?: string;
  /** Accessible label of the close button next to `title`. */
  closeLabel?: string;
  /** Id of the element naming the dialog when there is no `title`. */
  labelledBy?: string;
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Placement and size; default a centred card. */
  className?: string;
}

export function Dialog({ open, onClose, children, title, closeLabel, labelledBy, role, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    (
      dialog.querySelector<HTMLElement>('input, select, textarea') ?? dialog.querySelector<HTMLElement>(FOCUSABLE)
    )?.focus();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = overflow;
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={title ? titleId : labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        close.current();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        // Handled here, so the browser's own cancel does not close the element behind React's back.
        event.preventDefault();
        event.stopPropagation();
        close.current();
      }}
      onMouseDown={(event) => {
        // A press on the ::backdrop targets the dialog element itself, outside its content box.
        if (event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside =
          event.clientX >= box.left &&
          event.clientX <= box.right &&
          event.clientY >= box.top &&
          event.clientY <= box.bottom;
        if (!inside || (box.width === 0 && box.height === 0)) close.current();
      }}
      className={
        className ?? 'm-auto w-[calc(100%-2rem)] max-w-md rounded bg-white p-6 text-left shadow-xl backdrop:bg-black/50'
      }
    >
      {title && (
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-xl font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => close.current()}
            aria-label={closeLabel}
            className="-mr-2 -mt-2 rounded p-2 text-2xl leading-none text-muted hover:text-primary"
          >
            ×
          </button>
        </div>
      )}
      {children}
    </dialog>
  );
}

/** A confirmation (role alertdialog): the question, a cancel and a confirm button; focus starts on cancel. */
export function ConfirmDialog({
  open,
  question,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy = false,
}: {
  open: boolean;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const id = useId();
  return (
    <Dialog open={open} onClose={onCancel} role="alertdialog" labelledBy={id}>
      <p id={id} className="mb-4 text-sm">
        {question}
      </p>
      <div className="flex justify-end gap-2">
        <Button kind="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button kind="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
