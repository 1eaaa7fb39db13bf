/**
 * A table that scrolls sideways inside its own box on narrow screens (the account area's lists at 375 px),
 * keyboard-reachable as a labelled region. The box is positioned, so the visually hidden texts inside (`sr-only`,
 * absolutely positioned) scroll with it instead of widening the page.
 */
import type { ReactNode } from 'react';

export function ScrollTable({ label, minWidth, children }: { label: string; minWidth: string; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className={`w-full text-left text-sm ${minWidth}`}>
        <caption className="sr-only">{label}</caption>
        {children}
      </table>
    </div>
  );
}
