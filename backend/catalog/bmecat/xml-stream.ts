/**
 * Streaming XML reading for catalogue files. The file is read in chunks and parsed with saxes; only the elements a
 * caller asks for ("items": one BMEcat ARTICLE, PRODUCT, CATALOG_STRUCTURE, …) are collected into a small tree, and
 * each tree is handed out and dropped as soon as its end tag is read, so memory is bounded by the largest item, not
 * the file (real supplier catalogues run to hundreds of MB).
 *
 * Safety against XXE and entity expansion (OWASP XML External Entity Prevention): saxes never fetches a DTD or external entity, and entities declared
 * in an internal subset are not expanded either; a reference to one is a well-formedness error. Element depth, text
 * length per element and nodes per item are capped.
 */
import { createReadStream } from 'node:fs';
import { SaxesParser } from 'saxes';

/** One collected element: local name (namespace prefix dropped), attributes by local name, text, children. */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: XmlNode[];
  /** Line of the start tag (1-based). */
  line: number;
}

/** Events of `readXmlEvents`, in document order. */
export type XmlEvent =
  | { type: 'doctype'; doctype: string }
  /** An element outside any item was opened; `path` lists its ancestors' local names, outermost first. */
  | { type: 'open'; name: string; attrs: Record<string, string>; path: string[]; line: number }
  | { type: 'close'; name: string; path: string[] }
  /** A complete item; `path` lists the ancestors of its root element. */
  | { type: 'item'; node: XmlNode; path: string[] };

/** Limits against hostile or broken input. */
export interface XmlLimits {
  /** Maximum element nesting depth (default 64). */
  maxDepth?: number;
  /** Maximum characters of text inside one element (default 4,000,000). */
  maxTextLength?: number;
  /** Maximum elements in one item (default 1,000,000). */
  maxItemNodes?: number;
}

/** The document is not well-formed XML (or uses an undeclared/custom entity); carries the position. */
export class XmlFormatError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`line ${line}, column ${column}: ${message}`);
    this.name = 'XmlFormatError';
  }
}

/** A configured limit (depth, text size, item size) was exceeded. */
export class XmlLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlLimitError';
  }
}

const localName = (qname: string): string => {
  const i = qname.indexOf(':');
  return i >= 0 ? qname.slice(i + 1) : qname;
};

/**
 * The character encoding declared by the document: a byte order mark, else `encoding="…"` of the XML declaration,
 * else UTF-8. Source: XML 1.0 appendix F.
 */
function sniffEncoding(head: Uint8Array): string {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  const decl = Buffer.from(head.subarray(0, 256)).toString('latin1');
  const m = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(decl);
  return m?.[1]?.toLowerCase() ?? 'utf-8';
}

/** Reads a file as byte chunks (64 KiB). */
export function fileChunks(filePath: string): AsyncIterable<Uint8Array> {
  return createReadStream(filePath, { highWaterMark: 64 * 1024 });
}

/**
 * Parses XML from byte chunks and yields events. `isItemRoot(name, path)` decides, for each element outside an item,
 * whether it starts an item that is collected whole.
 * @throws {XmlFormatError} on malformed XML, {XmlLimitError} when a limit is exceeded, and rethrows read errors.
 */
export async function* readXmlEvents(
  chunks: AsyncIterable<Uint8Array | string>,
  isItemRoot: (name: string, path: string[]) => boolean,
  limits: XmlLimits = {},
): AsyncGenerator<XmlEvent> {
  const maxDepth = limits.maxDepth ?? 64;
  const maxText = limits.maxTextLength ?? 4_000_000;
  const maxNodes = limits.maxItemNodes ?? 1_000_000;

  const parser = new SaxesParser({ position: true });
  const queue: XmlEvent[] = [];
  const path: string[] = [];
  let item: { stack: XmlNode[]; depth: number; nodes: number; path: string[] } | undefined;
  let failure: Error | undefined;

  parser.on('error', (err) => {
    failure ??= new XmlFormatError(err.message.replace(/^[^:]*:\d+:\d+: /, ''), parser.line, parser.column);
    throw failure;
  });
  parser.on('doctype', (doctype) => queue.push({ type: 'doctype', doctype }));
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    if (path.length >= maxDepth)
      throw (failure = new XmlLimitError(`element depth exceeds ${maxDepth} at line ${parser.line}`));
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[localName(k)] = String(v);
    if (item) {
      if (++item.nodes > maxNodes)
        throw (failure = new XmlLimitError(
          `item starting at line ${item.stack[0]?.line} has more than ${maxNodes} elements`,
        ));
      const node: XmlNode = { name, attrs, text: '', children: [], line: parser.line };
      item.stack[item.stack.length - 1]?.children.push(node);
      item.stack.push(node);
    } else if (isItemRoot(name, path)) {
      item = {
        stack: [{ name, attrs, text: '', children: [], line: parser.line }],
        depth: path.length,
        nodes: 1,
        path: [...path],
      };
    } else {
      queue.push({ type: 'open', name, attrs, path: [...path], line: parser.line });
    }
    path.push(name);
  });
  const onText = (text: string): void => {
    if (!item) return;
    const node = item.stack[item.stack.length - 1];
    if (!node) return;
    if (node.text.length + text.length > maxText) {
      throw (failure = new XmlLimitError(`text of <${node.name}> at line ${node.line} exceeds ${maxText} characters`));
    }
    node.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    path.pop();
    if (item) {
      const node = item.stack.pop();
      if (item.stack.length === 0 && node) {
        queue.push({ type: 'item', node, path: item.path });
        item = undefined;
      }
      return;
    }
    queue.push({ type: 'close', name, path: [...path] });
  });

  let decoder: TextDecoder | undefined;
  for await (const chunk of chunks) {
    let text: string;
    if (typeof chunk === 'string') text = chunk;
    else {
      decoder ??= (() => {
        try {
          return new TextDecoder(sniffEncoding(chunk));
        } catch {
          return new TextDecoder('utf-8');
        }
      })();
      text = decoder.decode(chunk, { stream: true });
    }
    try {
      parser.write(text);
    } catch (err) {
      throw failure ?? err;
    }
    while (queue.length) yield queue.shift() as XmlEvent;
  }
  try {
    if (decoder) parser.write(decoder.decode());
    parser.close();
  } catch (err) {
    throw failure ?? err;
  }
  while (queue.length) yield queue.shift() as XmlEvent;
}

/** Children of `node` with local name `name`. */
export function childrenNamed(node: XmlNode | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((c) => c.name === name) : [];
}

/** First child of `node` with local name `name`. */
export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return node?.children.find((c) => c.name === name);
}

/** Trimmed text of the first child named `name`; undefined when absent or blank. */
export function childText(node: XmlNode | undefined, name: string): string | undefined {
  const t = child(node, name)?.text.trim();
  return t ? t : undefined;
}

/** All descendants (depth-first, document order) with local name `name`, not descending into matches. */
export function descendantsNamed(node: XmlNode | undefined, name: string, stopAt?: (n: XmlNode) => boolean): XmlNode[] {
  const out: XmlNode[] = [];
  const walk = (n: XmlNode): void => {
    for (const c of n.children) {
      if (c.name === name) out.push(c);
      else if (!stopAt?.(c)) walk(c);
    }
  };
  if (node) walk(node);
  return out;
}
