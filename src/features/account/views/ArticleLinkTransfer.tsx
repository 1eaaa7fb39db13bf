/**
 * The CSV transfer of the article links (ArticleLinks.tsx): the export, saved as a file, and the import of a CSV file
 * of at most ARTICLE_LINK_IMPORT_MAX_BYTES (2 MiB, refused before any upload), sent as `text/csv`, with the server's
 * report of every row and its translated error (contract/provider/article-link.ts).
 */
import { useState, type ChangeEvent } from 'react';
import {
  ARTICLE_LINK_IMPORT_MAX_BYTES,
  type ArticleLinkImportResponse,
  type ArticleLinkImportRow,
} from '../../../../contract/provider/article-link.ts';
import { Button } from '../../../components/ui/form.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useNotify } from '../../../components/ui/use-action.ts';
import type { MessageKey } from '../../../i18n/locales.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { saveFile } from '../../../lib/download.ts';
import { errorItemMessage } from '../../../lib/store-api/error-messages.ts';
import { exportArticleLinks, importArticleLinks } from '../article-link-api.ts';

/** Export (saved as a CSV file) and import (a CSV file of at most 2 MiB, sent as `text/csv`). */
export function TransferBar({ onImported }: { onImported: (report: ArticleLinkImportResponse) => void }) {
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
export function ImportReport({ report, onClose }: { report: ArticleLinkImportResponse; onClose: () => void }) {
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
