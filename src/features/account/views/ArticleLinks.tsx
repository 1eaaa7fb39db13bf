/**
 * Article links (route /account/articlelinks), for customers with ROLE_MANAGE_ARTICLE_LINKS: the company's own article
 * numbers for supplier articles (contract/provider/article-link.ts, docs/decisions/017). The list shows customer
 * number, supplier article number and the article (linked to its product page), with search, sort and paging kept in
 * the query string (`?term=…&sort=…&order=…&page=…`, so a reload or a shared link shows the same page); create and
 * edit in a dialog (a number in use, an article with a number already or an unknown article is shown at its field),
 * delete after a confirmation; the CSV export is saved as a file and the CSV import shows the server's report of
 * every row.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useHref } from 'react-router';
import {
  ARTICLE_LINK_DEFAULT_LIMIT,
  ARTICLE_LINK_ERRORS,
  ARTICLE_LINK_IMPORT_MAX_BYTES,
  ARTICLE_LINK_SORTS,
  CUSTOMER_SKU_MAX_LENGTH,
  PRODUCT_NUMBER_MAX_LENGTH,
  type ArticleLink,
  type ArticleLinkImportResponse,
  type ArticleLinkImportRow,
  type ArticleLinkRequest,
} from '../../../../contract/provider/article-link.ts';
import { ConfirmDialog, Dialog } from '../../../components/ui/Dialog.tsx';
import { Button, FormActions, FormError, TextField } from '../../../components/ui/form.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { RowThumbnail } from '../../../components/ui/RowThumbnail.tsx';
import { useAction, useConfirmedAction, useNotify } from '../../../components/ui/use-action.ts';
import type { MessageKey } from '../../../i18n/locales.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { saveFile } from '../../../lib/download.ts';
import type { FieldErrors } from '../../../lib/forms/validation.ts';
import { errorItemMessage, errorMessages, type ErrorTranslator } from '../../../lib/store-api/error-messages.ts';
import { StoreApiClientError } from '../../../lib/store-api/errors.ts';
import {
  createArticleLink,
  deleteArticleLink,
  exportArticleLinks,
  importArticleLinks,
  listArticleLinks,
  updateArticleLink,
} from '../article-link-api.ts';
import { choiceParam, pageParam, textParam, urlCodec, useUrlState } from '../../../lib/url-state.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Loading, Pager } from '../../../components/ui/ListKit.tsx';

type Sort = (typeof ARTICLE_LINK_SORTS)[number];

/**
 * The list's query string: term, sort (unset reads as customerSku), order ('desc', anything else reads as asc) and
 * page (default 1). A sort chosen in the table is written with its order, even the default one.
 */
export const articleLinkListUrl = urlCodec({
  term: textParam(),
  sort: choiceParam(ARTICLE_LINK_SORTS),
  order: choiceParam(['asc', 'desc']),
  page: pageParam(),
});

/** The sortable columns with their headings; the article column sorts by name. */
const COLUMNS: readonly { sort: Sort; labelKey: MessageKey }[] = [
  { sort: 'customerSku', labelKey: 'articleLinks.customerSku' },
  { sort: 'productNumber', labelKey: 'articleLinks.productNumber' },
  { sort: 'name', labelKey: 'articleLinks.article' },
];

export function ArticleLinks() {
  const { t } = useI18n();
  const { notify, notifyError } = useNotify();
  const { query: url, serialized, draft, update, setPage } = useUrlState(articleLinkListUrl);
  const query = { ...url, sort: url.sort || 'customerSku', order: url.order === 'desc' ? 'desc' : 'asc' } as const;
  const [editing, setEditing] = useState<ArticleLink | 'new' | null>(null);
  const [report, setReport] = useState<ArticleLinkImportResponse | null>(null);

  const { data: result, reload } = useResource(
    serialized,
    () =>
      listArticleLinks({
        page: String(query.page),
        limit: String(ARTICLE_LINK_DEFAULT_LIMIT),
        sort: query.sort,
        order: query.order,
        ...(query.term ? { term: query.term } : {}),
      }),
    {
      keep: true,
      onError: (error) => {
        notifyError(error);
        return { elements: [], total: 0, page: 1, limit: ARTICLE_LINK_DEFAULT_LIMIT };
      },
    },
  );

  const remove = useConfirmedAction(async (link: ArticleLink) => {
    await deleteArticleLink(link.id);
    notify('success', t('general.success'), t('articleLinks.deleted', { number: link.customerSku }));
    reload();
  });

  const sortBy = (sort: Sort) => update({ sort, order: query.sort === sort && query.order === 'asc' ? 'desc' : 'asc' });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('articleLinks.title')}</h1>
        <Button onClick={() => setEditing('new')}>{t('articleLinks.create')}</Button>
      </div>
      <p className="text-sm text-muted">{t('articleLinks.intro')}</p>
      <TransferBar
        onImported={(answer) => {
          setReport(answer);
          reload();
        }}
      />
      {report && <ImportReport report={report} onClose={() => setReport(null)} />}
      <div className="max-w-md">
        <TextField
          type="search"
          label={t('articleLinks.search')}
          value={draft.term}
          onValue={(term) => update({ term })}
        />
      </div>
      {result === null ? (
        <Loading />
      ) : result.elements.length === 0 ? (
        <p className="text-sm text-gray-600">{query.term ? t('articleLinks.noMatch') : t('articleLinks.empty')}</p>
      ) : (
        <>
          <p className="text-sm text-muted" aria-live="polite">
            {t('articleLinks.total', { count: result.total })}
          </p>
          <ScrollTable label={t('articleLinks.title')} minWidth="min-w-[36rem]">
            <TableHead
              columns={[
                ...COLUMNS.map(({ sort, labelKey }) => ({
                  key: sort,
                  sort:
                    query.sort === sort
                      ? query.order === 'asc'
                        ? ('ascending' as const)
                        : ('descending' as const)
                      : undefined,
                  label: (
                    <button
                      type="button"
                      onClick={() => sortBy(sort)}
                      className="inline-flex items-center gap-1 font-semibold hover:text-primary"
                    >
                      {t(labelKey)}
                      <span aria-hidden="true">{query.sort === sort ? (query.order === 'asc' ? '▲' : '▼') : ''}</span>
                    </button>
                  ),
                })),
                { key: 'actions', label: t('account.actions'), hiddenLabel: true, cell: 'py-2' },
              ]}
            />
            <tbody>
              {result.elements.map((link) => (
                <LinkRow key={link.id} link={link} onEdit={setEditing} onDelete={remove.ask} />
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
      <Pager page={query.page} total={result?.total ?? 0} pageSize={ARTICLE_LINK_DEFAULT_LIMIT} onPage={setPage} />
      {editing && (
        <LinkDialog
          link={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {remove.target && (
        <ConfirmDialog
          open
          confirmLabel={t('account.delete')}
          cancelLabel={t('account.cancel')}
          question={t('articleLinks.confirmDelete', {
            number: remove.target.customerSku,
            article: remove.target.productId,
          })}
          busy={remove.busy}
          onCancel={remove.cancel}
          onConfirm={remove.confirm}
        />
      )}
    </div>
  );
}

/** A product page path of the list (`product.url`, below the domain's prefix); absolute URLs stay as they are. */
function useProductHref(url: string | null): string | null {
  const relative = useHref(`/${(url ?? '').replace(/^\/+/, '')}`);
  if (!url) return null;
  return /^https?:\/\//.test(url) ? url : relative;
}

function LinkRow({
  link,
  onEdit,
  onDelete,
}: {
  link: ArticleLink;
  onEdit: (link: ArticleLink) => void;
  onDelete: (link: ArticleLink) => void;
}) {
  const { t } = useI18n();
  const href = useProductHref(link.product.url);
  return (
    <tr className="border-b border-gray-100 align-top">
      <td className="py-2 pr-3 font-mono font-semibold break-all">{link.customerSku}</td>
      <td className="py-2 pr-3 font-mono break-all">{link.productId}</td>
      <td className="py-2 pr-3">
        <div className="flex items-start gap-3">
          <RowThumbnail cover={link.product.cover} />
          {href ? (
            <a href={href} className="text-primary hover:underline">
              {link.product.name}
            </a>
          ) : (
            link.product.name
          )}
        </div>
      </td>
      <td className="py-2 text-right whitespace-nowrap">
        <span className="inline-flex gap-2">
          <Button kind="secondary" onClick={() => onEdit(link)}>
            <span aria-hidden="true">{t('account.edit')}</span>
            <span className="sr-only">{t('articleLinks.editNamed', { number: link.customerSku })}</span>
          </Button>
          <Button kind="danger" onClick={() => onDelete(link)}>
            <span aria-hidden="true">{t('account.delete')}</span>
            <span className="sr-only">{t('articleLinks.deleteNamed', { number: link.customerSku })}</span>
          </Button>
        </span>
      </td>
    </tr>
  );
}

const FIELDS = ['productId', 'customerSku'] as const;
type Field = (typeof FIELDS)[number];

/** The field a code of the article link endpoints belongs to when the error item carries no pointer. */
const CODE_FIELDS: Record<string, Field> = {
  [ARTICLE_LINK_ERRORS.customerSkuNotUnique]: 'customerSku',
  [ARTICLE_LINK_ERRORS.productIdNotUnique]: 'productId',
  [ARTICLE_LINK_ERRORS.productIdNotFound]: 'productId',
};

/**
 * Splits a failed save into field errors (the violation's `source.pointer`, else the field its code names) and the
 * remaining messages, each translated by the one error resolver.
 */
export function articleLinkFieldErrors(
  error: unknown,
  i18n: ErrorTranslator,
): { fieldErrors: FieldErrors<Field>; messages: string[] } {
  if (!(error instanceof StoreApiClientError) || error.status !== 400) {
    return { fieldErrors: {}, messages: errorMessages(error, i18n) };
  }
  const fieldErrors: FieldErrors<Field> = {};
  const messages: string[] = [];
  for (const item of error.errors) {
    const pointer = item.source?.pointer?.replace(/^\//, '').split('/')[0];
    const code = (item.code ?? '').replace(/^.*__/, '');
    const field = (FIELDS as readonly string[]).includes(pointer ?? '') ? (pointer as Field) : CODE_FIELDS[code];
    if (field && fieldErrors[field] === undefined) fieldErrors[field] = errorItemMessage(item, i18n);
    else if (!field) messages.push(errorItemMessage(item, i18n));
  }
  return { fieldErrors, messages };
}

/** Create (`link` null) or edit one link in a dialog: supplier article number and own number. */
function LinkDialog({
  link,
  onClose,
  onSaved,
}: {
  link: ArticleLink | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const { notify } = useNotify();
  const [values, setValues] = useState<ArticleLinkRequest>({
    productId: link?.productId ?? '',
    customerSku: link?.customerSku ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [messages, setMessages] = useState<string[]>([]);
  const { busy, run } = useAction(async (request: ArticleLinkRequest) => {
    try {
      if (link) await updateArticleLink(link.id, request);
      else await createArticleLink(request);
    } catch (error) {
      const split = articleLinkFieldErrors(error, i18n);
      setErrors(split.fieldErrors);
      setMessages(split.messages);
      return;
    }
    notify('success', t('general.success'), t('articleLinks.saved', { number: request.customerSku }));
    onSaved();
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = { productId: values.productId.trim(), customerSku: values.customerSku.trim() };
    const found: FieldErrors<Field> = {};
    const limits: Record<Field, number> = {
      productId: PRODUCT_NUMBER_MAX_LENGTH,
      customerSku: CUSTOMER_SKU_MAX_LENGTH,
    };
    for (const field of FIELDS) {
      if (!request[field]) found[field] = t('validation.required');
      else if (request[field].length > limits[field]) found[field] = t('validation.maxLength', { max: limits[field] });
    }
    setErrors(found);
    setMessages([]);
    if (Object.keys(found).length === 0) run(request);
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={link ? t('articleLinks.edit') : t('articleLinks.create')}
      closeLabel={t('account.notification.close')}
    >
      <form noValidate onSubmit={submit}>
        <FormError title={t('general.error')} messages={messages} />
        <TextField
          label={t('articleLinks.productNumber')}
          required
          value={values.productId}
          onValue={(productId) => setValues((v) => ({ ...v, productId }))}
          maxLength={PRODUCT_NUMBER_MAX_LENGTH}
          autoComplete="off"
          error={errors.productId}
        />
        <TextField
          label={t('articleLinks.customerSku')}
          required
          value={values.customerSku}
          onValue={(customerSku) => setValues((v) => ({ ...v, customerSku }))}
          maxLength={CUSTOMER_SKU_MAX_LENGTH}
          autoComplete="off"
          error={errors.customerSku}
        />
        <FormActions
          busy={busy}
          submitLabel={t('account.save')}
          cancel={
            <Button kind="secondary" onClick={onClose}>
              {t('account.cancel')}
            </Button>
          }
        />
      </form>
    </Dialog>
  );
}

/** Export (saved as a CSV file) and import (a CSV file of at most 2 MiB, sent as `text/csv`). */
function TransferBar({ onImported }: { onImported: (report: ArticleLinkImportResponse) => void }) {
  const { t, number } = useI18n();
  const { notifyError } = useNotify();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);

  async function download() {
    setExporting(true);
    try {
      const { blob, fileName } = await exportArticleLinks();
      saveFile(blob, fileName ?? `${t('articleLinks.fileName')}.csv`);
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    setFileError(null);
    if (!file) return;
    if (file.size > ARTICLE_LINK_IMPORT_MAX_BYTES) {
      setFileError(
        t('articleLinks.import.tooLarge', {
          size: number(ARTICLE_LINK_IMPORT_MAX_BYTES / 1024 / 1024, { maximumFractionDigits: 1 }),
        }),
      );
      return;
    }
    setImporting(true);
    try {
      onImported(await importArticleLinks(file));
    } catch (error) {
      notifyError(error);
    } finally {
      setImporting(false);
    }
  }

  return (
    <section aria-labelledby="article-links-transfer" className="rounded border border-line p-4">
      <h2 id="article-links-transfer" className="mb-2 font-semibold">
        {t('articleLinks.transfer')}
      </h2>
      <p className="mb-3 text-sm text-muted">{t('articleLinks.import.hint')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button kind="secondary" busy={exporting} onClick={() => void download()}>
          {t('articleLinks.export')}
        </Button>
        <label
          className={`cursor-pointer rounded border border-line bg-white px-4 py-2.5 text-sm font-semibold focus-within:outline-2 focus-within:outline-primary hover:border-primary hover:text-primary ${importing ? 'pointer-events-none opacity-60' : ''}`}
          aria-busy={importing || undefined}
        >
          {t('articleLinks.import.label')}
          <input
            type="file"
            accept=".csv,text/csv"
            className="sr-only"
            disabled={importing}
            onChange={(event) => void upload(event)}
          />
        </label>
        {importing && (
          <span role="status" className="text-sm text-muted">
            {t('articleLinks.import.running')}
          </span>
        )}
      </div>
      {fileError && (
        <p role="alert" className="mt-2 text-sm text-primary">
          {fileError}
        </p>
      )}
    </section>
  );
}

/** The translated error of one import row: the endpoint's codes through the one resolver, violation codes here. */
function useRowError(): (error: NonNullable<ArticleLinkImportRow['error']>) => string {
  const i18n = useI18n();
  return (error) => {
    const violation = `articleLinks.violation.${error.code}`;
    const text = i18n.has(`errors.${error.code}`)
      ? errorItemMessage({ status: '400', code: error.code, title: '', detail: '' }, i18n)
      : i18n.has(violation)
        ? i18n.t(violation as MessageKey)
        : i18n.t('articleLinks.violation.other', { code: error.code });
    const field = error.field === 'customerSku' ? 'articleLinks.customerSku' : 'articleLinks.productNumber';
    return `${i18n.t(field)}: ${text}`;
  };
}

/** The import's report: the counts and every row of the file with its result. */
function ImportReport({ report, onClose }: { report: ArticleLinkImportResponse; onClose: () => void }) {
  const { t } = useI18n();
  const rowError = useRowError();
  return (
    <section aria-labelledby="article-links-report" className="rounded border border-line p-4" tabIndex={-1}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="article-links-report" className="font-semibold">
          {t('articleLinks.report.title')}
        </h2>
        <Button kind="secondary" onClick={onClose}>
          {t('articleLinks.report.close')}
        </Button>
      </div>
      <p role="status" className="mb-3 text-sm">
        {t('articleLinks.report.counts', {
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
          errors: report.errors,
        })}
      </p>
      {report.rows.length === 0 ? (
        <p className="text-sm text-muted">{t('articleLinks.report.noRows')}</p>
      ) : (
        <ScrollTable label={t('articleLinks.report.title')} minWidth="min-w-[36rem]">
          <TableHead
            columns={[
              { label: t('articleLinks.report.line') },
              { label: t('articleLinks.productNumber') },
              { label: t('articleLinks.customerSku') },
              { label: t('articleLinks.report.result') },
              { label: t('articleLinks.report.error'), cell: 'py-2' },
            ]}
          />
          <tbody>
            {report.rows.map((row) => (
              <tr key={row.line} className="border-b border-gray-100 align-top">
                <td className="py-2 pr-3 tabular-nums">{row.line}</td>
                <td className="py-2 pr-3 font-mono break-all">{row.productId}</td>
                <td className="py-2 pr-3 font-mono break-all">{row.customerSku}</td>
                <td className={`py-2 pr-3 ${row.result === 'error' ? 'font-semibold text-primary' : ''}`}>
                  {t(`articleLinks.result.${row.result}`)}
                </td>
                <td className="py-2">{row.error ? rowError(row.error) : ''}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}
