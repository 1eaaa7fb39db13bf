/**
 * Test helpers: the published cXML samples, read at test time from the shared sample folder beside the repository
 * (`../shared/punchout/samples/cxml/`), never copied into the repository.
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
