/**
 * The Profile transaction (cXML Reference Guide 1.2.051 §5.1.2.2: "PunchOut websites … must support … Profile
 * Transaction"; also used as a ping): a ProfileRequest, posted to the setup URL, is answered with a ProfileResponse
 * naming the transactions the shop accepts and where (cXML.dtd: `ProfileResponse (Option*, Transaction+)`,
 * `Transaction (URL, Option*)`).
 */
import { readEnvelope, type CxmlEnvelope } from './envelope.ts';
import { path, parseXml, type XmlLimits } from './xml-safe.ts';

/**
 * The envelope of a ProfileRequest, or null when the document's Request holds something else (then it is read as
 * what it is, e.g. a PunchOutSetupRequest).
 *
 * @throws CxmlParseError (406) for a body that is not acceptable XML or not a cXML document with a Header.
 */
export function readProfileRequest(xml: string | Uint8Array, limits?: XmlLimits): CxmlEnvelope | null {
  const root = parseXml(xml, limits);
  if (!path(root, 'Request', 'ProfileRequest')) return null;
  return readEnvelope(root);
}

/** A transaction the shop accepts: the request's name (cXML `requestName`) and its URL. */
export interface ProfileTransaction {
  requestName: 'ProfileRequest' | 'PunchOutSetupRequest' | 'OrderRequest';
  url: string;
}
