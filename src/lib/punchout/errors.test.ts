import { expect, test } from 'vitest';
import { callUpProblemFailure, punchOutFailure } from './errors.ts';

test.each([
  [400, 'punchout.error.callUpInvalid'],
  [401, 'punchout.error.credentials'],
  [403, 'punchout.error.returnAddress'],
  [404, 'punchout.error.product'],
  [429, 'punchout.error.tooMany'],
  [500, 'punchout.error.unavailable'],
])('a call-up answered %i shows %s with that status', (status, message) => {
  expect(punchOutFailure('call-up', status)).toEqual({ status, message });
});

test('a start that is unknown, used or expired shows 404 and asks to start again', () => {
  expect(punchOutFailure('start', 404)).toEqual({ status: 404, message: 'punchout.error.startExpired' });
  expect(punchOutFailure('start', 503)).toEqual({ status: 503, message: 'punchout.error.unavailable' });
});

test('a call-up the storefront cannot read: 413 beyond the body limit, 400 otherwise', () => {
  expect(callUpProblemFailure('too-large')).toEqual({ status: 413, message: 'punchout.error.callUpInvalid' });
  expect(callUpProblemFailure('too-many-fields')).toEqual({ status: 400, message: 'punchout.error.callUpInvalid' });
});
