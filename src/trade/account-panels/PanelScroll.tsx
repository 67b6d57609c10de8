import type { ReactNode } from 'react';

/**
 * The scroll box of an account panel's table. It is a named, focusable region so a keyboard user can scroll a
 * table that holds no button (assets, position history) as well as one that does.
 */
export function PanelScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
    <section className="account-panels__scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
