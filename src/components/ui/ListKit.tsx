/**
 * The list kit of the account screens: the loading line, the pager ("Previous", "Page n of m", "Next") and the
 * result block of a list (loading, empty, or the count and the rows), each with one markup and the same texts
 * everywhere.
 */
import type { ReactNode } from 'react';
import type { MessageKey } from '../../i18n/locales.ts';
import { useI18n } from '../../i18n/react.tsx';
import { Button } from './form.tsx';

/** The line shown while a screen's data loads (a polite status for screen readers). */
export function Loading() {
  const { t } = useI18n();
  return (
    <p role="status" className="text-sm text-muted">
      {t('account.loading')}
    </p>
  );
}

/** The texts of a pager: the navigation's name, the two buttons and "Page {page} of {pages}". */
export interface PagerTexts {
  label: MessageKey;
  previous: MessageKey;
  next: MessageKey;
  pageOf: MessageKey;
}

const ACCOUNT_PAGER: PagerTexts = {
  label: 'account.pagination',
  previous: 'account.previous',
  next: 'account.next',
  pageOf: 'account.pageOf',
};

/**
 * Previous and next page with "Page n of m" for a list of `total` rows, `pageSize` a page; nothing for a single page.
 * `page` is 1-based; `onPage` gets the page to show.
 */
export function Pager({
  page,
  total,
  pageSize,
  onPage,
  texts = ACCOUNT_PAGER,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
  texts?: PagerTexts;
}) {
  const { t } = useI18n();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={t(texts.label)} className="flex flex-wrap items-center gap-2 text-sm">
      <Button kind="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t(texts.previous)}
      </Button>
      <span>{t(texts.pageOf, { page, pages })}</span>
      <Button kind="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t(texts.next)}
      </Button>
    </nav>
  );
}

/**
 * The result block of a list, announced politely: the loading line while `result` is null, `emptyText` for no rows,
 * else `countText(total)` above the rows `children` renders.
 */
export function ListResult<T>({
  result,
  emptyText,
  countText,
  children,
}: {
  result: { elements: T[]; total: number } | null;
  emptyText: ReactNode;
  countText?: (count: number) => string;
  children: (elements: T[]) => ReactNode;
}) {
  return (
    <div aria-live="polite" aria-busy={result === null}>
      {result === null ? (
        <Loading />
      ) : result.elements.length === 0 ? (
        <p className="text-sm">{emptyText}</p>
      ) : (
        <>
          {countText && <p className="mb-2 text-sm text-muted">{countText(result.total)}</p>}
          {children(result.elements)}
        </>
      )}
    </div>
  );
}
