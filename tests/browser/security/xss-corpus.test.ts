import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { HAND_WRITTEN_PAYLOADS, XSS_ORIGIN, XSS_PAYLOADS } from './xss-payloads';

// The page enforces the production CSP's Trusted Types directives (gateway/http/security-headers.ts), plus one
// test-only policy name for the control below, before any module that creates a policy loads.
const CONTROL_POLICY = 'xss-control';
const csp = document.createElement('meta');
csp.httpEquiv = 'Content-Security-Policy';
csp.content = `require-trusted-types-for 'script'; trusted-types default app-html dompurify ${CONTROL_POLICY}`;
document.head.append(csp);

// Everything a payload could do that a user would notice: run script, open a dialog or the print dialog, load from
// the test origin, or break the page's policy.
let current = 'setup';
const hits: string[] = [];
const requests: string[] = [];
const violations: string[] = [];
const spy = (name: string) => () => {
  hits.push(`${name} during ${current}`);
};
const xss = spy('__xss');
Object.assign(window, {
  __xss: xss,
  alert: spy('alert'),
  confirm: spy('confirm'),
  prompt: spy('prompt'),
  print: spy('print'),
});
document.addEventListener('securitypolicyviolation', (event) => {
  violations.push(`${event.violatedDirective} ${event.blockedURI} during ${current}`);
});
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.name.startsWith(XSS_ORIGIN)) requests.push(`${entry.name} during ${current}`);
  }
}).observe({ type: 'resource', buffered: true });
const startUrl = location.href;

interface PolicyFactory {
  createPolicy(
    name: string,
    rules: { createHTML?: (input: string) => string },
  ): {
    createHTML(input: string): unknown;
  };
}
const trustedTypes = (window as unknown as { trustedTypes: PolicyFactory }).trustedTypes;

await import('../../../src/security/trusted-types');
const { RichText } = await import('../../../src/ui/RichText');

// "invalid href" is expected hundreds of times here; sanitize-html.test.ts checks the warning itself.
vi.spyOn(console, 'warn').mockImplementation(() => {});

const area = document.createElement('div');
document.body.append(area);
const roots: Root[] = [];
afterAll(() => {
  for (const root of roots) root.unmount();
  area.remove();
});

function renderRichText(html: string): Element {
  const host = document.createElement('div');
  area.append(host);
  const root = createRoot(host);
  roots.push(root);
  flushSync(() => root.render(createElement(RichText, { html })));
  const box = host.firstElementChild;
  if (box === null) throw new Error('RichText rendered nothing');
  return box;
}

const settle = async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => requestAnimationFrame(resolve));
};

// The allow-list and the §5 link rule, written out independently of the module under test.
const TAGS = new Set(
  'p br strong b em i u s ul ol li a h2 h3 h4 blockquote code pre table caption thead tbody tfoot tr th td img span hr'.split(
    ' ',
  ),
);
const ATTRIBUTES = new Set('href src alt title target rel width height colspan rowspan'.split(' '));
const PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:', 'blob:', 'app:', 'exchangeapp:', 'market:', 'ftp:']);
const XHTML = 'http://www.w3.org/1999/xhtml';

/** What in sanitized output breaks the allow-list or the link rules; empty when it is inert. */
function problemsOf(box: Element): string[] {
  const problems: string[] = [];
  for (const element of box.querySelectorAll('*')) {
    if (element.namespaceURI !== XHTML) problems.push(`foreign element ${element.localName}`);
    if (!TAGS.has(element.localName)) problems.push(`element ${element.localName}`);
    for (const { name, value } of element.attributes) {
      if (!ATTRIBUTES.has(name)) problems.push(`attribute ${name} on ${element.localName}`);
      if ((name === 'href' || name === 'src') && value !== '') {
        const url = new URL(value, location.href);
        const isImageData = element.localName === 'img' && name === 'src' && /^data:image\//i.test(value.trim());
        if (!PROTOCOLS.has(url.protocol) && !isImageData) problems.push(`${name}=${value}`);
        if (/^\s*[/\\]{2}/.test(value) || url.origin === XSS_ORIGIN) problems.push(`${name} leaves for ${url.host}`);
      }
    }
    if (element.getAttribute('target') === '_blank' && !/noopener/.test(element.getAttribute('rel') ?? '')) {
      problems.push('target=_blank without noopener');
    }
  }
  return problems;
}

describe('the XSS corpus', () => {
  it('holds at least 500 payloads, at least 150 of them written by hand', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(500);
    expect(new Set(HAND_WRITTEN_PAYLOADS).size).toBeGreaterThanOrEqual(150);
  });

  it.each(XSS_PAYLOADS.map((payload, index) => ({ index, payload })))(
    'payload $index stays inert through RichText',
    async ({ index, payload }) => {
      current = `payload ${index}: ${payload}`;
      const seen = [hits.length, requests.length, violations.length] as const;
      const box = renderRichText(payload);
      await settle();
      expect(problemsOf(box), payload).toEqual([]);
      // Only what appeared during this payload (each entry names the payload it came during).
      expect(hits.slice(seen[0]), payload).toEqual([]);
      expect(requests.slice(seen[1]), payload).toEqual([]);
      expect(violations.slice(seen[2]), payload).toEqual([]);
    },
  );

  it('still shows nothing once every payload has had time to load and fail', async () => {
    current = 'the settling period';
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(hits).toEqual([]);
    expect(requests).toEqual([]);
    expect(violations).toEqual([]);
    expect(location.href).toBe(startUrl);
    expect((window as unknown as { __xss: unknown }).__xss).toBe(xss);
    expect(document.cookie).not.toContain('xss=');
  });

  it('keeps a legitimate announcement intact in the enforcing page', async () => {
    current = 'the legitimate announcement';
    const box = renderRichText(
      '<h2>New listing</h2><p>Trade <strong>ABC</strong> from <em>Monday</em>.</p>' +
        '<ul><li>Spot</li><li>Futures</li></ul>' +
        '<p><a href="https://exchange.com/fees">Fees</a> · <a href="https://abc.example/" target="_blank">ABC site</a></p>' +
        '<img src="https://exchange.com/img/abc.png" alt="ABC" width="64" height="64">' +
        '<table><tbody><tr><th>Pair</th><td colspan="2">ABC/USDT</td></tr></tbody></table>',
    );
    await settle();
    expect(box.querySelector('h2')?.textContent).toBe('New listing');
    expect(box.querySelector('strong')?.textContent).toBe('ABC');
    expect([...box.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Spot', 'Futures']);
    const [own, outside] = box.querySelectorAll('a');
    expect(own?.getAttribute('rel')).toBeNull();
    expect(outside?.getAttribute('rel')).toBe('nofollow noopener noreferrer');
    expect(box.querySelector('img')?.outerHTML).toBe(
      '<img src="https://exchange.com/img/abc.png" alt="ABC" width="64" height="64">',
    );
    expect(box.querySelector('td')?.getAttribute('colspan')).toBe('2');
    expect(problemsOf(box)).toEqual([]);
    expect(violations).toEqual([]);
  });
});

describe('the harness (control)', () => {
  it('catches a payload inserted without the sanitizer', async () => {
    current = 'the control';
    const policy = trustedTypes.createPolicy(CONTROL_POLICY, {
      createHTML: (input: string) => input,
    });
    const box = document.createElement('div');
    area.append(box);
    box.innerHTML = policy.createHTML(
      `<img src="data:," onerror="__xss()"><img srcset="${XSS_ORIGIN}/control.png 1x"><a href="javascript:alert(1)" onclick="x">x</a>`,
    ) as unknown as string;
    await vi.waitFor(() => {
      expect(hits).toContain('__xss during the control');
      expect(requests).toContain(`${XSS_ORIGIN}/control.png during the control`);
    });
    expect(problemsOf(box)).toEqual(
      expect.arrayContaining(['attribute onerror on img', 'attribute srcset on img', 'href=javascript:alert(1)']),
    );
  });

  it('sees the page refuse a raw HTML string and an unlisted policy', async () => {
    const box = document.createElement('div');
    expect(() => {
      box.innerHTML = '<img src=x onerror=__xss()>';
    }).toThrow(TypeError);
    expect(() => trustedTypes.createPolicy('not-in-the-csp', {})).toThrow(TypeError);
    await vi.waitFor(() => expect(violations.some((entry) => entry.startsWith('trusted-types '))).toBe(true));
  });
});
