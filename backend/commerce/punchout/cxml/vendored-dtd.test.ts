import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

// The cXML License Agreement grants use of the unmodified specification only, with the licence attached
// (clauses 2 and 3): the vendored files must stay byte-identical to the published ones.
const FOLDER = path.resolve(process.cwd(), 'vendor', 'cxml-dtd-1.2.071');
const PUBLISHED: Record<string, string> = {
  'cXML.dtd': 'd267ad7b19cbd6608b972821daacab0f4d94a8ec78610b7127dba23222198a64',
  'LICENSE-cXML.txt': '727663912eca0b99c1e95a60cd1112efd2851478610cf256940241d759751338',
};

describe('vendored cXML DTD 1.2.071', () => {
  test.each(Object.entries(PUBLISHED))('%s is byte-identical to the published file (SHA-256)', (file, sha256) => {
    const digest = createHash('sha256')
      .update(readFileSync(path.join(FOLDER, file)))
      .digest('hex');
    expect(digest).toBe(sha256);
  });

  test('the folder holds only the DTD, its licence and the README', () => {
    expect(readdirSync(FOLDER).sort()).toEqual(['LICENSE-cXML.txt', 'README.md', 'cXML.dtd']);
  });

  test('the README names the SHA-256 of cXML.dtd', () => {
    expect(readFileSync(path.join(FOLDER, 'README.md'), 'utf8')).toContain(PUBLISHED['cXML.dtd']);
  });

  test('the DTD declares cXML version 1.2.071', () => {
    expect(readFileSync(path.join(FOLDER, 'cXML.dtd'), 'utf8')).toMatch(/<!ENTITY cxml\.version "1\.2\.071" >/);
  });
});
