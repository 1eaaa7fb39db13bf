import { describe, expect, test } from 'vitest';
import { CxmlError, CxmlParseError, CxmlRequestError } from './errors.ts';
import { CXML_STATUS_TEXT } from '../../../../contract/cxml.ts';
import { isPermanentFailure, statusForError } from './status.ts';

describe('cXML status codes', () => {
  test('every code has the text of the cXML status table', () => {
    expect(CXML_STATUS_TEXT).toEqual({
      200: 'OK',
      204: 'No Content',
      400: 'Bad Request',
      401: 'Unauthorized',
      403: 'Forbidden',
      405: 'Method Not Allowed',
      406: 'Not Acceptable',
      409: 'Conflict',
      412: 'Precondition Failed',
      450: 'Not Implemented',
      500: 'Internal Server Error',
      503: 'Service Unavailable',
    });
  });

  test('a parse failure answers 406 Not Acceptable with its explanation', () => {
    expect(statusForError(new CxmlParseError('Not well-formed XML: x'))).toEqual({
      code: 406,
      text: 'Not Acceptable',
      detail: 'Not well-formed XML: x',
    });
  });

  test('a request error keeps its code: 400, 401, 403, 409, 412, 450', () => {
    for (const code of [400, 401, 403, 409, 412, 450] as const) {
      const status = statusForError(new CxmlRequestError(code, 'why'));
      expect(status).toEqual({ code, text: CXML_STATUS_TEXT[code], detail: 'why' });
    }
    expect(statusForError(new CxmlError(204, 'nothing changed')).code).toBe(204);
  });

  test('any other error answers 500 without echoing its message', () => {
    const status = statusForError(new Error('connection to db at 10.0.0.5 failed'));
    expect(status.code).toBe(500);
    expect(status.text).toBe('Internal Server Error');
    expect(status.detail).not.toContain('10.0.0.5');
  });

  test('4xx are permanent failures, 2xx and 5xx are not', () => {
    expect(isPermanentFailure(406)).toBe(true);
    expect(isPermanentFailure(450)).toBe(true);
    expect(isPermanentFailure(200)).toBe(false);
    expect(isPermanentFailure(500)).toBe(false);
  });
});
