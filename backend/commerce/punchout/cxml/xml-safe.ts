/**
 * A small, defensive XML reader for cXML documents received from outside (PunchOutSetupRequest, OrderRequest, and
 * PunchOutOrderMessage / Status documents read by the procurement simulator), built on saxes.
 *
 * Rules (cXML Reference Guide 1.2.051 §3.1.3: the DTD is "the only external entity that can appear in cXML
 * documents"; OWASP XXE prevention):
 * - A DOCTYPE is allowed and recorded (name, public and system id, and the cXML version named in the system id
 *   `http://xml.cxml.org/schemas/cXML/<version>/cXML.dtd`), but nothing it names is ever fetched: saxes does not
 *   read DTDs at all. Validation uses the vendored DTD (./dtd-validate.ts).
 * - An internal subset that declares an entity (`<!ENTITY`, general or parameter) is refused: that is how XXE and
 *   entity-expansion ("billion laughs") attacks are written. Other declarations in an internal subset are ignored.
 * - A reference to an entity other than the five predefined ones and character references is refused.
 * - Size (bytes of UTF-8, checked before parsing), element depth and node count are capped.
 * - Byte input must be UTF-8 (cXML Reference Guide 1.2.051 §3.1.4 recommends UTF-8); a byte order mark is skipped.
 *
 * Every refusal throws {@link CxmlParseError} (cXML Status 406).
 *
 * The tree keeps, for each element, the offsets of its content in the source string, so that the raw inner XML of
 * an element can be recovered byte-identically ({@link innerXml}): a BuyerCookie (declared `ANY`) must be returned
 * exactly as received (cXML Reference Guide 1.2.051 §5.3.4).
 */
import { SaxesParser } from 'saxes';
import { CxmlParseError } from './errors.ts';

/** One element of a parsed document. */
export interface XmlElement {
  /** Qualified name as written (`cXML`, `ds:Signature`). */
  name: string;
  /** Attributes as written, values with entity and character references resolved (`xml:lang` keeps its prefix). */
  attributes: Record<string, string>;
  /** Child elements in document order. */
  children: XmlElement[];
  /** The element's own character data (text and CDATA sections, references resolved), concatenated; not trimmed. */
  text: string;
  /**
   * Offsets into the source string (UTF-16 indices) of the element's content: from just after the start tag's `>`
   * to just before the end tag's `<`. Equal for an empty element (`<a/>` or `<a></a>`).
   */
  contentStart: number;
  contentEnd: number;
}

/** The DOCTYPE of a document, as declared; never fetched. */
export interface XmlDoctype {
  /** Name of the root element the DOCTYPE declares (`cXML`). */
  name: string;
  publicId: string | null;
  systemId: string | null;
  /** cXML version named in the system id (`…/schemas/cXML/1.2.050/cXML.dtd` → `1.2.050`), or null. */
  cxmlVersion: string | null;
}

/** The root element of a parsed document, with the document's source and DOCTYPE. */
export interface XmlRoot extends XmlElement {
  /** The whole document as parsed (decoded from UTF-8 when given as bytes); offsets refer to it. */
  source: string;
  doctype: XmlDoctype | null;
}

/** Limits of {@link parseXml}. */
export interface XmlLimits {
  /** Largest accepted document in bytes of UTF-8 (default 1 MiB). */
  maxBytes?: number;
  /** Deepest accepted element nesting, the root counting 1 (default 100). */
  maxDepth?: number;
  /** Most accepted nodes: elements, text runs, CDATA sections, comments, processing instructions (default 50,000). */
  maxNodes?: number;
}

/** Default {@link XmlLimits}: 1 MiB, depth 100, 50,000 nodes. */
export const DEFAULT_XML_LIMITS: Readonly<Required<XmlLimits>> = {
  maxBytes: 1024 * 1024,
  maxDepth: 100,
  maxNodes: 50_000,
};

const DOCTYPE_PATTERN =
  /^\s*([^\s[]+)(?:\s+(?:SYSTEM\s+("[^"]*"|'[^']*')|PUBLIC\s+("[^"]*"|'[^']*')\s+("[^"]*"|'[^']*')))?\s*(\[[\s\S]*\])?\s*$/;
const CXML_VERSION_IN_SYSTEM_ID = /\/schemas\/cxml\/(\d+\.\d+(?:\.\d+)?)\/[^/]*\.dtd$/i;

/**
 * Parses a cXML document defensively.
 *
 * @param input the body: a string, or bytes that must be UTF-8 (a declared encoding other than UTF-8/US-ASCII is
 *   refused; an invalid UTF-8 sequence is refused).
 * @param limits size (bytes), depth and node caps; see {@link DEFAULT_XML_LIMITS}.
 * @returns the root element, with the source string and the recorded DOCTYPE.
 * @throws CxmlParseError (Status 406) when the body is too large (checked before parsing), not well-formed, has an
 *   internal-subset entity declaration or an undefined entity reference, or exceeds the depth or node limit.
 */
export function parseXml(input: string | Uint8Array, limits: XmlLimits = {}): XmlRoot {
  const { maxBytes, maxDepth, maxNodes } = { ...DEFAULT_XML_LIMITS, ...limits };
  const bytes = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength;
  if (bytes > maxBytes) {
    throw new CxmlParseError(`Document too large: ${bytes} bytes, the limit is ${maxBytes} bytes.`);
  }
  let source = typeof input === 'string' ? input : decodeUtf8(input);
  if (source.startsWith('\uFEFF')) source = source.slice(1);

  const parser = new SaxesParser({ position: true, xmlns: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let doctype: XmlDoctype | null = null;
  let nodes = 0;
  const count = (): void => {
    nodes += 1;
    if (nodes > maxNodes) throw new CxmlParseError(`Document has more than ${maxNodes} nodes.`);
  };

  parser.on('error', (error) => {
    throw new CxmlParseError(`Not well-formed XML: ${error.message}`);
  });
  parser.on('xmldecl', (decl) => {
    if (typeof input !== 'string' && decl.encoding && !/^(utf-8|us-ascii)$/i.test(decl.encoding)) {
      throw new CxmlParseError(`Unsupported encoding "${decl.encoding}": send cXML documents in UTF-8.`);
    }
  });
  parser.on('doctype', (text) => {
    doctype = readDoctype(text);
  });
  parser.on('opentag', (tag) => {
    count();
    if (stack.length + 1 > maxDepth) throw new CxmlParseError(`Elements nested deeper than ${maxDepth} levels.`);
    const element: XmlElement = {
      name: tag.name,
      attributes: { ...tag.attributes },
      children: [],
      text: '',
      contentStart: parser.position,
      contentEnd: parser.position,
    };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    if (!tag.isSelfClosing) stack.push(element);
  });
  parser.on('closetag', (tag) => {
    if (tag.isSelfClosing) return;
    const element = stack.pop();
    if (!element) return;
    element.contentEnd = source.lastIndexOf('</', parser.position - 1);
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (!current) return;
    count();
    current.text += text;
  });
  parser.on('cdata', (text) => {
    const current = stack.at(-1);
    if (!current) return;
    count();
    current.text += text;
  });
  parser.on('comment', count);
  parser.on('processinginstruction', count);

  parser.write(source).close();
  if (!root) throw new CxmlParseError('Not well-formed XML: no root element.');
  return Object.assign(root as XmlElement, { source, doctype });
}

/**
 * The raw XML between an element's start and end tag, exactly as it appears in the source (entity references,
 * CDATA sections, comments and whitespace untouched).
 */
export function innerXml(root: XmlRoot, element: XmlElement): string {
  return root.source.slice(element.contentStart, element.contentEnd);
}

/** The first child element named `name`, or undefined. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

/** All child elements named `name`, in document order. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

/** The element reached by following child names from `element` (first match at each step), or undefined. */
export function path(element: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let current = element;
  for (const name of names) {
    if (!current) return undefined;
    current = child(current, name);
  }
  return current;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new CxmlParseError('The document is not valid UTF-8.');
  }
}

function readDoctype(text: string): XmlDoctype {
  const match = DOCTYPE_PATTERN.exec(text);
  if (!match) throw new CxmlParseError('Not well-formed XML: unreadable DOCTYPE declaration.');
  const [, name = '', system, publicId, publicSystem, subset] = match;
  if (subset && /<!ENTITY/i.test(subset)) {
    throw new CxmlParseError('Entity declarations are not accepted in cXML documents.');
  }
  const systemId = unquote(system ?? publicSystem);
  return {
    name,
    publicId: unquote(publicId),
    systemId,
    cxmlVersion: systemId ? (CXML_VERSION_IN_SYSTEM_ID.exec(systemId.trim())?.[1] ?? null) : null,
  };
}

function unquote(quoted: string | undefined): string | null {
  return quoted === undefined ? null : quoted.slice(1, -1);
}
