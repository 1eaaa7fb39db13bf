/**
 * Test harness: reads punch-out return pages the way a browser's HTML parser does (parse5, the WHATWG HTML parsing
 * algorithm jsdom uses), so tests compare what a browser would post, not what a regular expression finds. Also reads
 * published sample carts (whole HTTP responses, headers included), which are kept beside the repository, not in it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** A form of a page as the browser sees it. */
export interface ParsedForm {
  /** Attributes as written (names lower-case), after character references are resolved. */
  attributes: Record<string, string>;
  /** The `<input>` elements inside the form, in document order: [type, name, value]. */
  inputs: { type: string; name: string; value: string }[];
  /** Elements inside the form other than inputs (tag names), e.g. `button`, `noscript`. */
  otherElements: string[];
}

/** What a parsed page holds. */
export interface ParsedPage {
  forms: ParsedForm[];
  /** Every element's tag name in document order. */
  elements: string[];
  /** Text content of `<script>` elements. */
  scripts: string[];
  /** Text of the `<body>` a reader would see (scripts excluded; noscript included when scripting is off), trimmed. */
  visibleText: string;
  /** Attributes of `<meta>` elements. */
  metas: Record<string, string>[];
  /** Text of `<title>`. */
  title: string;
}

function attributesOf(element: Element): Record<string, string> {
  return Object.fromEntries(element.attrs.map((attr) => [attr.name, attr.value]));
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function children(node: Node): Node[] {
  if ('content' in node && node.nodeName === 'template') return node.content.childNodes;
  return 'childNodes' in node ? node.childNodes : [];
}

function textOf(node: Node, skip: (element: Element) => boolean): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  if (isElement(node) && skip(node)) return '';
  return children(node)
    .map((child) => textOf(child, skip))
    .join('');
}

/**
 * Parses an HTML page (a string, already decoded) like a browser. `scripting` is whether the browser runs scripts
 * (default true: `<noscript>` content is then text, not elements).
 */
export function parsePage(html: string, options: { scripting?: boolean } = {}): ParsedPage {
  const document = parse(html, { scriptingEnabled: options.scripting ?? true });
  const page: ParsedPage = { forms: [], elements: [], scripts: [], visibleText: '', metas: [], title: '' };
  const walk = (node: Node, form: ParsedForm | null): void => {
    let inForm = form;
    if (isElement(node)) {
      page.elements.push(node.tagName);
      if (node.tagName === 'form') {
        inForm = { attributes: attributesOf(node), inputs: [], otherElements: [] };
        page.forms.push(inForm);
      } else if (node.tagName === 'input' && inForm) {
        const attrs = attributesOf(node);
        inForm.inputs.push({ type: attrs['type'] ?? 'text', name: attrs['name'] ?? '', value: attrs['value'] ?? '' });
      } else if (inForm) {
        inForm.otherElements.push(node.tagName);
      }
      if (node.tagName === 'script') page.scripts.push(textOf(node, () => false));
      if (node.tagName === 'meta') page.metas.push(attributesOf(node));
      if (node.tagName === 'title') page.title = textOf(node, () => false);
      if (node.tagName === 'body') {
        page.visibleText = textOf(
          node,
          (e) => e.tagName === 'script' || (e.tagName === 'noscript' && options.scripting !== false),
        )
          .replace(/\s+/g, ' ')
          .trim();
      }
    }
    for (const child of children(node)) walk(child, inForm);
  };
  walk(document, null);
  return page;
}

/**
 * The fields a browser would submit from the only form of a page: its `<input>` elements as [name, value] (the
 * return pages and the sample carts carry data in hidden inputs only).
 *
 * @throws Error when the page has no form or more than one.
 */
export function readOciFields(html: string): [string, string][] {
  const { forms } = parsePage(html);
  if (forms.length !== 1) throw new Error(`expected exactly one form, found ${forms.length}`);
  return forms[0]!.inputs.map((input): [string, string] => [input.name, input.value]);
}

/** One OCI item read back from `NEW_ITEM-*` fields: field name (without prefix and index) -> value. */
export type OciItem = Record<string, string>;

const ITEM_FIELD = /^NEW_ITEM-([A-Z0-9_]+)\[(\d+)\]$/;
const LONG_TEXT_FIELD = /^NEW_ITEM-LONGTEXT_(\d+):132\[\]$/;

/**
 * Groups `NEW_ITEM-<FIELD>[n]` and `NEW_ITEM-LONGTEXT_n:132[]` fields by their index, as a buyer's system reads them
 * (the long text under `LONGTEXT`). Other fields (`HEADER-*`, HOOK_URL parameters, `~OkCode`) are ignored.
 *
 * @returns items by index (as found: gaps and index 0 are kept, so tests can see them).
 * @throws Error for a `NEW_ITEM-` field in neither form (e.g. `NEW_ITEM-LONGTEXT[1]`) or given twice.
 */
export function ociItems(fields: readonly (readonly [string, string])[]): Map<number, OciItem> {
  const items = new Map<number, OciItem>();
  for (const [name, value] of fields) {
    if (!name.startsWith('NEW_ITEM-')) continue;
    const longText = LONG_TEXT_FIELD.exec(name);
    const match = longText ? null : ITEM_FIELD.exec(name);
    if (!longText && (!match || match[1] === 'LONGTEXT')) throw new Error(`not an OCI item field: ${name}`);
    const index = Number(longText ? longText[1] : match![2]);
    const field = longText ? 'LONGTEXT' : match![1]!;
    const item = items.get(index) ?? {};
    if (field in item) throw new Error(`${name} given twice`);
    item[field] = value;
    items.set(index, item);
  }
  return items;
}

/** The folder of the punch-out sample messages, beside the repository (resolved from the working directory). */
export const SAMPLES_DIR = path.resolve('..', 'shared', 'punchout', 'samples');

/**
 * The body of a sample stored as a whole HTTP response (status line and headers, a blank line, the body), read at
 * test time from the shared samples folder. Returns the headers too.
 */
export function readHttpSample(relativePath: string): { headers: string; body: string } {
  const text = readFileSync(path.join(SAMPLES_DIR, relativePath), 'utf8');
  const split = /\r?\n\r?\n/.exec(text);
  if (!split || !text.startsWith('HTTP/')) return { headers: '', body: text };
  return { headers: text.slice(0, split.index), body: text.slice(split.index + split[0].length) };
}
