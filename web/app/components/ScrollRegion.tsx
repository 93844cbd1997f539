import type { ReactNode } from "react";

/**
 * A horizontally scrollable wrapper for wide tables on small screens. It is focusable and named,
 * so keyboard users can scroll it with the arrow keys (WCAG 2.1.1).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be focusable to scroll by keyboard
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
