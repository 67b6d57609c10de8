import { afterEach, describe, expect, it } from 'vitest';
import bootSource from '../../../public/boot.js?raw';

/** The shell of index.html, cut where a slow network may cut it: after the brand, before the page title. */
const HEAD = `<!doctype html><html><head><script>${bootSource}</script></head><body><div id="root"><div class="boot-shell">`;
const BRAND = '<div class="app-header"><span class="app-header__brand boot-shell__brand">Exchange</span>';
const REST =
  '<span class="app-header__nav"><span class="boot-shell__nav">&nbsp;</span></span></div><div class="boot-shell__title">&nbsp;</div></div></div></body></html>';

/** Most text writes boot.js may make before it is taken to be looping; a correct run makes three at most (title, nav, brand). */
const WRITE_LIMIT = 50;

const frames: HTMLIFrameElement[] = [];

afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove();
  localStorage.removeItem('global_locale');
});

/**
 * Runs the real boot.js in a frame whose document the real HTML parser receives in parts, with a pause between
 * parts, as it does when the network splits the page. Text writes are counted on the frame's own Node prototype,
 * and past WRITE_LIMIT they throw: a write that itself wakes the MutationObserver would otherwise loop in
 * microtasks forever, and the parser, the load event and this test with them would never go on.
 */
async function parseInParts(parts: string[]) {
  const frame = document.createElement('iframe');
  frames.push(frame);
  document.body.append(frame);
  const win = frame.contentWindow as (Window & typeof globalThis) | null;
  const doc = frame.contentDocument;
  if (!win || !doc) throw new Error('no frame document');
  const setter = Object.getOwnPropertyDescriptor(win.Node.prototype, 'textContent');
  let writes = 0;
  doc.open();
  // document.open gives the frame a fresh global object only for a navigation; after open the prototype is the one above.
  Object.defineProperty(win.Node.prototype, 'textContent', {
    configurable: true,
    get(this: Node) {
      return setter?.get?.call(this);
    },
    set(this: Node, value: string) {
      writes += 1;
      if (writes > WRITE_LIMIT) throw new Error('boot.js keeps writing');
      setter?.set?.call(this, value);
    },
  });
  for (const [index, part] of parts.entries()) {
    doc.write(part);
    if (index < parts.length - 1) await new Promise((resolve) => setTimeout(resolve, 30));
  }
  doc.close();
  await new Promise((resolve) => setTimeout(resolve, 30));
  const text = (selector: string) => doc.querySelector(selector)?.textContent ?? null;
  return {
    writes,
    brand: text('.boot-shell__brand'),
    nav: text('.boot-shell__nav'),
    title: text('.boot-shell__title'),
  };
}

describe('boot.js in a page parsed in parts', () => {
  it('does not keep rewriting the brand while the rest of the shell is still on its way', async () => {
    localStorage.setItem('global_locale', 'ja');
    const result = await parseInParts([HEAD, BRAND, REST]);
    expect(result.writes).toBeLessThanOrEqual(3);
    expect(result.brand).toBe('取引所');
    expect(result.nav).toBe('マーケット');
    // The test page's path is `/`, which boot.js takes for the markets page.
    expect(result.title).toBe('マーケット');
  });

  it('leaves alone what the shell already says, in a page that arrives whole', async () => {
    localStorage.setItem('global_locale', 'en');
    const result = await parseInParts([HEAD + BRAND + REST]);
    expect(result.brand).toBe('Exchange');
    expect(result.nav).toBe('Markets');
    expect(result.title).toBe('Markets');
    // The brand already reads right: only the title and the nav link are written.
    expect(result.writes).toBe(2);
  });
});
