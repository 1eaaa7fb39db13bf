/**
 * Test harness: published cXML sample documents (from open-source cXML libraries' test fixtures), read at test time
 * from the sample folder beside the repository, never copied into it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SAMPLES = path.resolve(process.cwd(), '..', 'shared', 'punchout', 'samples', 'cxml');

/** File names of all cXML samples. */
export function cxmlSampleNames(): string[] {
  return readdirSync(SAMPLES)
    .filter((name) => name.endsWith('.xml'))
    .sort();
}

/** One sample as a string (UTF-8). */
export function cxmlSample(name: string): string {
  return readFileSync(path.join(SAMPLES, name), 'utf8');
}
