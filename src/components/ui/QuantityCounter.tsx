import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { MessageKey } from '../../i18n/locales.ts';
import { I18nProvider, useI18n, type IslandI18nProp } from '../../i18n/react.tsx';
import {
  COUNTER_HOLD_DELAY_MS,
  COUNTER_REPEAT_MS,
  DEFAULT_MIN_QUANTITY,
  DEFAULT_QUANTITY_STEP,
  decreaseQuantity,
  formatQuantity,
  increaseQuantity,
  normaliseQuantity,
  parseQuantity,
  validateQuantity,
  type QuantityRules,
} from '../../lib/quantity.ts';

/** Name of the DOM event the counter dispatches on every change (bubbles up to `document` and `window`). */
export const QUANTITY_EVENT = 'werkbank:quantity';

/**
 * `detail` of the {@link QUANTITY_EVENT} event.
 * `value` is the input's text as a decimal string (dot separator); `quantity` its numeric value or `null` when the
 * input is unreadable; `valid` whether it passes the rules.
 */
export interface QuantityEventDetail {
  name: string;
  value: string;
  quantity: number | null;
  valid: boolean;
}

/** Visual state of the counter: untouched, a valid change by the buyer, or a value breaking the rules. */
export type CounterStatus = 'default' | 'success' | 'error';

export interface QuantityCounterProps {
  /** Minimum purchase (minSalesQuantity); default 1. The counter resets to it when it changes. */
  min: number;
  /** Maximum purchase; `null` = unlimited. */
  max: number | null;
  /** Purchase step; default 1. */
  step: number;
  /** Initial quantity; default `min`. */
  initial?: number;
  /** Name of the form field that carries the quantity; default 'quantity'. */
  name?: string;
  /** Order unit (UN/ECE Rec 20 code, e.g. C62): the hints name it ("sold per 10 pieces"). */
  unit?: string | null;
  /** `islandMessages(locale, COUNTER_MESSAGES)`. */
  i18n: IslandI18nProp;
}

/** The catalogue keys of the island, for `islandMessages(locale, COUNTER_MESSAGES)`. */
export const COUNTER_MESSAGES = ['counter.', 'units.'] as const satisfies readonly (MessageKey | `${string}.`)[];

/**
 * Quantity counter island: a minus button, a text input with
 * ARIA spin-button semantics (ArrowUp/ArrowDown step it) and a plus button.
 *
 * Typing shows the error state as soon as the value breaks the rules; blur, plus and minus normalise it (see
 * `src/lib/quantity.ts`). Holding plus or minus repeats every 50 ms after 300 ms. The input is a real form field
 * (`name`, default 'quantity'), so a surrounding form posts the value without script. Every change dispatches a
 * bubbling `werkbank:quantity` CustomEvent with {@link QuantityEventDetail}.
 */
export default function QuantityCounter({ i18n, ...props }: QuantityCounterProps) {
  return (
    <I18nProvider i18n={i18n}>
      <Counter {...props} />
    </I18nProvider>
  );
}

function Counter({ min, max, step, initial, name = 'quantity', unit }: Omit<QuantityCounterProps, 'i18n'>) {
  const { t, quantity: withUnit } = useI18n();
  const rules: QuantityRules = { min: min || DEFAULT_MIN_QUANTITY, max, step: step || DEFAULT_QUANTITY_STEP };
  const startValue = () => formatQuantity(normaliseQuantity(initial ?? rules.min, rules));

  const [text, setText] = useState(startValue);
  const [status, setStatus] = useState<CounterStatus>('default');
  const [resetKey, setResetKey] = useState(`${min}|${initial}`);
  const inputRef = useRef<HTMLInputElement>(null);
  const holdTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const repeatTimer = useRef<ReturnType<typeof setInterval> | null>(null);
  // The latest text, read by the repeat timer, which outlives the render that started it.
  const textRef = useRef(text);
  textRef.current = text;
  const hintId = useId();
  const errorId = useId();

  // The initial quantity resets when minSalesQuantity changes (e.g. another variant is chosen).
  if (resetKey !== `${min}|${initial}`) {
    setResetKey(`${min}|${initial}`);
    setText(startValue());
    setStatus('default');
  }

  const emit = (value: string) => {
    const quantity = parseQuantity(value);
    const detail: QuantityEventDetail = {
      name,
      value: quantity === null ? value : formatQuantity(quantity),
      quantity,
      valid: validateQuantity(quantity, rules) === null,
    };
    inputRef.current?.dispatchEvent(new CustomEvent(QUANTITY_EVENT, { bubbles: true, detail }));
  };

  /** Sets a normalised value; the status turns to success only when the buyer's action changed or fixed it. */
  const commit = (value: number) => {
    const previous = textRef.current;
    const next = formatQuantity(value);
    textRef.current = next;
    setText(next);
    if (next !== previous) {
      setStatus('success');
      emit(next);
    } else {
      setStatus((current) => (current === 'error' ? 'success' : current));
    }
  };

  const stepBy = (direction: 1 | -1) => {
    const current = parseQuantity(textRef.current);
    commit(direction === 1 ? increaseQuantity(current, rules) : decreaseQuantity(current, rules));
  };

  const stopRepeat = () => {
    if (holdTimer.current !== null) clearTimeout(holdTimer.current);
    if (repeatTimer.current !== null) clearInterval(repeatTimer.current);
    holdTimer.current = null;
    repeatTimer.current = null;
  };

  useEffect(() => stopRepeat, []);

  const startRepeat = (direction: 1 | -1) => (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    stopRepeat();
    stepBy(direction);
    holdTimer.current = setTimeout(() => {
      repeatTimer.current = setInterval(() => stepBy(direction), COUNTER_REPEAT_MS);
    }, COUNTER_HOLD_DELAY_MS);
  };

  // Pointer presses step on pointerdown; a click with detail 0 comes from the keyboard (Enter/Space) and steps once.
  const keyboardStep = (direction: 1 | -1) => (event: { detail: number }) => {
    if (event.detail === 0) stepBy(direction);
  };

  const onChange = (value: string) => {
    textRef.current = value;
    setText(value);
    setStatus(validateQuantity(parseQuantity(value), rules) === null ? 'success' : 'error');
    emit(value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      stepBy(event.key === 'ArrowUp' ? 1 : -1);
    } else if (event.key === 'Enter') {
      // Normalise before a surrounding form submits, so it never posts an invalid quantity.
      commit(normaliseQuantity(parseQuantity(textRef.current), rules));
    }
  };

  const quantity = parseQuantity(text);
  const hints = [
    rules.min > 1 ? t('counter.minimum', { min: unit ? withUnit(rules.min, unit) : rules.min }) : null,
    rules.step > 1 ? t('counter.step', { step: unit ? withUnit(rules.step, unit) : rules.step }) : null,
  ].filter((hint) => hint !== null);
  const describedBy = [hints.length > 0 ? hintId : null, status === 'error' ? errorId : null].filter(Boolean).join(' ');
  const borderColour =
    status === 'error' ? 'border-red-600' : status === 'success' ? 'border-green-600' : 'border-neutral-300';
  const buttonClass =
    'flex h-full w-8 shrink-0 items-center justify-center text-lg leading-none text-neutral-700 select-none touch-none hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-[var(--color-primary,#d74c3b)]';

  return (
    <div className="inline-flex flex-col gap-1" data-status={status}>
      <div className={`flex h-10 w-[100px] items-stretch overflow-hidden rounded border bg-white ${borderColour}`}>
        <button
          type="button"
          className={buttonClass}
          aria-label={t('counter.decrease')}
          onPointerDown={startRepeat(-1)}
          onPointerUp={stopRepeat}
          onPointerLeave={stopRepeat}
          onPointerCancel={stopRepeat}
          onClick={keyboardStep(-1)}
        >
          −
        </button>
        <input
          ref={inputRef}
          type="text"
          inputMode="decimal"
          role="spinbutton"
          name={name}
          value={text}
          aria-label={t('counter.quantity')}
          aria-valuenow={quantity ?? undefined}
          aria-valuemin={rules.min}
          aria-valuemax={rules.max ?? undefined}
          aria-invalid={status === 'error'}
          aria-describedby={describedBy || undefined}
          autoComplete="off"
          className="w-full min-w-0 border-x border-neutral-200 text-center text-sm tabular-nums outline-none focus:bg-neutral-50"
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => commit(normaliseQuantity(parseQuantity(textRef.current), rules))}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className={buttonClass}
          aria-label={t('counter.increase')}
          onPointerDown={startRepeat(1)}
          onPointerUp={stopRepeat}
          onPointerLeave={stopRepeat}
          onPointerCancel={stopRepeat}
          onClick={keyboardStep(1)}
        >
          +
        </button>
      </div>
      {hints.length > 0 && (
        <p id={hintId} className="text-xs text-neutral-600">
          {hints.join(' · ')}
        </p>
      )}
      {status === 'error' && (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {t('counter.invalid')}
        </p>
      )}
    </div>
  );
}
