/**
 * DTD validation of cXML documents against the vendored cXML.dtd 1.2.071 (vendor/cxml-dtd-1.2.071/cXML.dtd), with
 * libxml2 compiled to WebAssembly (libxml2-wasm). Used for the documents the shop sends (tests) and by the shop's
 * procurement simulator for what it receives.
 *
 * - The DTD is read from disk, never from the URL in the document's DOCTYPE: the document is parsed without DTD
 *   loading (`XML_PARSE_NO_XXE`, `XML_PARSE_NONET`; libxml2-wasm has no network client either), then validated against
 *   the vendored DTD. So a document naming another cXML version (`…/1.2.014/cXML.dtd`) is validated against 1.2.071;
 *   older versions' content models are subsets of 1.2.071's for the elements the shop sends.
 * - Before libxml2 sees it, the document goes through ./xml-safe.ts `parseXml` (size, depth, node limits; no entity
 *   declarations), so validation cannot be used for entity expansion.
 * - The DTD is parsed once per process (about 80 ms) and kept; each document is freed after validation.
 *   {@link releaseCxmlValidator} frees the DTD (tests, shutdown).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DtdValidator, ParseOption, XmlDocument, XmlDtd, XmlLibError } from 'libxml2-wasm';
import { CxmlParseError } from './errors.ts';
import { parseXml } from './xml-safe.ts';

/** Path of the vendored DTD below the repository root. */
const DTD_RELATIVE = 'vendor/cxml-dtd-1.2.071/cXML.dtd';

/** Result of {@link validateCxml}: valid, or the messages of libxml2 (or of the safe parser) saying why not. */
export interface CxmlValidation {
  valid: boolean;
  errors: string[];
}

let cached: { dtd: XmlDtd; validator: DtdValidator } | null = null;

/**
 * Where the vendored DTD is: relative to this module in the repository (`../../../../vendor/…`), else below the
 * working directory (a bundled server runs from the repository root or has the folder copied next to it).
 *
 * @throws Error when neither exists.
 */
export function cxmlDtdPath(): string {
  const candidates = [
    fileURLToPath(new URL(`../../../../${DTD_RELATIVE}`, import.meta.url)),
    resolve(process.cwd(), DTD_RELATIVE),
  ];
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`The vendored cXML DTD was not found (looked at ${candidates.join(', ')}).`);
  return found;
}

/**
 * Validates a cXML document against cXML.dtd 1.2.071, without network access.
 *
 * @param xml the document.
 * @returns `{ valid: true, errors: [] }`, or `valid: false` with one message per problem (libxml2's validity errors
 *   with their element path, or the refusal of the safe parser, or libxml2's well-formedness error).
 * @throws Error when the vendored DTD cannot be found or read.
 */
export function validateCxml(xml: string): CxmlValidation {
  try {
    parseXml(xml);
  } catch (error) {
    if (error instanceof CxmlParseError) return { valid: false, errors: [error.message] };
    throw error;
  }
  const { validator } = loadValidator();
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml, {
      option: ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE | ParseOption.XML_PARSE_NOERROR,
    });
  } catch (error) {
    return { valid: false, errors: libxmlMessages(error) };
  }
  try {
    validator.validate(doc);
    return { valid: true, errors: [] };
  } catch (error) {
    return { valid: false, errors: libxmlMessages(error) };
  } finally {
    doc.dispose();
  }
}

/** Frees the cached DTD (it is parsed again on the next {@link validateCxml}). */
export function releaseCxmlValidator(): void {
  cached?.validator.dispose();
  cached = null;
}

function loadValidator(): { dtd: XmlDtd; validator: DtdValidator } {
  if (cached) return cached;
  const dtd = XmlDtd.fromBuffer(readFileSync(cxmlDtdPath()));
  // The DTD belongs to no document, so the validator owns it: disposing the validator frees the DTD.
  cached = { dtd, validator: new DtdValidator(dtd) };
  return cached;
}

function libxmlMessages(error: unknown): string[] {
  if (error instanceof XmlLibError && error.details.length > 0) {
    return error.details.map((d) => `${d.xpath ? `${d.xpath}: ` : ''}${d.message.trim()} (line ${d.line})`);
  }
  if (error instanceof Error) return [error.message];
  throw error;
}
