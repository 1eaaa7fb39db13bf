/**
 * A small element tree of an XML document for the procurement simulator, read with saxes (a non-validating parser
 * that never fetches a DTD or resolves an external entity; cXML documents name their DTD by URL, which must never be
 * fetched: cXML Reference Guide 1.2.051 §3.1.3), and the document re-indented for reading. Not a general DOM:
 * namespaces are not resolved, comments and processing instructions are dropped from the tree.
 */
import { SaxesParser } from 'saxes';

/** An element: its name, attributes and children (elements and text, CDATA as text). */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: (XmlElement | string)[];
}

/** A parsed document: its XML declaration (as written), its DOCTYPE's content and its root element. */
export interface XmlDocument {
  declaration: { version: string | undefined; encoding: string | undefined } | null;
  doctype: string | null;
  root: XmlElement;
}

/**
 * Parses `xml`.
 *
 * @throws Error with the parser's message (line and column) for a document that is not well-formed.
 */
export function parseXml(xml: string): XmlDocument {
  const parser = new SaxesParser({ position: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let doctype: string | null = null;
  let declaration: XmlDocument['declaration'] = null;
  let failure: Error | null = null;
  parser.on('xmldecl', (decl) => {
    declaration = { version: decl.version, encoding: decl.encoding };
  });
  parser.on('doctype', (text) => {
    doctype = text.trim();
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      name: tag.name,
      attributes: Object.fromEntries(Object.entries(tag.attributes).map(([k, v]) => [k, String(v)])),
      children: [],
    };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (text: string) => stack.at(-1)?.children.push(text);
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.write(xml).close();
  if (failure) throw failure;
  if (!root) throw new Error('The document has no root element.');
  return { declaration, doctype, root };
}

/** The child elements of `element` named `name` (all children without a name). */
export function children(element: XmlElement | null | undefined, name?: string): XmlElement[] {
  return (element?.children ?? []).filter(
    (child): child is XmlElement => typeof child !== 'string' && (name === undefined || child.name === name),
  );
}

/** The first child element named `name`, following a path of names (`child(el, 'ItemID', 'SupplierPartID')`). */
export function child(element: XmlElement | null | undefined, ...path: string[]): XmlElement | null {
  let current: XmlElement | null = element ?? null;
  for (const name of path) current = children(current, name)[0] ?? null;
  return current;
}

/** The text of `element` and its descendants, trimmed; null without the element. */
export function textOf(element: XmlElement | null | undefined): string | null {
  if (!element) return null;
  const parts: string[] = [];
  const walk = (node: XmlElement) => {
    for (const c of node.children) {
      if (typeof c === 'string') parts.push(c);
      else walk(c);
    }
  };
  walk(element);
  return parts.join('').trim();
}

/** `text` escaped for XML content and attribute values (double-quoted). */
export function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * `xml` re-indented by two spaces per level, for reading: an element with text only stays on one line, blank text
 * between elements goes. The XML declaration and the DOCTYPE are kept.
 *
 * @throws Error for a document that is not well-formed (parseXml).
 */
export function prettyXml(xml: string): string {
  const document = parseXml(xml);
  const lines: string[] = [];
  if (document.declaration) {
    const { version = '1.0', encoding } = document.declaration;
    lines.push(`<?xml version="${version}"${encoding ? ` encoding="${encoding}"` : ''}?>`);
  }
  if (document.doctype) lines.push(`<!DOCTYPE ${document.doctype}>`);
  const open = (element: XmlElement) =>
    `<${element.name}${Object.entries(element.attributes)
      .map(([name, value]) => ` ${name}="${xmlEscape(value)}"`)
      .join('')}`;
  const write = (element: XmlElement, depth: number) => {
    const indent = '  '.repeat(depth);
    const elements = children(element);
    const text = element.children.filter((c): c is string => typeof c === 'string').join('');
    if (element.children.length === 0 || (elements.length === 0 && text.trim() === '')) {
      lines.push(`${indent}${open(element)}/>`);
    } else if (elements.length === 0) {
      lines.push(`${indent}${open(element)}>${xmlEscape(text.trim())}</${element.name}>`);
    } else {
      lines.push(`${indent}${open(element)}>`);
      for (const c of element.children) {
        if (typeof c === 'string') {
          if (c.trim()) lines.push(`${indent}  ${xmlEscape(c.trim())}`);
        } else {
          write(c, depth + 1);
        }
      }
      lines.push(`${indent}</${element.name}>`);
    }
  };
  write(document.root, 0);
  return `${lines.join('\n')}\n`;
}
