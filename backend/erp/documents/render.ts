/**
 * The ERP's PDFs (docs/decisions/016-erp.md, "Documents"): an invoice, the proof of delivery of an invoice's shipment
 * and an offer, made with pdfkit on request from the plain data of types.ts.
 *
 * Layout (A4 portrait, points): the supplier's name as letterhead with its address, phone, e-mail and VAT number on
 * the right; the customer's address block with customer number and VAT number on the left and the document's
 * numbers and dates beside it; the title with the document number; the lines table (line number, article number,
 * description with the customer's own article number and the line's delivery date under it, quantity with the unit's
 * name, and on priced documents unit price and line total), which breaks across pages with its header row repeated;
 * the totals (goods, delivery cost, additional cost when not 0, net, VAT per rate with the net amount it applies to,
 * total); and on every page a footer with the supplier's address, VAT number, company register entry, IBAN and BIC and
 * "page x of y". Labels, numbers, money and dates follow `data.locale` (labels.ts, format.ts); texts are printed in
 * the PDF standard font Helvetica, whose WinAnsiEncoding covers German, French and Dutch and the euro sign; other
 * characters are replaced (`toWinAnsi`).
 *
 * The output is reproducible: the same data gives the same bytes, because the PDF's creation date (and with it its
 * file identifier, PDF 32000-1:2008 14.4) is the document's own date, not the time of rendering.
 */
import PDFDocument from 'pdfkit';
import type {
  DocumentData,
  DocumentParty,
  DocumentSupplier,
  DocumentTotals,
  PricedDocumentLine,
  ProofOfDeliveryDocumentData,
} from './types.ts';
import { DOCUMENT_LABELS, documentLocale, type DocumentLabels, type DocumentLocale } from './labels.ts';
import {
  dayToDate,
  formatDay,
  formatMoment,
  formatMoney,
  formatQuantity,
  formatRate,
  formatUnitPrice,
  toWinAnsi,
} from './format.ts';
import { unitName } from './units.ts';

/** A4 in points (ISO 216: 210 × 297 mm at 72 points an inch). */
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 50;
const MARGIN_TOP = 45;
const CONTENT_RIGHT = PAGE_WIDTH - MARGIN_X;
const CONTENT_WIDTH = CONTENT_RIGHT - MARGIN_X;
/** The footer's top rule; content ends above `CONTENT_BOTTOM`. */
const FOOTER_TOP = PAGE_HEIGHT - 82;
const CONTENT_BOTTOM = FOOTER_TOP - 14;

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const TEXT_SIZE = 9;
const SMALL_SIZE = 7.5;
const TEXT_COLOUR = '#1a1a1a';
const MUTED_COLOUR = '#595959';
const RULE_COLOUR = '#b3b3b3';
const HEADER_FILL = '#ececec';
const CELL_PADDING_X = 3;
const CELL_PADDING_Y = 4;

type Doc = PDFKit.PDFDocument;

/** A column of the lines table: its header, width in points and alignment. */
interface Column {
  label: string;
  width: number;
  align: 'left' | 'right';
}

/** One row of the lines table: a text per column, and small notes under the description (column 2). */
interface Row {
  cells: string[];
  notes: string[];
}

/** One row of the totals: label, amount, and whether it is the emphasised sum. */
interface TotalRow {
  label: string;
  amount: string;
  strong?: boolean;
  ruleAbove?: boolean;
}

/** Everything a document prints, already formatted in its locale; the layout does not depend on the kind. */
interface DocumentView {
  locale: DocumentLocale;
  labels: DocumentLabels;
  title: string;
  number: string;
  /** The document's own date (ISO day): its creation date. */
  date: string;
  supplier: DocumentSupplier;
  customer: DocumentParty;
  /** Numbers and dates beside the customer's address, label and value; empty values are left out. */
  facts: [string, string][];
  deliveryAddressLines: string[] | null;
  comment: string | null;
  columns: Column[];
  rows: Row[];
  totals: TotalRow[] | null;
  /** A sentence after the totals (the invoice's payment term). */
  note: string | null;
  /** Who signed for the goods (proof of delivery). */
  receipt: { receivedBy: string; receivedAt: string } | null;
}

/**
 * Renders a document as a PDF.
 *
 * @param data an invoice, a proof of delivery or an offer (types.ts); its `locale` picks labels and formats, an
 *   unknown one prints in en-GB.
 * @returns the bytes of the PDF (version 1.7, A4), the same bytes for the same data.
 * @throws RangeError when a date, timestamp or unit price of `data` is malformed (format.ts).
 */
export async function renderDocument(data: DocumentData): Promise<Uint8Array> {
  const view = documentView(data);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN_TOP, bottom: 15, left: MARGIN_X, right: MARGIN_X },
    bufferPages: true,
    pdfVersion: '1.7',
    lang: view.locale,
    displayTitle: true,
    info: {
      Title: `${view.title} ${view.number}`,
      Author: view.supplier.name,
      Subject: `${view.title} ${view.number}`,
      Creator: view.supplier.name,
      CreationDate: dayToDate(view.date),
      ModDate: dayToDate(view.date),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  layOut(doc, view);
  doc.end();
  await ended;
  const bytes = Buffer.concat(chunks);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The printed content of `data`, formatted in its locale. */
function documentView(data: DocumentData): DocumentView {
  const locale = documentLocale(data.locale);
  const labels = DOCUMENT_LABELS[locale];
  const day = (value: string) => formatDay(value, locale);
  const common = { locale, labels, supplier: data.supplier, customer: data.customer };
  switch (data.kind) {
    case 'invoice':
      return {
        ...common,
        title: labels.invoice,
        number: data.invoiceNumber,
        date: data.invoiceDate,
        facts: present([
          [labels.invoiceNumber, data.invoiceNumber],
          [labels.invoiceDate, day(data.invoiceDate)],
          [labels.dueDate, day(data.dueDate)],
          [labels.orderNumber, data.orderNumber],
          [labels.orderDate, day(data.orderDate)],
          [labels.customerReference, data.customerReference],
          [labels.shippingNoteNumber, data.shippingNoteNumber],
          [labels.deliveryDate, data.deliveryDate && day(data.deliveryDate)],
        ]),
        deliveryAddressLines: data.deliveryAddressLines,
        comment: null,
        columns: pricedColumns(labels),
        rows: data.lines.map((line) => pricedRow(line, locale, labels)),
        totals: totalRows(data.totals, locale, labels),
        note: labels.payableBy(day(data.dueDate)),
        receipt: null,
      };
    case 'offer':
      return {
        ...common,
        title: labels.offer,
        number: data.offerNumber,
        date: data.offerDate,
        facts: present([
          [labels.offerNumber, data.offerNumber],
          [labels.offerDate, day(data.offerDate)],
          [labels.validUntil, day(data.validUntil)],
          [labels.customerReference, data.clientReference],
        ]),
        deliveryAddressLines: null,
        comment: data.comment,
        columns: pricedColumns(labels),
        rows: data.lines.map((line) => pricedRow(line, locale, labels)),
        totals: totalRows(data.totals, locale, labels),
        note: null,
        receipt: null,
      };
    case 'proof-of-delivery':
      return {
        ...common,
        title: labels.proofOfDelivery,
        number: data.shippingNoteNumber,
        date: data.deliveryDate,
        facts: present([
          [labels.shippingNoteNumber, data.shippingNoteNumber],
          [labels.deliveryDate, day(data.deliveryDate)],
          [labels.orderNumber, data.orderNumber],
          [labels.customerReference, data.customerReference],
          [labels.invoiceNumber, data.invoiceNumber],
          [labels.sendingNumber, data.sendingNumber],
        ]),
        deliveryAddressLines: data.deliveryAddressLines,
        comment: null,
        columns: [
          { label: labels.lineNumber, width: 34, align: 'left' },
          { label: labels.productNumber, width: 85, align: 'left' },
          { label: labels.description, width: CONTENT_WIDTH - 34 - 85 - 110, align: 'left' },
          { label: labels.quantity, width: 110, align: 'right' },
        ],
        rows: data.lines.map((line) => deliveredRow(line, locale)),
        totals: null,
        note: null,
        receipt: { receivedBy: data.receivedBy, receivedAt: formatMoment(data.receivedAt, locale) },
      };
  }
}

/** The label-value pairs whose value is present. */
function present(facts: [string, string | null | undefined][]): [string, string][] {
  return facts.filter((fact): fact is [string, string] => fact[1] !== null && fact[1] !== undefined && fact[1] !== '');
}

/** The columns of an invoice's or offer's lines, the page's width in all; line numbers have up to 5 digits. */
function pricedColumns(labels: DocumentLabels): Column[] {
  const fixed = [34, 76, 0, 80, 66, 70];
  const description = CONTENT_WIDTH - fixed.reduce((sum, width) => sum + width, 0);
  return [
    { label: labels.lineNumber, width: fixed[0]!, align: 'left' },
    { label: labels.productNumber, width: fixed[1]!, align: 'left' },
    { label: labels.description, width: description, align: 'left' },
    { label: labels.quantity, width: fixed[3]!, align: 'right' },
    { label: labels.unitPrice, width: fixed[4]!, align: 'right' },
    { label: labels.lineTotal, width: fixed[5]!, align: 'right' },
  ];
}

/** A quantity with its unit's name: "10 pieces", "2,5 mètres". */
function quantityText(quantity: number, unit: string | null, locale: DocumentLocale): string {
  const name = unitName(locale, quantity, unit);
  const number = formatQuantity(quantity, locale);
  return name ? `${number} ${name}` : number;
}

function pricedRow(line: PricedDocumentLine, locale: DocumentLocale, labels: DocumentLabels): Row {
  const notes: string[] = [];
  if (line.customerArticleNumber) notes.push(labels.field(labels.customerArticleNumber, line.customerArticleNumber));
  if (line.deliveryDate) notes.push(labels.field(labels.deliveryDate, formatDay(line.deliveryDate, locale)));
  return {
    cells: [
      String(line.lineNumber),
      line.productNumber,
      line.description,
      quantityText(line.quantity, line.unit, locale),
      formatUnitPrice(line.unitPrice, locale),
      formatMoney(line.totalCents, locale),
    ],
    notes,
  };
}

function deliveredRow(line: ProofOfDeliveryDocumentData['lines'][number], locale: DocumentLocale): Row {
  return {
    cells: [
      String(line.lineNumber),
      line.productNumber,
      line.description,
      quantityText(line.quantity, line.unit, locale),
    ],
    notes: [],
  };
}

function totalRows(totals: DocumentTotals, locale: DocumentLocale, labels: DocumentLabels): TotalRow[] {
  const money = (cents: number) => formatMoney(cents, locale);
  const rows: TotalRow[] = [
    { label: labels.goods, amount: money(totals.goodsCents) },
    { label: labels.deliveryCost, amount: money(totals.deliveryCostCents) },
  ];
  if (totals.additionalCostCents !== 0)
    rows.push({ label: labels.additionalCost, amount: money(totals.additionalCostCents) });
  rows.push({ label: labels.net, amount: money(totals.netCents), ruleAbove: true });
  for (const tax of totals.taxes) {
    rows.push({ label: labels.vat(formatRate(tax.rate, locale), money(tax.netCents)), amount: money(tax.taxCents) });
  }
  rows.push({ label: labels.total, amount: money(totals.totalCents), strong: true, ruleAbove: true });
  return rows;
}

/** Writes `text` (made printable, see `toWinAnsi`) at a position in a font and size. */
function put(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  style: { font?: string; size?: number; colour?: string } & PDFKit.Mixins.TextOptions = {},
): void {
  const { font = REGULAR, size = TEXT_SIZE, colour = TEXT_COLOUR, ...options } = style;
  doc.font(font).fontSize(size).fillColor(colour).text(toWinAnsi(text), x, y, options);
}

/** The height `text` takes in a font and size when wrapped to `width`. */
function measure(doc: Doc, text: string, width: number, font = REGULAR, size = TEXT_SIZE): number {
  return doc.font(font).fontSize(size).heightOfString(toWinAnsi(text), { width });
}

/** Writes lines one under the other; answers the y below the last. */
function putLines(doc: Doc, lines: string[], x: number, y: number, width: number, size = TEXT_SIZE): number {
  let next = y;
  for (const line of lines) {
    put(doc, line, x, next, { size, width });
    next += measure(doc, line, width, REGULAR, size);
  }
  return next;
}

function rule(doc: Doc, x1: number, x2: number, y: number, colour = RULE_COLOUR, width = 0.5): void {
  doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(colour).stroke().restore();
}

function layOut(doc: Doc, view: DocumentView): void {
  let y = firstPageHeader(doc, view);
  y = linesTable(doc, view, y);
  if (view.totals) y = totals(doc, view, view.totals, y);
  if (view.note) y = paragraph(doc, view, y + 14, view.note);
  if (view.receipt) receipt(doc, view, view.receipt, y);
  footers(doc, view);
}

/** Letterhead, supplier and customer blocks, facts, delivery address, title and comment; answers the y below. */
function firstPageHeader(doc: Doc, view: DocumentView): number {
  const { supplier, customer, labels } = view;
  const rightX = 330;
  const rightWidth = CONTENT_RIGHT - rightX;
  const leftWidth = rightX - MARGIN_X - 20;

  put(doc, supplier.name, MARGIN_X, MARGIN_TOP, { font: BOLD, size: 16, width: leftWidth });
  const supplierLines = [
    ...supplier.addressLines,
    ...(supplier.phone ? [`${labels.phone} ${supplier.phone}`] : []),
    ...(supplier.email ? [supplier.email] : []),
    ...(supplier.vatNumber ? [`${labels.vatNumber} ${supplier.vatNumber}`] : []),
  ];
  put(doc, supplier.name, rightX, MARGIN_TOP, { font: BOLD, size: SMALL_SIZE + 0.5, width: rightWidth });
  const supplierBottom = putLines(doc, supplierLines, rightX, MARGIN_TOP + 11, rightWidth, SMALL_SIZE + 0.5);

  // The customer's address sits where a DIN 5008 window envelope shows it, under the supplier's return address.
  let left = Math.max(140, supplierBottom + 16);
  const returnAddress = [supplier.name, ...supplier.addressLines].join(' · ');
  put(doc, returnAddress, MARGIN_X, left, { size: 6.5, colour: MUTED_COLOUR, width: leftWidth, lineBreak: false });
  rule(doc, MARGIN_X, MARGIN_X + leftWidth, left + 9);
  left += 15;
  put(doc, customer.name, MARGIN_X, left, { font: BOLD, width: leftWidth });
  left += measure(doc, customer.name, leftWidth, BOLD);
  left = putLines(doc, customer.addressLines, MARGIN_X, left, leftWidth);
  const customerFacts = present([
    [labels.customerNumber, customer.customerNumber],
    [labels.vatNumber, customer.vatNumber],
  ]);
  if (customerFacts.length > 0) left = facts(doc, customerFacts, MARGIN_X, left + 6, leftWidth, 85);

  let right = facts(doc, view.facts, rightX, Math.max(140, supplierBottom + 16), rightWidth, 105);
  if (view.deliveryAddressLines && view.deliveryAddressLines.length > 0) {
    right += 10;
    put(doc, labels.deliveryAddress, rightX, right, { font: BOLD, width: rightWidth });
    right = putLines(doc, view.deliveryAddressLines, rightX, right + measure(doc, 'X', rightWidth, BOLD), rightWidth);
  }

  let y = Math.max(left, right) + 26;
  put(doc, `${view.title} ${view.number}`, MARGIN_X, y, { font: BOLD, size: 16, width: CONTENT_WIDTH });
  y += measure(doc, `${view.title} ${view.number}`, CONTENT_WIDTH, BOLD, 16) + 10;
  if (view.comment) {
    put(doc, labels.comment, MARGIN_X, y, { font: BOLD, width: CONTENT_WIDTH });
    y += measure(doc, labels.comment, CONTENT_WIDTH, BOLD);
    const height = Math.min(measure(doc, view.comment, CONTENT_WIDTH), CONTENT_BOTTOM - y - 120);
    put(doc, view.comment, MARGIN_X, y, { width: CONTENT_WIDTH, height, ellipsis: true });
    y += height + 12;
  }
  return y;
}

/** Label-value pairs in two columns; answers the y below. */
function facts(doc: Doc, pairs: [string, string][], x: number, y: number, width: number, labelWidth: number): number {
  let next = y;
  const valueWidth = width - labelWidth;
  for (const [label, value] of pairs) {
    put(doc, label, x, next, { colour: MUTED_COLOUR, width: labelWidth - 4 });
    put(doc, value, x + labelWidth, next, { width: valueWidth });
    next += Math.max(measure(doc, label, labelWidth - 4), measure(doc, value, valueWidth)) + 1.5;
  }
  return next;
}

/** Starts a new page with the document's title and number at the top; answers the y below it. */
function continuationPage(doc: Doc, view: DocumentView): number {
  doc.addPage();
  const heading = `${view.title} ${view.number}`;
  put(doc, heading, MARGIN_X, MARGIN_TOP, { font: BOLD, size: 11, width: CONTENT_WIDTH * 0.6 });
  put(doc, view.supplier.name, MARGIN_X, MARGIN_TOP + 2, {
    size: SMALL_SIZE + 0.5,
    colour: MUTED_COLOUR,
    width: CONTENT_WIDTH,
    align: 'right',
  });
  return MARGIN_TOP + measure(doc, heading, CONTENT_WIDTH * 0.6, BOLD, 11) + 14;
}

/** The header row of the lines table; answers the y below it. */
function tableHeader(doc: Doc, columns: Column[], y: number): number {
  const height = Math.max(...columns.map((c) => measure(doc, c.label, c.width - 2 * CELL_PADDING_X, BOLD, 8))) + 8;
  doc.save().rect(MARGIN_X, y, CONTENT_WIDTH, height).fill(HEADER_FILL).restore();
  let x = MARGIN_X;
  for (const column of columns) {
    put(doc, column.label, x + CELL_PADDING_X, y + 4, {
      font: BOLD,
      size: 8,
      width: column.width - 2 * CELL_PADDING_X,
      align: column.align,
    });
    x += column.width;
  }
  return y + height;
}

/**
 * The lines table from `y` on, breaking to a new page (with the header row again) before a row that does not fit;
 * answers the y below the last row. A description too long for a whole page is cut with an ellipsis.
 */
function linesTable(doc: Doc, view: DocumentView, top: number): number {
  const { columns } = view;
  const descriptionWidth = columns[2]!.width - 2 * CELL_PADDING_X;
  let y = tableHeader(doc, columns, top);
  // The room a row has on a page of its own, below the continuation heading and the header row.
  const maxRowHeight = CONTENT_BOTTOM - (MARGIN_TOP + 60);
  for (const row of view.rows) {
    const notesHeight = row.notes.reduce(
      (sum, note) => sum + measure(doc, note, descriptionWidth, REGULAR, SMALL_SIZE),
      0,
    );
    const descriptionHeight = Math.min(
      measure(doc, row.cells[2]!, descriptionWidth),
      maxRowHeight - notesHeight - 2 * CELL_PADDING_Y,
    );
    const cellHeights = row.cells.map((cell, index) =>
      index === 2 ? descriptionHeight + notesHeight : measure(doc, cell, columns[index]!.width - 2 * CELL_PADDING_X),
    );
    const height = Math.max(...cellHeights) + 2 * CELL_PADDING_Y;
    if (y + height > CONTENT_BOTTOM) y = tableHeader(doc, columns, continuationPage(doc, view));
    let x = MARGIN_X;
    row.cells.forEach((cell, index) => {
      const column = columns[index]!;
      const width = column.width - 2 * CELL_PADDING_X;
      if (index === 2) {
        put(doc, cell, x + CELL_PADDING_X, y + CELL_PADDING_Y, { width, height: descriptionHeight, ellipsis: true });
        let noteY = y + CELL_PADDING_Y + descriptionHeight;
        for (const note of row.notes) {
          put(doc, note, x + CELL_PADDING_X, noteY, { size: SMALL_SIZE, colour: MUTED_COLOUR, width });
          noteY += measure(doc, note, width, REGULAR, SMALL_SIZE);
        }
      } else {
        put(doc, cell, x + CELL_PADDING_X, y + CELL_PADDING_Y, { width, align: column.align });
      }
      x += column.width;
    });
    y += height;
    rule(doc, MARGIN_X, CONTENT_RIGHT, y);
  }
  return y;
}

/** The totals, right-aligned under the table (on a new page when they do not fit); answers the y below. */
function totals(doc: Doc, view: DocumentView, rows: TotalRow[], top: number): number {
  const labelX = MARGIN_X + CONTENT_WIDTH * 0.38;
  const labelWidth = CONTENT_WIDTH * 0.42;
  const amountWidth = CONTENT_RIGHT - labelX - labelWidth;
  const rowHeight = (row: TotalRow) => measure(doc, row.label, labelWidth, row.strong ? BOLD : REGULAR) + 5;
  const height = rows.reduce((sum, row) => sum + rowHeight(row), 0) + 12;
  let y = top + 10;
  if (y + height > CONTENT_BOTTOM) y = continuationPage(doc, view);
  for (const row of rows) {
    if (row.ruleAbove) rule(doc, labelX, CONTENT_RIGHT, y - 2, TEXT_COLOUR, row.strong ? 0.9 : 0.5);
    const font = row.strong ? BOLD : REGULAR;
    put(doc, row.label, labelX, y + 1, { font, width: labelWidth });
    put(doc, row.amount, labelX + labelWidth, y + 1, { font, width: amountWidth, align: 'right' });
    y += rowHeight(row);
  }
  return y;
}

/** A paragraph across the page (on a new page when it does not fit); answers the y below. */
function paragraph(doc: Doc, view: DocumentView, top: number, text: string): number {
  const height = measure(doc, text, CONTENT_WIDTH);
  const y = top + height > CONTENT_BOTTOM ? continuationPage(doc, view) : top;
  put(doc, text, MARGIN_X, y, { width: CONTENT_WIDTH });
  return y + height;
}

/** Who received the goods and when, and a line to sign on (on a new page when it does not fit). */
function receipt(doc: Doc, view: DocumentView, signed: { receivedBy: string; receivedAt: string }, top: number): void {
  const { labels } = view;
  let y = top + 24;
  if (y + 90 > CONTENT_BOTTOM) y = continuationPage(doc, view);
  y = facts(
    doc,
    [
      [labels.receivedBy, signed.receivedBy],
      [labels.receivedAt, signed.receivedAt],
    ],
    MARGIN_X,
    y,
    260,
    100,
  );
  y += 44;
  rule(doc, MARGIN_X, MARGIN_X + 220, y, TEXT_COLOUR, 0.7);
  put(doc, labels.signature, MARGIN_X, y + 3, { size: SMALL_SIZE, colour: MUTED_COLOUR, width: 220 });
}

/** On every page: the supplier's address, VAT number, register, bank account, and "page x of y". */
function footers(doc: Doc, view: DocumentView): void {
  const { supplier, labels } = view;
  const columnWidth = CONTENT_WIDTH / 3;
  const columns = [
    [supplier.name, ...supplier.addressLines],
    [...(supplier.vatNumber ? [`${labels.vatNumber} ${supplier.vatNumber}`] : []), supplier.register],
    [`IBAN ${supplier.iban}`, `BIC ${supplier.bic}`],
  ];
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index++) {
    doc.switchToPage(range.start + index);
    rule(doc, MARGIN_X, CONTENT_RIGHT, FOOTER_TOP);
    columns.forEach((lines, column) => {
      let y = FOOTER_TOP + 5;
      for (const line of lines) {
        put(doc, line, MARGIN_X + column * columnWidth, y, {
          size: 7,
          colour: MUTED_COLOUR,
          width: columnWidth - 6,
          lineBreak: false,
          ellipsis: true,
        });
        y += 8.5;
      }
    });
    put(doc, labels.page(index + 1, range.count), MARGIN_X, PAGE_HEIGHT - 30, {
      size: 7.5,
      width: CONTENT_WIDTH,
      align: 'right',
      lineBreak: false,
    });
  }
}
