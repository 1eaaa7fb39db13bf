/**
 * The one busy/notify hook of the storefront's forms, on React 19's async transitions (`useTransition` accepts an
 * async function and stays pending until it settles, React documentation "useTransition"): `busy` is true while
 * the action runs, a second submit while busy is ignored, and a failure the action does not handle itself becomes
 * the error notifications of src/lib/notifications.ts.
 */
import { useCallback, useMemo, useRef, useState, useTransition } from 'react';
import { useI18n } from '../../i18n/react.tsx';
import { serverFieldErrors, type FieldErrors } from '../../lib/forms/validation.ts';
import { notify, notifyError } from '../../lib/notifications.ts';

/**
 * Wraps `action`; `run(input)` starts it unless one is running. With `fields`, the server's violations that point
 * at one of them (`source.pointer`) go to `onFieldErrors` and only the rest become notifications.
 */
export function useAction<T, F extends string = never>(
  action: (input: T) => Promise<void>,
  options: { fields?: readonly F[]; onFieldErrors?: (errors: FieldErrors<F>) => void } = {},
): { busy: boolean; run: (input: T) => void } {
  const [busy, startTransition] = useTransition();
  const i18n = useI18n();
  const running = useRef(false);
  const run = (input: T) => {
    if (running.current) return;
    running.current = true;
    startTransition(async () => {
      try {
        await action(input);
      } catch (error) {
        if (options.fields && options.onFieldErrors) {
          const { fieldErrors, messages } = serverFieldErrors(error, options.fields, i18n);
          options.onFieldErrors(fieldErrors);
          for (const text of messages) notify('error', i18n.t('general.error'), text);
        } else {
          notifyError(error, i18n);
        }
      } finally {
        running.current = false;
      }
    });
  };
  return { busy, run };
}

/**
 * An action on one target that asks first (deleting a row after a ConfirmDialog), on useAction: `ask(target)` holds
 * the target (a held target opens the question), `confirm()` runs `action(target)` and lets go of the target once it
 * succeeds, `cancel()` lets go without running. A failure keeps the question open and becomes the error
 * notifications of useAction; `busy` is useAction's.
 */
export function useConfirmedAction<T>(action: (target: T) => Promise<void>): {
  target: T | null;
  busy: boolean;
  ask: (target: T) => void;
  cancel: () => void;
  confirm: () => void;
} {
  const [target, setTarget] = useState<T | null>(null);
  const { busy, run } = useAction(async (chosen: T) => {
    await action(chosen);
    setTarget(null);
  });
  return {
    target,
    busy,
    ask: (next: T) => setTarget(() => next),
    cancel: () => setTarget(null),
    confirm: () => {
      if (target !== null) run(target);
    },
  };
}

/**
 * `notify` and `notifyError` of src/lib/notifications.ts bound to the surrounding translator, stable across
 * renders (safe in effect dependencies).
 */
export function useNotify(): {
  notify: typeof notify;
  notifyError: (error: unknown) => void;
} {
  const i18n = useI18n();
  const onError = useCallback((error: unknown) => notifyError(error, i18n), [i18n]);
  return useMemo(() => ({ notify, notifyError: onError }), [onError]);
}
