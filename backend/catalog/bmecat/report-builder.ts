/**
 * Collects what an import did into an `ImportReport` (backend/catalog/model.ts). Warnings are grouped by kind: the
 * first `maxPerKind` of a kind are kept item by item, the rest are counted into one summary line, so a file with
 * thousands of unreadable classification codes still yields a readable report.
 */
import { checkGtin } from '../../lib/gtin.ts';
import { isSafeMediaSource } from './values.ts';
import type { ImportReport } from '../model.ts';

/** Builder for one file's ImportReport. */
export class ReportBuilder {
  readonly report: ImportReport;
  private readonly perKind = new Map<string, number>();
  private readonly maxPerKind: number;

  /** `file` and `format` as the report shows them (e.g. 'bmecat-1.2', 'tabular:guenzburger'). */
  constructor(file: string, format: string, maxPerKind = 25) {
    this.report = { file, format, categories: 0, products: 0, deleted: 0, priceUpdates: 0, skipped: [], warnings: [] };
    this.maxPerKind = maxPerKind;
  }

  /** Records an item that was not imported, with the reason (always kept, never summarised). */
  skip(item: string, reason: string): void {
    this.report.skipped.push({ item, reason });
  }

  /** Records a problem that did not stop the item from being imported; `kind` groups similar warnings. */
  warn(kind: string, item: string, message: string): void {
    const n = (this.perKind.get(kind) ?? 0) + 1;
    this.perKind.set(kind, n);
    if (n <= this.maxPerKind) this.report.warnings.push({ item, message });
  }

  /**
   * Warns (`duplicate-product`) when `productNumbers` already holds `productNumber` (the later occurrence wins: the
   * writer upserts by article number), then adds it.
   */
  noteProduct(productNumbers: Set<string>, productNumber: string): void {
    if (productNumbers.has(productNumber))
      this.warn(
        'duplicate-product',
        productNumber,
        'article number occurs more than once in the file: the later one wins',
      );
    productNumbers.add(productNumber);
  }

  /**
   * The GTIN to keep from what a supplier wrote: the first valid candidate, else the first one, reported
   * (`invalid-ean`) and kept as written (wrong check digits occur in real supplier files).
   *
   * @returns digits only, or undefined when no candidate has any.
   */
  gtin(candidates: (string | undefined)[], item: string): string | undefined {
    const checks = candidates.map(checkGtin).filter((c) => c.value !== undefined);
    const chosen = checks.find((c) => c.valid) ?? checks[0];
    if (chosen && !chosen.valid) this.warn('invalid-ean', item, `EAN ${chosen.value ?? ''}: ${chosen.problem}; kept`);
    return chosen?.value;
  }

  /**
   * The media or download reference to import (already resolved against MIME_ROOT or MEDIA_BASE_URL), or undefined
   * when its scheme is not http(s) (`isSafeMediaSource`): such a reference is refused with an `unsafe-media-url`
   * line, because the storefront renders media as link targets and image sources.
   */
  mediaSource(source: string, item: string): string | undefined {
    if (isSafeMediaSource(source)) return source;
    const shown = source.length > 80 ? `${source.slice(0, 80)}…` : source;
    this.warn(
      'unsafe-media-url',
      item,
      `media "${shown}" refused: only http(s) URLs and relative file names are imported`,
    );
    return undefined;
  }

  /** How many warnings of each kind were raised (including the summarised ones). */
  warningCounts(): Record<string, number> {
    return Object.fromEntries(this.perKind);
  }

  /** Finishes the report: adds one summary warning per kind that exceeded `maxPerKind`. */
  finish(): ImportReport {
    for (const [kind, n] of this.perKind) {
      if (n > this.maxPerKind) {
        this.report.warnings.push({
          item: `(${n - this.maxPerKind} more)`,
          message: `${kind}: ${n} occurrences in total`,
        });
      }
    }
    return this.report;
  }
}
