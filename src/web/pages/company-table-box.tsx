import type { ComponentChildren } from 'preact';

/**
 * The box a wide table scrolls in on a phone. Focusable and named, so a keyboard user can scroll it too (axe's
 * scrollable-region-focusable): the company page's tables hold no link or button to reach it by.
 */
export function TableBox({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
