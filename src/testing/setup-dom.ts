/**
 * Vitest set-up file of the `dom` project (storefront component tests in jsdom): Testing Library's DOM matchers
 * (`toBeInTheDocument`, …) and the `<dialog>` open/close state jsdom lacks (./jsdom-dialog.ts).
 */
import '@testing-library/jest-dom/vitest';
import './jsdom-dialog.ts';
