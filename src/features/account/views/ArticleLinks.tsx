/**
 * Article links (route /account/articlelinks), for customers with ROLE_MANAGE_ARTICLE_LINKS: the company's own article
 * numbers for supplier articles (contract/provider/article-link.ts, docs/decisions/017). The list shows customer
 * number, supplier article number and the article (linked to its product page), with search, sort and paging kept in
 * the query string (ArticleLinkFilters.tsx); create and edit in a dialog (ArticleLinkDialog.tsx), delete after a
 * confirmation; the CSV export and import with its report of every row are ArticleLinkTransfer.tsx's.
 */
import { useState } from 'react';
import { useHref } from 'react-router';
import {
  ARTICLE_LINK_DEFAULT_LIMIT,
  type ArticleLink,
  type ArticleLinkImportResponse,
} from '../../../../contract/provider/article-link.ts';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { Button } from '../../../components/ui/form.tsx';
import { ListResult, Pager } from '../../../components/ui/ListKit.tsx';
import { RowThumbnail } from '../../../components/ui/RowThumbnail.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useConfirmedAction, useNotify } from '../../../components/ui/use-action.ts';
import type { MessageKey } from '../../../i18n/locales.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { useUrlState } from '../../../lib/url-state.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { deleteArticleLink, listArticleLinks } from '../article-link-api.ts';
import { LinkDialog } from './ArticleLinkDialog.tsx';
import { ArticleLinkSearch, articleLinkListUrl, type ArticleLinkSort } from './ArticleLinkFilters.tsx';
import { ImportReport, TransferBar } from './ArticleLinkTransfer.tsx';

/** The sortable columns with their headings; the article column sorts by name. */
const COLUMNS: readonly { sort: ArticleLinkSort; labelKey: MessageKey }[] = [
  { sort: 'customerSku', labelKey: 'articleLinks.customerSku' },
  { sort: 'productNumber', labelKey: 'articleLinks.productNumber' },
  { sort: 'name', labelKey: 'articleLinks.article' },
];

/** The list screen: heading, transfer, search, the sortable table with edit and delete, and the pager. */
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

  const sortBy = (sort: ArticleLinkSort) =>
    update({ sort, order: query.sort === sort && query.order === 'asc' ? 'desc' : 'asc' });
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
      <ArticleLinkSearch term={draft.term} onTerm={(term) => update({ term })} />
      <ListResult
        result={result}
        emptyText={query.term ? t('articleLinks.noMatch') : t('articleLinks.empty')}
        countText={(count) => t('articleLinks.total', { count })}
      >
        {(links) => (
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
              {links.map((link) => (
                <LinkRow key={link.id} link={link} onEdit={setEditing} onDelete={remove.ask} />
              ))}
            </tbody>
          </ScrollTable>
        )}
      </ListResult>
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
