/**
 * What the three ERP histories (orders of every channel, invoices, offers) share: the list state with its filters in
 * the query string (text filters reach the URL after QUERY_DEBOUNCE_MS, dates, choices and the page at once; a
 * from-date after the to-date stays in the form with its message and is never sent), the server's violations shown
 * at their filter fields (a `VIOLATION::TOO_HIGH_ERROR` at `/dateFrom` is the Store API's date-range rule), the
 * filter form, status badges and calendar days (paging and the result block are the list kit's).
 */
import { useState } from 'react';
import type { ErpOrderChannel, ErpOrderStatusFilter, OfferStatus } from '../../../../contract/provider/erp.ts';
import { Select, TextField } from '../../../components/ui/form.tsx';
import { useNotify } from '../../../components/ui/use-action.ts';
import { formatDate } from '../../../i18n/format.ts';
import type { MessageKey } from '../../../i18n/locales.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { serverFieldErrors, type FieldErrors } from '../../../lib/forms/validation.ts';
import { StoreApiClientError } from '../../../lib/store-api/errors.ts';
import { isDayRangeValid, useUrlState } from '../../../lib/url-state.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { HISTORY_PAGE_SIZE, historyUrl, type FilterField, type HistoryFilters } from '../erp-api.ts';
import { DateField } from './DateField.tsx';

/** One page of a history answer. */
interface Page<T> {
  elements: T[];
  total: number;
  page: number;
  limit: number;
}

/** The message of a from-date after the to-date, in the form and for the server's violation. */
const RANGE_MESSAGE: MessageKey = 'orders.filter.dateRange';

/** Whether a failed call is the Store API's date-range violation (`TOO_HIGH_ERROR` at `/dateFrom`). */
function isRangeViolation(error: unknown): boolean {
  return (
    error instanceof StoreApiClientError &&
    error.status === 400 &&
    error.errors.some((item) => item.source?.pointer === '/dateFrom' && item.code === 'VIOLATION::TOO_HIGH_ERROR')
  );
}

/**
 * The state of a history screen: the filters of the URL (`query`), the form's `draft`, the page the server answered
 * (`result`, null while loading) and the error of each filter field (the form's date range, else the server's
 * violation for the value the field still holds).
 */
export function useHistoryList<S extends readonly FilterField[], T>(
  spec: S,
  load: (filters: HistoryFilters<S>) => Promise<Page<T>>,
) {
  const i18n = useI18n();
  const { notify } = useNotify();
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const { query, serialized, draft, update, setPage } = useUrlState(historyUrl(spec), {
    valid: (filters) => isDayRangeValid(filters as Record<string, string>),
  });
  const values = draft as Record<string, string>;
  const rangeValid = isDayRangeValid(values);
  const { data: result } = useResource(serialized, () => load(query), {
    onLoad: () => setServerErrors({}),
    onError: (error) => {
      const { fieldErrors, messages } = serverFieldErrors(
        error,
        spec.map((field) => field.name),
        i18n,
      );
      if (isRangeViolation(error)) fieldErrors.dateFrom = i18n.t(RANGE_MESSAGE);
      setServerErrors(fieldErrors);
      for (const text of messages) notify('error', i18n.t('general.error'), text);
      return { elements: [], total: 0, page: 1, limit: HISTORY_PAGE_SIZE };
    },
  });

  const errorOf = (name: string): string | undefined => {
    if (name === 'dateFrom' && !rangeValid) return i18n.t(RANGE_MESSAGE);
    return values[name] === (query as Record<string, string>)[name] ? serverErrors[name] : undefined;
  };
  return {
    query,
    draft: values,
    result,
    errorOf,
    update: (name: string, value: string) => update({ [name]: value } as Partial<HistoryFilters<S>>),
    setPage,
  };
}

/**
 * The filter form of a history: a field per filter of `spec` with its label from `labels`; a choice offers "all"
 * and its values through `choiceLabel`. It folds away under its title (`label`, with the number of filters in use),
 * open from 1024 px and whenever a filter is in use, so on a phone the list comes first.
 */
export function HistoryFilterForm({
  spec,
  label,
  labels,
  choiceLabel,
  draft,
  errorOf,
  update,
}: {
  spec: readonly FilterField[];
  label: string;
  labels: Record<string, string>;
  choiceLabel: (value: string) => string;
  draft: Record<string, string>;
  errorOf: (name: string) => string | undefined;
  update: (name: string, value: string) => void;
}) {
  const { t } = useI18n();
  const active = spec.filter((field) => draft[field.name]).length;
  const [open, setOpen] = useState(
    () => active > 0 || (globalThis.matchMedia?.('(min-width: 1024px)').matches ?? true),
  );
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="rounded border border-line">
      <summary className="cursor-pointer select-none px-4 py-3 text-sm font-semibold">
        {label}
        {active > 0 && ` (${active})`}
      </summary>
      <form
        method="get"
        role="search"
        aria-label={label}
        onSubmit={(e) => e.preventDefault()}
        className="grid gap-x-4 px-4 pb-2 pt-1 sm:grid-cols-2 xl:grid-cols-3"
      >
        {spec.map((field) => {
          const common = {
            label: labels[field.name] ?? field.name,
            value: draft[field.name] ?? '',
            onValue: (value: string) => update(field.name, value),
            error: errorOf(field.name),
          };
          if (field.kind === 'date') return <DateField key={field.name} {...common} />;
          if (field.kind === 'choice')
            return (
              <Select
                key={field.name}
                {...common}
                options={[
                  { value: '', label: t('orders.filter.anyState') },
                  ...field.choices.map((value) => ({ value, label: choiceLabel(value) })),
                ]}
              />
            );
          return <TextField key={field.name} {...common} maxLength={field.maxLength} />;
        })}
      </form>
    </details>
  );
}

/** Cell classes of the history tables (header cells: padding of TableHead's `cell`; TableHead sets the weight). */
export const TH = 'py-2 pr-4 whitespace-nowrap';
export const TD = 'py-2 pr-4 align-top';

/** An ISO calendar day (`2026-11-20`) in the locale's notation, read as that day wherever the browser is. */
export function formatDay(day: string, locale: string): string {
  return formatDate(`${day}T00:00:00Z`, locale, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** The translation of each ERP order status and of the filter-only `not_open`. */
export const ERP_STATUS_KEYS: Readonly<Record<ErpOrderStatusFilter, MessageKey>> = {
  open: 'history.status.open',
  in_progress: 'history.status.in_progress',
  handling: 'history.status.handling',
  not_yet_shipped: 'history.status.not_yet_shipped',
  backorder: 'history.status.backorder',
  blocked: 'history.status.blocked',
  shipped: 'history.status.shipped',
  shipped_and_invoiced: 'history.status.shipped_and_invoiced',
  invoiced: 'history.status.invoiced',
  completed: 'history.status.completed',
  cancelled: 'history.status.cancelled',
  not_open: 'history.status.not_open',
};

/** The translation of each order channel. */
export const CHANNEL_KEYS: Readonly<Record<ErpOrderChannel, MessageKey>> = {
  shop: 'history.channel.shop',
  phone: 'history.channel.phone',
  email: 'history.channel.email',
  edi: 'history.channel.edi',
  counter: 'history.channel.counter',
};

/** The translation of each offer status. */
export const OFFER_STATUS_KEYS: Readonly<Record<OfferStatus, MessageKey>> = {
  open: 'offers.status.open',
  processed: 'offers.status.processed',
};

const TONE = {
  neutral: 'bg-gray-100 text-gray-900',
  busy: 'bg-amber-100 text-amber-900',
  done: 'bg-green-100 text-green-900',
  stop: 'bg-red-100 text-red-900',
  sent: 'bg-blue-100 text-blue-900',
} as const;

const STATUS_TONE: Readonly<Record<ErpOrderStatusFilter | OfferStatus, keyof typeof TONE>> = {
  open: 'neutral',
  in_progress: 'busy',
  handling: 'busy',
  not_yet_shipped: 'busy',
  backorder: 'busy',
  blocked: 'stop',
  shipped: 'sent',
  shipped_and_invoiced: 'sent',
  invoiced: 'sent',
  completed: 'done',
  cancelled: 'stop',
  not_open: 'neutral',
  processed: 'done',
};

/** A status as a coloured badge with its translated name (the colour only repeats what the text says). */
export function StatusBadge({ status, label }: { status: ErpOrderStatusFilter | OfferStatus; label: string }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ${TONE[STATUS_TONE[status]]}`}
    >
      {label}
    </span>
  );
}
