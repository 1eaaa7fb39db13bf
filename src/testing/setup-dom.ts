/**
 * Vitest set-up file of the `dom` project (storefront component tests in jsdom): Testing Library's DOM matchers
 * (`toBeInTheDocument`, …) and the `<dialog>` open/close state jsdom lacks (./jsdom-dialog.ts).
 *
 * `findBy…` and `waitFor` wait up to 10 s instead of Testing Library's 1 s: the first render of an account screen
 * loads its lazily imported chunk, which the test runner transforms on first use; beside the static checks that
 * `npm test` runs at the same time on a 2-core machine that took longer than 1 s (measured: the first list test of
 * Approvals, OrderReferences and UsersFlows timed out at 1 s and pass alone). What a test asserts is unchanged.
 */
import { configure } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';
import './jsdom-dialog.ts';

configure({ asyncUtilTimeout: 10_000 });
