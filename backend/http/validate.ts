/**
 * The one request-validation path of the embedded HTTP API: a Hono validator over a valibot schema
 * (`@hono/valibot-validator`) that answers a broken rule the way Shopware's Store API does, 400 with one envelope
 * item per issue (Shopware's ConstraintViolationException):
 *
 * `{ status: '400', code: 'VIOLATION::TOO_SHORT_ERROR', title: 'Constraint violation error',
 *    detail: 'This value is too short. It should have 3 characters or more.',
 *    meta: { parameters: { '{{ limit }}': 3 } }, source: { pointer: '/username' } }`
 *
 * - `code`: the issue message when the schema names a violation code (contract/errors.ts VIOLATION_CODES), else the
 *   Symfony constraint that matches the kind of check: missing or null → IS_BLANK_ERROR, length → TOO_SHORT_ERROR /
 *   TOO_LONG_ERROR (TOO_FEW_ERROR / TOO_MANY_ERROR for lists), value range → TOO_LOW_ERROR / TOO_HIGH_ERROR, email →
 *   INVALID_EMAIL, pattern → REGEX_FAILED_ERROR, choice → NO_SUCH_CHOICE_ERROR, wrong type → INVALID_TYPE_ERROR.
 * - `source.pointer`: the JSON pointer (RFC 6901) of the field, `/` for the whole input.
 * - `meta.parameters`: the rule's values in Symfony's placeholder form (`{{ limit }}`, `{{ type }}`,
 *   `{{ choices }}`); the submitted value is never echoed (it may be a password).
 *
 * JSON bodies are read when the request says `Content-Type: application/json` (Hono's validator; any other type
 * reads as `{}`); an empty body reads as `{}`, as Shopware's routes take it, and a body that is not JSON answers
 * `VIOLATION::INVALID_JSON` at `/`.
 */
import { vValidator } from '@hono/valibot-validator';
import type { Context, Env, MiddlewareHandler, ValidationTargets } from 'hono';
import * as v from 'valibot';
import { isViolationCode, VIOLATION_CODES, type ViolationCode } from '../../contract/errors.ts';
import { violationErrorCode, SHOPWARE_ERROR_CODES } from '../../contract/error-codes.ts';
import type { StoreApiErrorItem } from '../../contract/errors.ts';
import { StoreApiError } from './errors.ts';

type Issue = v.BaseIssue<unknown>;

/** Shopware's title of a constraint-violation item. */
const VIOLATION_TITLE = 'Constraint violation error';

/** The violation code of one valibot issue (see the module comment). */
export function violationCode(issue: Issue): ViolationCode {
  if (isViolationCode(issue.message)) return issue.message;
  if (issue.kind === 'schema' && (issue.input === undefined || issue.input === null)) return 'IS_BLANK_ERROR';
  const list = Array.isArray(issue.input);
  switch (issue.type) {
    case 'non_empty':
      return 'IS_BLANK_ERROR';
    case 'min_length':
      return list ? 'TOO_FEW_ERROR' : 'TOO_SHORT_ERROR';
    case 'max_length':
      return list ? 'TOO_MANY_ERROR' : 'TOO_LONG_ERROR';
    case 'length': {
      const short = ((issue.input as { length?: number } | null)?.length ?? 0) < Number(issue.requirement);
      if (list) return short ? 'TOO_FEW_ERROR' : 'TOO_MANY_ERROR';
      return short ? 'TOO_SHORT_ERROR' : 'TOO_LONG_ERROR';
    }
    case 'min_value':
    case 'gt_value':
      return 'TOO_LOW_ERROR';
    case 'max_value':
    case 'lt_value':
      return 'TOO_HIGH_ERROR';
    case 'email':
      return 'INVALID_EMAIL';
    case 'regex':
      return 'REGEX_FAILED_ERROR';
    case 'picklist':
    case 'enum':
    case 'literal':
    case 'union':
    case 'variant':
      return 'NO_SUCH_CHOICE_ERROR';
    case 'string':
    case 'number':
    case 'boolean':
    case 'array':
    case 'object':
    case 'strict_object':
    case 'loose_object':
    case 'integer':
      return 'INVALID_TYPE_ERROR';
    default:
      return 'INVALID_VALUE';
  }
}

/** The rule's values for `meta.parameters`, in Symfony's placeholder form. */
function parametersOf(issue: Issue, code: ViolationCode): Record<string, unknown> {
  switch (code) {
    case 'TOO_SHORT_ERROR':
    case 'TOO_LONG_ERROR':
    case 'TOO_FEW_ERROR':
    case 'TOO_MANY_ERROR':
      return typeof issue.requirement === 'number' ? { '{{ limit }}': issue.requirement } : {};
    case 'TOO_LOW_ERROR':
    case 'TOO_HIGH_ERROR':
      // A range over numbers or over ISO dates (compared as strings, e.g. "not before 2026-11-23").
      return typeof issue.requirement === 'number' || typeof issue.requirement === 'string'
        ? { '{{ limit }}': issue.requirement }
        : {};
    case 'INVALID_TYPE_ERROR':
      return { '{{ type }}': issue.expected ?? issue.type };
    case 'NO_SUCH_CHOICE_ERROR':
      return issue.expected ? { '{{ choices }}': issue.expected } : {};
    default:
      return {};
  }
}

/** RFC 6901 JSON pointer of an issue's path: `~` → `~0`, `/` → `~1`; `/` for the root. */
export function issuePointer(issue: Issue): string {
  const keys = (issue.path ?? []).map((item) => String(item.key).replace(/~/g, '~0').replace(/\//g, '~1'));
  return `/${keys.join('/')}`;
}

/** One Shopware violation item per issue. */
export function violationItems(issues: readonly Issue[]): StoreApiErrorItem[] {
  return issues.map((issue) => {
    const code = violationCode(issue);
    const parameters = parametersOf(issue, code);
    const detail = Object.entries(parameters).reduce(
      (text, [key, value]) => text.replaceAll(key, String(value)),
      VIOLATION_CODES[code] as string,
    );
    return {
      status: '400',
      code: violationErrorCode(code),
      title: VIOLATION_TITLE,
      detail,
      meta: { parameters },
      source: { pointer: issuePointer(issue) },
    };
  });
}

/** The 400 error of a failed parse: Shopware's FRAMEWORK__CONSTRAINT_VIOLATION with one item per issue. */
export function violationError(issues: readonly Issue[]): StoreApiError {
  return new StoreApiError(
    400,
    SHOPWARE_ERROR_CODES.FRAMEWORK__CONSTRAINT_VIOLATION,
    `Caught ${issues.length} violation errors.`,
    {
      items: violationItems(issues),
    },
  );
}

/**
 * Parses `input` with `schema` outside a route's validator (a body already read, a value from a header).
 *
 * @throws StoreApiError 400 with one `VIOLATION::…` item per issue.
 */
export function parseRequest<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw violationError(result.issues);
  return result.output;
}

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** The 400 answer to a request body that is not JSON: `VIOLATION::INVALID_JSON` at `/`. */
export function invalidJsonError(): StoreApiError {
  return new StoreApiError(400, SHOPWARE_ERROR_CODES.FRAMEWORK__INVALID_JSON, VIOLATION_CODES.INVALID_JSON, {
    items: [
      {
        status: '400',
        code: violationErrorCode('INVALID_JSON'),
        title: VIOLATION_TITLE,
        detail: VIOLATION_CODES.INVALID_JSON,
        meta: { parameters: {} },
        source: { pointer: '/' },
      },
    ],
  });
}

/** The 400 answer to a NUL character (U+0000) at `pointer`: `VIOLATION::NUL_CHARACTER_ERROR`. */
export function nulCharacterError(pointer: string): StoreApiError {
  return new StoreApiError(400, SHOPWARE_ERROR_CODES.FRAMEWORK__CONSTRAINT_VIOLATION, 'Caught 1 violation errors.', {
    items: [
      {
        status: '400',
        code: violationErrorCode('NUL_CHARACTER_ERROR'),
        title: VIOLATION_TITLE,
        detail: VIOLATION_CODES.NUL_CHARACTER_ERROR,
        meta: { parameters: {} },
        source: { pointer },
      },
    ],
  });
}

/** True for the error `nulCharacterError` builds. */
export function isNulCharacterError(error: unknown): error is StoreApiError {
  return error instanceof StoreApiError && error.items?.[0]?.code === violationErrorCode('NUL_CHARACTER_ERROR');
}

/** RFC 6901 escaping of one pointer segment. */
const pointerSegment = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The JSON pointer of the first string (value or object key) of a parsed JSON value that holds a NUL character;
 * null when none does. Iterative, so the depth of the value does not matter.
 */
export function nulCharacterPointer(value: unknown): string | null {
  const stack: { value: unknown; pointer: string }[] = [{ value, pointer: '' }];
  while (stack.length > 0) {
    const { value: current, pointer } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\0')) return pointer || '/';
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => stack.push({ value: item, pointer: `${pointer}/${i}` }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const at = `${pointer}/${pointerSegment(key)}`;
        if (key.includes('\0')) return at;
        stack.push({ value: item, pointer: at });
      }
    }
  }
  return null;
}

/**
 * Parses a JSON request text, the one way every JSON the Store API receives is read (a body through `validate` or
 * criteria/readJsonBody, a `_criteria` or JSON query parameter).
 *
 * @throws StoreApiError 400 `VIOLATION::INVALID_JSON` at `/` for text that is not JSON, and
 *   `VIOLATION::NUL_CHARACTER_ERROR` at the string's pointer when a string holds U+0000 (JSON can only carry it as the
 *   escape `\u0000`, so only a text holding that escape is searched).
 */
export function parseJsonText(text: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidJsonError();
  }
  if (text.includes('\\u0000')) {
    const pointer = nulCharacterPointer(parsed);
    if (pointer !== null) throw nulCharacterError(pointer);
  }
  return parsed;
}

/**
 * Middleware of the whole app: a NUL character (U+0000, `%00`) in the path or in a query parameter's name or value
 * answers 400 `VIOLATION::NUL_CHARACTER_ERROR` (pointer `/` for the path, `/{name}` for a parameter) before any
 * route reads it; bodies are checked where they are parsed (`parseJsonText`).
 */
export const rejectNulInUrl: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  if (url.pathname.includes('%00')) throw nulCharacterError('/');
  for (const [name, value] of url.searchParams) {
    if (name.includes('\0') || value.includes('\0')) throw nulCharacterError(`/${pointerSegment(name)}`);
  }
  await next();
};

/**
 * Makes an empty JSON body read as `{}` before Hono's validator reads the body (it parses the cached text).
 *
 * @throws StoreApiError 400 as `parseJsonText` for a body that is not JSON or holds a NUL character.
 */
async function prepareJsonBody(c: Context): Promise<void> {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
  if (!JSON_MEDIA_TYPE.test(mediaType)) return;
  const text = await c.req.text();
  if (!text.trim()) {
    (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve('{}');
    return;
  }
  parseJsonText(text);
}

/**
 * Route middleware validating one part of the request (`json` body, `query`, `param`, `header`) with `schema`;
 * the handler reads the parsed value with `c.req.valid(target)`. A broken rule throws the 400 violation error
 * (see the module comment), which the app's error handler (backend/http/errors.ts `handleError`) answers; the
 * handler does not run.
 *
 * @example app.put(`${base}/:id/role`, validate('param', AccountPathSchema), validate('json', RoleSaveRequestSchema),
 *   (c) => c.json({ role: c.req.valid('json').role }))
 */
export function validate<
  Target extends keyof ValidationTargets,
  T extends v.GenericSchema,
  E extends Env = Env,
  P extends string = string,
>(target: Target, schema: T) {
  const inner = vValidator(target, schema, (result, _c: Context<E, P>) => {
    if (!result.success) throw violationError(result.issues);
  });
  if (target !== 'json') return inner;
  const withBody = (async (c, next) => {
    await prepareJsonBody(c);
    return inner(c, next);
  }) as typeof inner;
  return withBody;
}
