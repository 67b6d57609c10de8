import '../../../src/styles/index.css';
import { afterEach } from 'vitest';
import { page } from 'vitest/browser';
import { closeAllToasts } from '../../../src/ui/toast/toast-state';

/** A desktop viewport (the browser project's default is a 414 px wide phone frame). */
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Every test starts with no toasts, left-to-right text and the default (dark) theme. */
afterEach(() => {
  closeAllToasts();
  document.documentElement.dir = '';
  delete document.documentElement.dataset.theme;
  document.body.style.overflow = '';
});

export async function useDesktop(): Promise<void> {
  await page.viewport(DESKTOP.width, DESKTOP.height);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function rect(element: Element): DOMRect {
  return element.getBoundingClientRect();
}
