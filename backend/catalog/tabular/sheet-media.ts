/**
 * One image or document column group of a supplier spreadsheet (file name, type, purpose, description, order) as a
 * catalogue media entry, with the rules of BMEcat MIME_INFO: the file name resolved against MEDIA_BASE_URL, the MIME
 * type normalised (from the file extension when the column is empty), the purpose `data_sheet` for PDFs and
 * `normal` otherwise when the sheet names none, and unsafe URLs refused with a report line.
 */
import type { ReportBuilder } from '../bmecat/report-builder.ts';
import { normaliseMimeType, parseQuantity, resolveMimeSource } from '../bmecat/values.ts';
import type { CatalogMedia } from '../model.ts';

/** The cells of one media column group; `source` is the file name or URL. */
export interface SheetMediaCells {
  source: string;
  type: string | undefined;
  purpose: string | undefined;
  description: string | undefined;
  order: string | undefined;
}

/**
 * The media entry of one column group, or undefined when the report refused its URL.
 *
 * @param position the position when the order column is empty.
 */
export function sheetMedia(
  cells: SheetMediaCells,
  position: number,
  mediaBaseUrl: string | undefined,
  item: string,
  report: ReportBuilder,
): CatalogMedia | undefined {
  const source = report.mediaSource(resolveMimeSource(cells.source, mediaBaseUrl), item);
  if (source === undefined) return undefined;
  const mimeType = normaliseMimeType(cells.type, cells.source);
  return {
    source,
    mimeType,
    purpose: (cells.purpose ?? (mimeType === 'application/pdf' ? 'data_sheet' : 'normal')).toLowerCase(),
    description: cells.description ? { 'de-DE': cells.description } : undefined,
    position: parseQuantity(cells.order) ?? position,
  };
}
