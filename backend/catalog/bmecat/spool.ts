/**
 * Holds an import's changes until the document has been read to the end. BMEcat puts the category assignments
 * (ARTICLE_TO_CATALOGGROUP_MAP / PRODUCT_TO_CATALOGGROUP_MAP) after all articles, and a document with a broken
 * structure must not be written half, so changes are spooled: in memory up to `memoryLimit` changes, beyond that in
 * a temporary JSON-lines file (memory stays bounded for catalogues of hundreds of MB).
 */
import { createReadStream } from 'node:fs';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { CatalogCategory, CatalogChange, CatalogSink } from '../model.ts';

const DATE_KEYS = new Set(['validFrom', 'validTo', 'releaseDate']);
const revive = (key: string, value: unknown): unknown =>
  DATE_KEYS.has(key) && typeof value === 'string' ? new Date(value) : value;

/** A category reference as CatalogProduct.categories holds it, with the map's order. */
export interface CategoryAssignment {
  source: string;
  externalId: string;
  position?: number | undefined;
}

/** Spool of categories, product changes and category assignments of one document. */
export class ChangeSpool {
  private readonly categories: CatalogCategory[] = [];
  private readonly categoryIds = new Set<string>();
  private buffer: CatalogChange[] = [];
  private file: string | undefined;
  private dir: string | undefined;
  private readonly assignments = new Map<string, CategoryAssignment[]>();

  constructor(private readonly memoryLimit = 2000) {}

  /** Adds a category (written first, parents before children). */
  addCategory(category: CatalogCategory): void {
    this.categories.push(category);
    this.categoryIds.add(category.externalId);
  }

  /** True when a category with this external id was spooled. */
  hasCategory(externalId: string): boolean {
    return this.categoryIds.has(externalId);
  }

  /** Adds a product, delete or price change, kept in document order. */
  async add(change: CatalogChange): Promise<void> {
    this.buffer.push(change);
    if (this.buffer.length >= this.memoryLimit) await this.spill();
  }

  /** Assigns a product (by number) to a category; applied to the product's change when draining. */
  assign(productNumber: string, assignment: CategoryAssignment): void {
    const list = this.assignments.get(productNumber) ?? [];
    if (!list.some((a) => a.externalId === assignment.externalId && a.source === assignment.source))
      list.push(assignment);
    this.assignments.set(productNumber, list);
  }

  private async spill(): Promise<void> {
    this.dir ??= await mkdtemp(path.join(tmpdir(), 'catalog-import-'));
    this.file ??= path.join(this.dir, 'changes.jsonl');
    await appendFile(this.file, this.buffer.map((c) => JSON.stringify(c)).join('\n') + '\n');
    this.buffer = [];
  }

  private async *changes(): AsyncGenerator<CatalogChange> {
    if (this.file) {
      const lines = createInterface({ input: createReadStream(this.file), crlfDelay: Infinity });
      for await (const line of lines) if (line) yield JSON.parse(line, revive) as CatalogChange;
    }
    yield* this.buffer;
  }

  /** Categories ordered so that every parent precedes its children (cycles and orphans keep their order at the end). */
  orderedCategories(): CatalogCategory[] {
    const byId = new Map(this.categories.map((c) => [c.externalId, c]));
    const done = new Set<string>();
    const out: CatalogCategory[] = [];
    const visit = (c: CatalogCategory, trail: Set<string>): void => {
      if (done.has(c.externalId) || trail.has(c.externalId)) return;
      trail.add(c.externalId);
      const parent = c.parentExternalId ? byId.get(c.parentExternalId) : undefined;
      if (parent) visit(parent, trail);
      done.add(c.externalId);
      out.push(c);
    };
    for (const c of this.categories) visit(c, new Set());
    return out;
  }

  /** Product numbers that received category assignments. */
  assignedProductNumbers(): string[] {
    return [...this.assignments.keys()];
  }

  /**
   * Writes everything to the sink: categories (parents first), then the other changes in document order, each
   * product carrying its category assignments ordered by the map's order.
   */
  async drain(sink: CatalogSink): Promise<void> {
    for (const category of this.orderedCategories()) await sink.write({ kind: 'category', category });
    for await (const change of this.changes()) {
      if (change.kind === 'product') {
        const assigned = this.assignments.get(change.product.productNumber);
        if (assigned?.length) {
          const sorted = [...assigned].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
          const existing = change.product.categories ?? [];
          const merged = [...existing];
          for (const a of sorted) {
            if (!merged.some((m) => m.externalId === a.externalId && m.source === a.source))
              merged.push({ source: a.source, externalId: a.externalId });
          }
          change.product.categories = merged;
        }
      }
      await sink.write(change);
    }
  }

  /** Removes the temporary file, if any. */
  async dispose(): Promise<void> {
    if (this.dir) await rm(this.dir, { recursive: true, force: true });
  }
}
