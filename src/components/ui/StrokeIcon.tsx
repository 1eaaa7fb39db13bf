import type { ReactNode } from 'react';

/**
 * A decorative 24×24 line icon drawn in the text colour. It is hidden from assistive technology: the button or link
 * it sits in carries the accessible name.
 *
 * @param children the icon's `<path>`/`<circle>` elements in a 24×24 view box
 * @param className size classes, e.g. `size-5`
 * @param strokeWidth line width in view-box units
 */
export function StrokeIcon({
  children,
  className = 'size-5',
  strokeWidth = 2,
}: {
  children: ReactNode;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
