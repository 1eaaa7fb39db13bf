import { CART_ERROR_MESSAGES, cartErrorMessage } from '../../lib/cart/cart-messages.ts';
import { useCombobox } from 'downshift';
import { useEffect, useId, useRef, useState, type ChangeEvent, type ClipboardEvent, type FormEvent } from 'react';
import { Button, FormError } from '../../components/ui/form.tsx';
import { useAction } from '../../components/ui/use-action.ts';
import { TableHead } from '../../components/ui/TableHead.tsx';
import type { MessageKey } from '../../i18n/locales.ts';
import { I18nProvider, useI18n, type I18nValue, type IslandI18nProp } from '../../i18n/react.tsx';
import { $customer, $sessionChecked, hasRight, isLoggedIn, refreshSession } from '../../lib/session/session-store.ts';
import { useHydratedStore } from '../../lib/use-hydrated-store.ts';
import { mayLookUpArticleLinks } from '../../lib/article-links.ts';
import {
  isTabularPaste,
  MAX_CSV_BYTES,
  parseCsvLines,
  parsePastedLines,
  type ParsedLines,
  type QuickOrderLine,
} from './quick-order-input.ts';
import {
  addAcceptedRows,
  lookupArticles,
  resolveLines,
  type CartNote,
  type CustomerSkuRow,
  type RejectedRow,
  type RowProblem,
} from './quick-order-resolve.ts';
import { SUGGEST_MIN_LENGTH, suggestArticles, type ArticleSuggestion } from './quick-order-suggest.ts';

/** The right a buyer needs for the quick order (contract/rights.ts). */
export const QUICK_ORDER_RIGHT = 'ROLE_ACCESS_QUICK_ORDER_FORM';
/** Rows of an empty form. */
export const INITIAL_ROWS = 3;
/** Delay between the last keystroke in an article field and the suggestion call, in milliseconds. */
export const SUGGEST_DEBOUNCE_MS = 300;

/** The catalogue keys of the island, for `islandMessages(locale, QUICK_ORDER_MESSAGES)`. */
export const QUICK_ORDER_MESSAGES = [
  'quickOrder.',
  ...CART_ERROR_MESSAGES,
  'header.login',
  'errors.',
  'general.error',
] as const satisfies readonly (MessageKey | `${string}.`)[];

export interface QuickOrderFormProps {
  /** `islandMessages(locale, QUICK_ORDER_MESSAGES)`. */
  i18n: IslandI18nProp;
  /** Path prefix of the domain ('' or '/en'). */
  prefix: string;
  /** Full page navigation to the login page (tests replace it). */
  navigate?: (href: string) => void;
}

/** One row of the form: the line as typed, a stable key, and the reason it was not added, if it was not. */
interface FormRow extends QuickOrderLine {
  key: number;
  problem?: string;
}

let nextKey = 0;
const newRow = (line: Partial<QuickOrderLine> = {}): FormRow => ({
  key: ++nextKey,
  article: '',
  quantity: '',
  remark: '',
  ...line,
});
const isBlank = (row: QuickOrderLine) => row.article === '' && row.quantity === '' && row.remark === '';

/** A file's text as UTF-8 (FileReader, which every browser and the test DOM offer). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file, 'utf-8');
  });
}

/** The translated reason of a rejected row, with its numbers in the locale's format. */
export function problemText(problem: RowProblem, { t, number }: Pick<I18nValue, 't' | 'number'>): string {
  switch (problem.reason) {
    case 'duplicate':
      return t('quickOrder.reason.duplicate', { row: problem.firstRow });
    case 'belowMin':
      return t('quickOrder.reason.belowMin', { min: number(problem.rules.min) });
    case 'aboveMax':
      return t('quickOrder.reason.aboveMax', { max: number(problem.rules.max ?? problem.suggested) });
    case 'offStep':
      return t('quickOrder.reason.offStep', { step: number(problem.rules.step), min: number(problem.rules.min) });
    default:
      return t(`quickOrder.reason.${problem.reason}`);
  }
}

/**
 * /quick-order: buyers holding ROLE_ACCESS_QUICK_ORDER_FORM enter article numbers or EANs with quantities (with
 * suggestions from the quick search), paste lines from a spreadsheet or upload a CSV file, and add them to the cart
 * at once. Every row is checked first (src/features/quick-order/quick-order-resolve.ts); the valid rows go into the
 * cart in one request, the others stay in the form with their reason and are listed row by row, with the nearest
 * valid quantity where the quantity was off. Anonymous visitors are sent to the login page and back; without the
 * right the page says so.
 */
export default function QuickOrderForm({ i18n, ...props }: QuickOrderFormProps) {
  return (
    <I18nProvider i18n={i18n}>
      <QuickOrder {...props} />
    </I18nProvider>
  );
}

function QuickOrder({ prefix, navigate = (href) => window.location.assign(href) }: Omit<QuickOrderFormProps, 'i18n'>) {
  const { t } = useI18n();
  const customer = useHydratedStore($customer, null);
  const checked = useHydratedStore($sessionChecked, false);
  const loggedIn = isLoggedIn(customer);
  useEffect(() => {
    void refreshSession();
  }, []);
  useEffect(() => {
    if (checked && !loggedIn) navigate(`${prefix}/auth?redirect=${encodeURIComponent(`${prefix}/quick-order`)}`);
  }, [checked, loggedIn, navigate, prefix]);

  if (!checked || !loggedIn) return <p role="status">{t('quickOrder.loading')}</p>;
  if (!hasRight(QUICK_ORDER_RIGHT, customer)) return <p role="alert">{t('quickOrder.missingRight')}</p>;
  return <OrderForm prefix={prefix} />;
}

interface Outcome {
  added: number;
  /** The rows not added, with the key of their form row and their reason's text. */
  rejected: (RejectedRow & { key: number; text: string })[];
  notes: CartNote[];
  /** The rows whose article was found by the customer's own number. */
  byCustomerSku: CustomerSkuRow[];
}

function OrderForm({ prefix }: { prefix: string }) {
  const i18n = useI18n();
  const { t, number } = i18n;
  const [rows, setRows] = useState<FormRow[]>(() => Array.from({ length: INITIAL_ROWS }, () => newRow()));
  const [status, setStatus] = useState<string[]>([]);
  const [formError, setFormError] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pasted, setPasted] = useState('');
  const outcomeRef = useRef<HTMLDivElement>(null);
  const pasteId = useId();
  const uploadId = useId();

  const update = (key: number, change: Partial<FormRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, problem: undefined, ...change } : row)));

  /** Puts read lines into the form: in place of row `at` (a paste into its field), else in place of the empty rows. */
  const takeOver = ({ lines, headerSkipped }: ParsedLines, at?: number) => {
    const added = lines.map((line) => newRow(line));
    setRows((current) => {
      if (at !== undefined) {
        const index = current.findIndex((row) => row.key === at);
        return [...current.slice(0, index), ...added, ...current.slice(index + 1)];
      }
      const kept = current.filter((row) => !isBlank(row));
      return kept.length + added.length > 0 ? [...kept, ...added] : [newRow()];
    });
    setStatus([
      lines.length > 0 ? t('quickOrder.linesRead', { count: lines.length }) : t('quickOrder.noLines'),
      ...(headerSkipped ? [t('quickOrder.headerSkipped')] : []),
    ]);
  };

  const onUpload = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    setFormError([]);
    if (!file) return;
    if (file.size > MAX_CSV_BYTES) return setFormError([t('quickOrder.upload.tooLarge')]);
    try {
      takeOver(parseCsvLines(await readText(file)));
    } catch {
      setFormError([t('quickOrder.upload.unreadable')]);
    }
  };

  const { busy, run } = useAction(async (submitted: FormRow[]) => {
    const numbered = submitted.map((line, index) => ({ row: index + 1, line })).filter(({ line }) => !isBlank(line));
    const { products, customerSkus } = await lookupArticles(
      [...new Set(numbered.map(({ line }) => line.article).filter(Boolean))],
      mayLookUpArticleLinks(),
    );
    const { accepted, rejected, byCustomerSku } = resolveLines(numbered, products, customerSkus);
    const notes = accepted.length > 0 ? await addAcceptedRows(accepted) : [];
    const texts = new Map(rejected.map((entry) => [entry.row, problemText(entry.problem, i18n)]));
    const remaining = numbered.filter(({ row }) => texts.has(row));
    setRows(
      remaining.length > 0
        ? remaining.map(({ row, line }) => ({ ...line, problem: texts.get(row) }))
        : [...Array.from({ length: INITIAL_ROWS }, () => newRow())],
    );
    setOutcome({
      added: accepted.length,
      rejected: rejected.map((entry) => ({
        ...entry,
        key: submitted[entry.row - 1]!.key,
        text: texts.get(entry.row) ?? '',
      })),
      notes,
      byCustomerSku,
    });
    setStatus([]);
  });

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError([]);
    if (rows.every(isBlank)) return setFormError([t('quickOrder.empty')]);
    setOutcome(null);
    run(rows);
  };

  /** Puts a suggested quantity into the form row `key` (a row kept after a submit). */
  const applySuggested = (key: number, quantity: number) =>
    update(key, { quantity: number(quantity, { useGrouping: false }) });

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">{t('quickOrder.intro')}</p>

      <div ref={outcomeRef} tabIndex={-1} aria-live="polite" className="flex flex-col gap-4 outline-none">
        {outcome && <OutcomeReport outcome={outcome} prefix={prefix} onUseSuggested={applySuggested} />}
      </div>

      <form noValidate onSubmit={onSubmit} aria-busy={busy} className="flex flex-col gap-4">
        <FormError title={t('general.error')} messages={formError} />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-lg font-semibold">{t('quickOrder.rows')}</legend>
          <div
            aria-hidden="true"
            className="hidden gap-2 text-sm font-semibold sm:grid sm:grid-cols-[2rem_1fr_8rem_auto]"
          >
            <span />
            <span>{t('quickOrder.field.article')}</span>
            <span>{t('quickOrder.field.quantity')}</span>
            <span className="w-9" />
          </div>
          {rows.map((row, index) => (
            <ArticleRow
              key={row.key}
              row={row}
              number={index + 1}
              removable={rows.length > 1}
              onChange={(change) => update(row.key, change)}
              onRemove={() => setRows((current) => current.filter((other) => other.key !== row.key))}
              onPasteLines={(text) => takeOver(parsePastedLines(text), row.key)}
            />
          ))}
          <div>
            <Button kind="secondary" onClick={() => setRows((current) => [...current, newRow()])}>
              {t('quickOrder.addRow')}
            </Button>
          </div>
        </fieldset>
        <div>
          <Button type="submit" busy={busy}>
            {t('quickOrder.submit')}
          </Button>
        </div>
      </form>

      <p role="status" className="text-sm">
        {status.join(' ')}
      </p>

      <div className="grid gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <label htmlFor={pasteId} className="font-semibold">
            {t('quickOrder.paste.label')}
          </label>
          <p id={`${pasteId}-hint`} className="text-sm text-muted">
            {t('quickOrder.paste.hint')}
          </p>
          <textarea
            id={pasteId}
            aria-describedby={`${pasteId}-hint`}
            rows={5}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            className="w-full rounded border border-line px-3 py-2 font-mono text-sm focus:outline-2 focus:outline-primary"
          />
          <div>
            <Button
              kind="secondary"
              onClick={() => {
                takeOver(parsePastedLines(pasted));
                setPasted('');
              }}
            >
              {t('quickOrder.paste.apply')}
            </Button>
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor={uploadId} className="font-semibold">
            {t('quickOrder.upload.label')}
          </label>
          <p id={`${uploadId}-hint`} className="text-sm text-muted">
            {t('quickOrder.upload.hint')}
          </p>
          <input
            id={uploadId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={`${uploadId}-hint`}
            onChange={(event) => void onUpload(event)}
            className="w-full text-sm"
          />
        </div>
      </div>
    </div>
  );
}

const INPUT = 'w-full rounded border px-3 py-2 focus:outline-2 focus:outline-primary';

/** One form row: the article field with suggestions, the quantity and the remove button; its reason when rejected. */
function ArticleRow({
  row,
  number,
  removable,
  onChange,
  onRemove,
  onPasteLines,
}: {
  row: FormRow;
  number: number;
  removable: boolean;
  onChange: (change: Partial<QuickOrderLine>) => void;
  onRemove: () => void;
  onPasteLines: (text: string) => void;
}) {
  const { t } = useI18n();
  const quantityId = useId();
  const problemId = useId();
  const quantityRef = useRef<HTMLInputElement>(null);
  const [suggestions, setSuggestions] = useState<ArticleSuggestion[]>([]);
  const term = row.article.trim();

  useEffect(() => {
    if (term.length < SUGGEST_MIN_LENGTH) return setSuggestions([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      suggestArticles(term, controller.signal).then(
        (found) => {
          if (!controller.signal.aborted) setSuggestions(found);
        },
        () => {
          if (!controller.signal.aborted) setSuggestions([]);
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  const { isOpen, highlightedIndex, getInputProps, getItemProps, getLabelProps, getMenuProps } =
    useCombobox<ArticleSuggestion>({
      items: suggestions,
      itemToString: (item) => item?.productNumber ?? '',
      selectedItem: null,
      // Downshift owns the field's value, so fast input (a barcode scanner) loses no keystroke; the row follows.
      initialInputValue: row.article,
      onInputValueChange: ({ inputValue, type }) => {
        onChange({ article: (inputValue ?? '').trim() });
        if (type === useCombobox.stateChangeTypes.ItemClick || type === useCombobox.stateChangeTypes.InputKeyDownEnter)
          quantityRef.current?.focus();
      },
    });

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!isTabularPaste(text)) return;
    event.preventDefault();
    onPasteLines(text);
  };

  const showMenu = isOpen && suggestions.length > 0;
  return (
    <div className="rounded border border-line p-2 sm:border-0 sm:p-0">
      <div className="grid grid-cols-[2rem_1fr_auto] items-start gap-2 sm:grid-cols-[2rem_1fr_8rem_auto]">
        <span aria-hidden="true" className="pt-2 text-right text-sm text-muted">
          {number}
        </span>
        <div className="relative">
          <label {...getLabelProps()} className="sr-only">
            {t('quickOrder.field.rowLabel', { row: number, field: t('quickOrder.field.article') })}
          </label>
          <input
            {...getInputProps({
              onPaste,
              autoComplete: 'off',
              spellCheck: false,
              'aria-invalid': row.problem ? true : undefined,
              'aria-describedby': row.problem ? problemId : undefined,
            })}
            className={`${INPUT} ${row.problem ? 'border-primary' : 'border-line'}`}
          />
          <ul
            {...getMenuProps({ 'aria-label': t('quickOrder.suggestions') })}
            className={
              showMenu
                ? 'absolute z-10 mt-1 w-full min-w-64 rounded border border-line bg-white py-1 text-sm shadow-lg'
                : 'hidden'
            }
          >
            {showMenu &&
              suggestions.map((item, index) => (
                <li
                  key={item.id}
                  {...getItemProps({ item, index })}
                  className={`cursor-pointer px-3 py-2 ${highlightedIndex === index ? 'bg-surface' : ''}`}
                >
                  <span className="font-mono font-semibold">{item.productNumber}</span>{' '}
                  <span className="text-muted">{item.name}</span>
                </li>
              ))}
          </ul>
        </div>
        <div className="col-start-2 sm:col-start-auto">
          <label htmlFor={quantityId} className="sr-only">
            {t('quickOrder.field.rowLabel', { row: number, field: t('quickOrder.field.quantity') })}
          </label>
          <input
            ref={quantityRef}
            id={quantityId}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('quickOrder.field.quantity')}
            value={row.quantity}
            onChange={(event) => onChange({ quantity: event.target.value })}
            aria-invalid={row.problem ? true : undefined}
            aria-describedby={row.problem ? problemId : undefined}
            className={`${INPUT} ${row.problem ? 'border-primary' : 'border-line'}`}
          />
        </div>
        <button
          type="button"
          onClick={onRemove}
          disabled={!removable}
          aria-label={t('quickOrder.removeRow', { row: number })}
          className="col-start-3 row-start-1 h-10 w-9 rounded border border-line text-lg leading-none hover:border-primary hover:text-primary disabled:opacity-40 sm:col-start-auto sm:row-start-auto"
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {(row.problem || row.remark) && (
        <div className="mt-1 pl-10 text-sm">
          {row.problem && (
            <p id={problemId} className="text-primary">
              {row.problem}
            </p>
          )}
          {row.remark && <p className="text-muted">{t('quickOrder.remark', { remark: row.remark })}</p>}
        </div>
      )}
    </div>
  );
}

/** What the last submit did: the count added, the rows not added with their reasons, the cart's notes. */
function OutcomeReport({
  outcome,
  prefix,
  onUseSuggested,
}: {
  outcome: Outcome;
  prefix: string;
  onUseSuggested: (key: number, quantity: number) => void;
}) {
  const { t, number } = useI18n();
  const input = (line: QuickOrderLine) => [line.article, line.quantity].filter(Boolean).join(' × ');
  return (
    <>
      <p className={outcome.added > 0 ? 'font-semibold text-green-800' : 'font-semibold'}>
        {outcome.added > 0 ? t('quickOrder.result.added', { count: outcome.added }) : t('quickOrder.result.noneAdded')}{' '}
        {outcome.added > 0 && (
          <a href={`${prefix}/checkout`} className="text-primary underline">
            {t('quickOrder.result.toCart')}
          </a>
        )}
      </p>
      {outcome.rejected.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[20rem] text-left text-sm">
            <caption className="mb-1 text-left">
              <span className="block text-base font-semibold">{t('quickOrder.result.title')}</span>
              <span className="text-muted">{t('quickOrder.result.kept')}</span>
            </caption>
            <TableHead
              cell="py-1 pr-2"
              columns={[
                { label: t('quickOrder.result.row') },
                { label: t('quickOrder.result.input') },
                { label: t('quickOrder.result.reason') },
                { label: t('quickOrder.result.suggested'), cell: 'py-1' },
              ]}
            />
            <tbody>
              {outcome.rejected.map(({ row, key, line, problem, text }) => (
                <tr key={row} className="border-b border-line align-top">
                  <td className="py-1 pr-2">{row}</td>
                  <td className="py-1 pr-2 font-mono break-all">{input(line)}</td>
                  <td className="py-1 pr-2">{text}</td>
                  <td className="py-1">
                    {'suggested' in problem && (
                      <button
                        type="button"
                        onClick={() => onUseSuggested(key, problem.suggested)}
                        className="text-primary underline"
                      >
                        {t('quickOrder.result.useSuggested', { quantity: number(problem.suggested) })}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {outcome.byCustomerSku.length > 0 && (
        <div>
          <h2 className="font-semibold">{t('quickOrder.result.byCustomerSku')}</h2>
          <ul className="list-disc pl-5 text-sm">
            {outcome.byCustomerSku.map(({ row, customerSku, productNumber }) => (
              <li key={row} className="break-words">
                {t('quickOrder.result.byCustomerSkuRow', { row, customerSku, productNumber })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {outcome.notes.length > 0 && (
        <div>
          <h2 className="font-semibold">{t('quickOrder.result.notesTitle')}</h2>
          <ul className="list-disc pl-5 text-sm">
            {outcome.notes.map(({ row, line, error }) => (
              <li key={`${row}-${error.key}`}>
                {t('quickOrder.result.row')} {row}: {cartErrorMessage(error, t, input(line))}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
