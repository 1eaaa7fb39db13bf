/**
 * Shopware's own OpenAPI document of the Store API (`@shopware/api-client/api-types/storeApiSchema.json`) as response
 * validators for the contract tests: `responseValidator(path, method, status, anonymous)` compiles, with ajv, the
 * document's response schema for a path template, method and status, `#/components/...` references resolved inside
 * the document; `validationErrors(validator, body)` lists the first five errors (empty when the body fits).
 *
 * Deviations from the document, each applied as a schema patch here and nowhere else:
 * 1. `aggregations` of search results is an object keyed by aggregation name, as Shopware actually serialises it
 *    (the document types it as an array, which only matches the empty case `[]`).
 * 2. Anonymous contexts get products without `calculatedPrice`, `calculatedPrices` and `stock` (ADR 005:
 *    prices and stock figures only for logged-in buyers holding ROLE_VIEW_PRICES), so for anonymous responses these
 *    are not required. Logged-in responses are validated against the Product schema with all its required fields.
 * 3. `Product.calculatedPrices.items` combines `additionalProperties: false` with an `allOf`, which no non-empty
 *    object can satisfy under JSON Schema (a real Shopware answer fails it too); the `additionalProperties` is dropped.
 * 4. `Country.addressFormat` is typed as an object, but Shopware stores and sends it as lines of snippet keys (a JSON
 *    array of arrays, CountryDefinition's default format); both are accepted.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Schema = Record<string, unknown>;
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, Schema> }>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Schema> };
}

// The package's `exports` do not expose the JSON file, so it is read from node_modules directly.
const SCHEMA_FILE = fileURLToPath(
  new URL('../node_modules/@shopware/api-client/api-types/storeApiSchema.json', import.meta.url),
);
const document = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as OpenApiDocument;

/** A copy of the document with the deviations of the module comment applied. */
function patchedDocument(anonymous: boolean): OpenApiDocument {
  const doc = structuredClone(document);
  const entitySearchResult = doc.components.schemas.EntitySearchResult as { properties: Record<string, Schema> };
  entitySearchResult.properties.aggregations = {
    anyOf: [entitySearchResult.properties.aggregations!, { type: 'object', additionalProperties: { type: 'object' } }],
  };
  const calculatedPrices = (doc.components.schemas.Product as { properties: Record<string, { items: Schema }> })
    .properties.calculatedPrices!;
  delete calculatedPrices.items.additionalProperties;
  const country = doc.components.schemas.Country as { properties: Record<string, Schema> };
  country.properties.addressFormat = {
    anyOf: [country.properties.addressFormat!, { type: 'array', items: { type: 'array', items: { type: 'string' } } }],
  };
  if (anonymous) {
    const product = doc.components.schemas.Product as { required: string[] };
    product.required = product.required.filter((r) => !['calculatedPrice', 'calculatedPrices', 'stock'].includes(r));
  }
  return doc;
}

function createAjv(doc: OpenApiDocument, id: string): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: id, components: doc.components }, id);
  return ajv;
}

const anonymousAjv = createAjv(patchedDocument(true), 'anonymous');
const loggedInAjv = createAjv(patchedDocument(false), 'logged-in');
const validators = new Map<string, ValidateFunction>();

/** The HTTP methods of the document's operations, lower case. */
export type OpenApiMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * The response schema of the document for a path template (`/product/{productId}`), method and status, as a
 * validator; `anonymous` picks the patch for callers without prices (deviation 2).
 *
 * @throws Error when the document has no such operation or no response for that status.
 */
export function responseValidator(
  path: string,
  method: OpenApiMethod,
  status: number,
  anonymous: boolean,
): ValidateFunction {
  const key = `${anonymous}:${method}:${path}:${status}`;
  const cached = validators.get(key);
  if (cached) return cached;
  const operation = document.paths[path]?.[method];
  if (!operation) throw new Error(`The OpenAPI document has no ${method.toUpperCase()} ${path}`);
  let response = operation.responses[String(status)] as Schema | undefined;
  if (!response)
    throw new Error(`The OpenAPI document defines no ${status} response for ${method.toUpperCase()} ${path}`);
  const ref = response.$ref as string | undefined;
  if (ref) response = document.components.responses[ref.split('/').pop()!]!;
  const schema = (response.content as Record<string, { schema: Schema }>)['application/json']!.schema;
  const id = anonymous ? 'anonymous' : 'logged-in';
  const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${id}#/components/`)) as Schema;
  const validator = (anonymous ? anonymousAjv : loggedInAjv).compile(rebased);
  validators.set(key, validator);
  return validator;
}

/** The first five errors of `validate` for `body` as `pointer message params` lines; empty when it fits. */
export function validationErrors(validate: ValidateFunction, body: unknown): string[] {
  if (validate(body)) return [];
  return validate.errors!.slice(0, 5).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}
