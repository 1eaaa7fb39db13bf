/**
 * The header row of a data table (the account area's lists, the quick order report): one `<th scope="col">` per
 * column, so that screen readers announce each cell with its column name (WCAG 2.2 technique H63). Numeric columns
 * are right-aligned like their cells; a column whose header is only for assistive technology (row actions, a
 * selection box's column) keeps its name visually hidden.
 */
import type { ReactNode } from 'react';

/** One column header. */
export interface TableColumn {
  /** Stable React key; defaults to the column's position. */
  key?: string;
  /** The header's content: a translated name, or a control such as a sort button or a select-all checkbox. */
  label: ReactNode;
  /** Right-aligned, as amounts, quantities and counts are in their cells. */
  numeric?: boolean;
  /** The name is read by screen readers only (`sr-only`). */
  hiddenLabel?: boolean;
  /** The table is sorted by this column (`aria-sort`, WAI-ARIA 1.2). */
  sort?: 'ascending' | 'descending';
  /** Padding of this header cell instead of the table's `cell` padding (e.g. the last column without end padding). */
  cell?: string;
}

/**
 * `<thead>` with one row of column headers. `columns` may hold `false`/`null` for a column shown only in some
 * cases (e.g. `managesFlows && {…}`); `cell` is the padding shared by the header cells, matching the body cells'.
 */
export function TableHead({
  columns,
  cell = 'py-2 pr-3',
}: {
  columns: ReadonlyArray<TableColumn | false | null | undefined>;
  cell?: string;
}) {
  return (
    <thead>
      <tr className="border-b border-line">
        {columns
          .filter((c): c is TableColumn => Boolean(c))
          .map((c, i) => (
            <th
              key={c.key ?? i}
              scope="col"
              className={`${c.cell ?? cell} font-semibold${c.numeric ? ' text-right' : ''}`}
              aria-sort={c.sort}
            >
              {c.hiddenLabel ? <span className="sr-only">{c.label}</span> : c.label}
            </th>
          ))}
      </tr>
    </thead>
  );
}
