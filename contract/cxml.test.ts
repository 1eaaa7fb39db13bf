import { expect, test } from 'vitest';
import { cxmlStatusDocument, cxmlTimestamp, newPayloadId } from './cxml.ts';

test('Status documents: XML declaration first, DOCTYPE, a unique payloadID and a timestamp with a numeric offset', () => {
  const a = cxmlStatusDocument({ code: 406, detail: 'too <large> & more', hostname: 'shop.example' });
  const b = cxmlStatusDocument({ code: 406, detail: 'x', hostname: 'shop.example' });
  expect(a.startsWith('<?xml')).toBe(true);
  expect(a).toContain('<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.071/cXML.dtd">');
  expect(a).toContain('<Status code="406" text="Not Acceptable" xml:lang="en">too &lt;large&gt; &amp; more</Status>');
  const timestamp = /timestamp="([^"]+)"/.exec(a)![1]!;
  expect(timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
  const id = (doc: string) => /payloadID="([^"]+)"/.exec(doc)![1];
  expect(id(a)).toMatch(/@shop\.example$/);
  expect(id(a)).not.toBe(id(b));
});

test('timestamps carry the zone offset, never Z; payloadIDs do not repeat', () => {
  const summer = new Date('2024-07-01T12:00:00Z');
  expect(cxmlTimestamp(summer)).toBe('2024-07-01T14:00:00+02:00');
  expect(cxmlTimestamp(summer, 'UTC')).toBe('2024-07-01T12:00:00+00:00');
  expect(new Set(Array.from({ length: 1000 }, () => newPayloadId('h'))).size).toBe(1000);
});
