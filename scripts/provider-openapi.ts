/**
 * Generates the provider OpenAPI document docs/openapi/provider.json (OpenAPI 3.1, JSON Schema 2020-12) from the
 * contract: the named schemas of contract/provider/endpoints.ts become `components.schemas` (valibot → JSON Schema
 * with `@valibot/to-json-schema`, request schemas as their input type), every endpoint a path operation, its entry
 * of the runtime table (method, path, parameters, body, success answer) merged with its documentation in
 * contract/provider/endpoint-docs.ts (summary, the meaning of every answer, the error answers). Entries
 * below a punch-out segment (`segment: 'oci' | 'cxml'`) are keyed by the segment's default
 * (`/oci/call-up`, `/cxml/setup`) with a path-level server `/store-api`, so they lie below `/store-api/{oci-entry}`
 * and `/store-api/{cxml-entry}` (STORE_API_OCI_ENTRY, STORE_API_CXML_ENTRY) instead of the provider's; a raw cXML
 * body (`rawBody: 'text/xml'`) is a `text/xml` request body, and file answers carry their media type (PDF, CSV,
 * HTML, XML). The document is never edited by hand; tests/provider-contract.test.ts checks that the committed file equals this
 * output.
 *
 * `npm run openapi:provider` writes the file (formatted with the project's Prettier settings);
 * `npm run openapi:provider -- --check` exits 1 when the committed file differs.
 */
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig, type JsonSchema } from '@valibot/to-json-schema';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import type { GenericSchema } from 'valibot';
import { providerEndpointDoc, providerEndpointResponses } from '../contract/provider/endpoint-docs.ts';
import { PROVIDER_ENDPOINTS, PROVIDER_SCHEMAS, type ProviderEndpoint } from '../contract/provider/endpoints.ts';
import { DEFAULT_PROVIDER } from '../contract/provider.ts';
import { DEFAULT_CXML_ENTRY, DEFAULT_OCI_ENTRY } from '../contract/provider/punchout.ts';

/** Where the document lives. */
export const PROVIDER_OPENAPI_PATH = fileURLToPath(new URL('../docs/openapi/provider.json', import.meta.url));

/**
 * The conversion: the input type of each schema (what a client sends), with the normalising actions (trim, case)
 * and the cross-field checks left out of the JSON Schema; the checks are named in the schemas' descriptions.
 */
const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  typeMode: 'input',
  errorMode: 'throw',
  ignoreActions: ['trim', 'to_lower_case', 'to_upper_case', 'check', 'partial_check', 'raw_check'],
  overrideRef: ({ referenceId }) => `#/components/schemas/${referenceId}`,
};

/** Path or query parameters of an object schema, one OpenAPI parameter per property. */
function parameters(schema: GenericSchema, location: 'path' | 'query'): Record<string, unknown>[] {
  const json = toJsonSchema(schema, CONVERSION) as JsonSchema & {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * `text` with the error-code prefixes of the default segments: `{PROVIDER}__X` → `WERKBANK__X`, `{OCI}__X` →
 * `OCI__X`, `{CXML}__X` → `CXML__X`.
 */
function codePrefixes(text: string): string {
  return text
    .replaceAll('{PROVIDER}', DEFAULT_PROVIDER.toUpperCase())
    .replaceAll('{OCI}', DEFAULT_OCI_ENTRY.toUpperCase())
    .replaceAll('{CXML}', DEFAULT_CXML_ENTRY.toUpperCase());
}

/** The punch-out entry segments: their default and the variable that moves them. */
const SEGMENTS = {
  oci: { segment: DEFAULT_OCI_ENTRY, variable: 'STORE_API_OCI_ENTRY', name: 'OCI' },
  cxml: { segment: DEFAULT_CXML_ENTRY, variable: 'STORE_API_CXML_ENTRY', name: 'cXML' },
} as const;

/**
 * The key of an endpoint in `paths`: its path below the provider segment, or for an entry below a punch-out
 * segment that segment's default followed by its path (`/oci/logout`, `/cxml/logout`: the two would collide
 * otherwise), served from the path-level server `/store-api`.
 */
export function openApiPathKey(endpoint: Pick<ProviderEndpoint, 'path' | 'segment'>): string {
  return endpoint.segment ? `/${SEGMENTS[endpoint.segment].segment}${endpoint.path}` : endpoint.path;
}

/** The path-level `servers` of an entry below a punch-out segment. */
function segmentServers(segment: NonNullable<ProviderEndpoint['segment']>): Record<string, unknown>[] {
  const { segment: fallback, variable, name } = SEGMENTS[segment];
  return [
    {
      url: '/store-api',
      description:
        `The ${name} punch-out entry: the path's first segment is ${variable} (default ${fallback}), ` +
        'not the provider segment.',
    },
  ];
}

/** The provider OpenAPI document as a plain object. */
export function buildProviderOpenApi(): Record<string, unknown> {
  const schemas = toJsonSchemaDefs(PROVIDER_SCHEMAS, CONVERSION);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of PROVIDER_ENDPOINTS) {
    const operation: Record<string, unknown> = {
      operationId: endpoint.operationId,
      summary: codePrefixes(providerEndpointDoc(endpoint).summary),
    };
    if (endpoint.auth === 'customer') operation.security = [{ AccessKey: [], ContextToken: [] }];
    const params = [
      ...(endpoint.params ? parameters(endpoint.params, 'path') : []),
      ...(endpoint.query ? parameters(endpoint.query, 'query') : []),
    ];
    if (params.length) operation.parameters = params;
    if (endpoint.body) {
      operation.requestBody = {
        required: endpoint.bodyRequired ?? true,
        content: { 'application/json': { schema: ref(endpoint.body) } },
      };
    }
    if (endpoint.rawBody) {
      operation.requestBody = {
        required: true,
        description: 'The document itself (UTF-8 unless its XML declaration names another encoding), at most 1 MiB.',
        content: { [endpoint.rawBody]: { schema: { type: 'string', contentMediaType: endpoint.rawBody } } },
      };
    }
    operation.responses = Object.fromEntries(
      Object.entries(providerEndpointResponses(endpoint)).map(([status, response]) => [
        status,
        {
          description: codePrefixes(response.description),
          ...(response.schema ? { content: { 'application/json': { schema: ref(response.schema) } } } : {}),
          ...(response.file
            ? { content: { [response.file]: { schema: { type: 'string', contentMediaType: response.file } } } }
            : {}),
        },
      ]),
    );
    const item = (paths[openApiPathKey(endpoint)] ??= {});
    if (endpoint.segment) item.servers = segmentServers(endpoint.segment);
    item[endpoint.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Werkbank provider Store API',
      version: '1.0.0',
      description:
        "The supplier's B2B endpoints under /store-api/{provider}/ (default provider segment: " +
        `${DEFAULT_PROVIDER}). Generated from the contract (contract/provider/endpoints.ts) by ` +
        'scripts/provider-openapi.ts. The punch-out entries lie below /store-api/{oci-entry}/ and ' +
        `/store-api/{cxml-entry}/ (defaults ${DEFAULT_OCI_ENTRY} and ${DEFAULT_CXML_ENTRY}; their paths name the ` +
        "segment and carry their own server). Shopware's standard Store API calls are described by Shopware's own " +
        'document (@shopware/api-client, api-types/storeApiSchema.json). Every call needs the sw-access-key ' +
        "header; errors answer Shopware's envelope { errors: [{ status, code, title, detail, meta, source }] }.",
    },
    servers: [{ url: `/store-api/${DEFAULT_PROVIDER}` }],
    security: [{ AccessKey: [] }],
    components: {
      securitySchemes: {
        AccessKey: { type: 'apiKey', in: 'header', name: 'sw-access-key' },
        ContextToken: { type: 'apiKey', in: 'header', name: 'sw-context-token' },
      },
      schemas,
    },
    paths,
  };
}

/** The document as the committed file holds it: JSON formatted with the project's Prettier settings. */
export async function formatProviderOpenApi(document: Record<string, unknown>): Promise<string> {
  const options = (await prettier.resolveConfig(PROVIDER_OPENAPI_PATH)) ?? {};
  return prettier.format(JSON.stringify(document), { ...options, filepath: PROVIDER_OPENAPI_PATH });
}

async function main(): Promise<void> {
  const text = await formatProviderOpenApi(buildProviderOpenApi());
  if (process.argv.includes('--check')) {
    const committed = await readFile(PROVIDER_OPENAPI_PATH, 'utf8');
    if (committed !== text) {
      console.error(`${PROVIDER_OPENAPI_PATH} is out of date: run npm run openapi:provider`);
      process.exit(1);
    }
    return;
  }
  await writeFile(PROVIDER_OPENAPI_PATH, text);
  console.log(`wrote ${PROVIDER_OPENAPI_PATH}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
