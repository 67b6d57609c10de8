import { createElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
// The production CSP's Trusted Types directives (gateway/http/security-headers.ts), enforced on this page before the
// modules that create policies load, so a policy name or a sink the CSP would refuse fails here too.
const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (event) => violations.push(event.violatedDirective));
const csp = document.createElement('meta');
csp.httpEquiv = 'Content-Security-Policy';
csp.content = "require-trusted-types-for 'script'; trusted-types default app-html dompurify";
document.head.append(csp);
await import('../../../src/security/trusted-types');
const { sanitizeHtml, withoutReportedMarkup } = await import('../../../src/platform/sanitize-html');
const { RichText } = await import('../../../src/ui/RichText');

const clean = (html: string) => String(sanitizeHtml(html));
const host = location.hostname;

let warn: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockClear();
  expect(violations).toEqual([]);
});

describe('sanitizeHtml', () => {
  it('returns TrustedHTML from the app-html policy, which an enforcing page accepts', () => {
    const result = sanitizeHtml('<p>Hello</p>');
    const factory = (window as unknown as { trustedTypes: { isHTML(value: unknown): boolean } }).trustedTypes;
    expect(factory.isHTML(result)).toBe(true);
    const box = document.createElement('div');
    box.innerHTML = result as unknown as string;
    expect(box.innerHTML).toBe('<p>Hello</p>');
    expect(() => {
      box.innerHTML = '<p>raw</p>';
    }).toThrow(/unsanitized HTML/);
  });

  it('removes scripts and noscript with their bodies, and comments', () => {
    expect(clean('<p>a</p><script>window.__xss()</script><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(clean('<noscript><p>no script</p><img src=x onerror=alert(1)></noscript><p>kept</p>')).toBe('<p>kept</p>');
    expect(clean('<p>a<!-- a comment --></p><!--[if IE]><script>x</script><![endif]-->')).toBe('<p>a</p>');
    expect(clean('<p>x<SCRIPT type="module">alert(1)</SCRIPT>y</p>')).toBe('<p>xy</p>');
  });

  it('keeps legitimate announcement markup exactly', () => {
    const cases: Array<[string, string]> = [
      ['<h2>Listing</h2><h3>ABC</h3><h4>Details</h4>', '<h2>Listing</h2><h3>ABC</h3><h4>Details</h4>'],
      [
        '<p>Trade <strong>ABC</strong>, <b>B</b>, <em>E</em>, <i>I</i>, <u>U</u>, <s>S</s>, <span>plain</span><br>next</p>',
        '<p>Trade <strong>ABC</strong>, <b>B</b>, <em>E</em>, <i>I</i>, <u>U</u>, <s>S</s>, <span>plain</span><br>next</p>',
      ],
      [
        '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>',
        '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>',
      ],
      [
        '<blockquote>Quote</blockquote><pre><code>npm start</code></pre><hr>',
        '<blockquote>Quote</blockquote><pre><code>npm start</code></pre><hr>',
      ],
      [
        '<table><caption>Fees</caption><thead><tr><th colspan="2">Tier</th></tr></thead><tbody><tr><td rowspan="2">VIP 1</td><td>0.1%</td></tr></tbody><tfoot><tr><td>x</td></tr></tfoot></table>',
        '<table><caption>Fees</caption><thead><tr><th colspan="2">Tier</th></tr></thead><tbody><tr><td rowspan="2">VIP 1</td><td>0.1%</td></tr></tbody><tfoot><tr><td>x</td></tr></tfoot></table>',
      ],
      [
        '<img src="https://img.exchange.com/a.png" alt="Banner" title="Banner" width="320" height="100">',
        '<img src="https://img.exchange.com/a.png" alt="Banner" title="Banner" width="320" height="100">',
      ],
      [
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="">',
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="">',
      ],
      ['<a href="https://exchange.com/fees">Fees</a>', '<a href="https://exchange.com/fees">Fees</a>'],
      ['<a href="/announcements/2">Next</a>', '<a href="/announcements/2">Next</a>'],
      ['<a href="#terms">Terms</a>', '<a href="#terms">Terms</a>'],
      [
        '<a href="https://news.example.org/a" target="_blank">News</a>',
        '<a href="https://news.example.org/a" target="_blank" rel="nofollow noopener noreferrer">News</a>',
      ],
      ['<a href="mailto:help@exchange.com">Mail</a>', '<a href="mailto:help@exchange.com" rel="nofollow">Mail</a>'],
    ];
    for (const [input, expected] of cases) expect(clean(input), input).toBe(expected);
    expect(warn).not.toHaveBeenCalled();
  });

  it('drops tags outside the allow-list, keeping their text but not script-capable bodies', () => {
    expect(clean('<h1>Big</h1><div>box</div><section>s</section>')).toBe('Bigboxs');
    expect(clean('<form action="/x"><input name="a"><button>Go</button></form>')).toBe('Go');
    expect(clean('<p>a</p><iframe src="https://exchange.com"></iframe><object data="x"></object><embed src="x">')).toBe(
      '<p>a</p>',
    );
    expect(clean('<svg><circle r="1"></circle><text>t</text></svg><math><mi>x</mi></math><p>b</p>')).toBe('<p>b</p>');
    expect(clean('<style>p{color:red}</style><template><p>t</p></template><p>c</p>')).toBe('<p>c</p>');
  });

  it('holds an image the hosts serve by its path, with no src of its own, and lets no input name such a path', () => {
    expect(clean('<img src="/img/announcements/listing.svg" alt="Listing" width="640" height="240">')).toBe(
      '<img alt="Listing" width="640" height="240" data-hosted-path="/img/announcements/listing.svg">',
    );
    // Not a hosted path: kept as a src when the link rule allows it.
    expect(clean('<img src="/img/../secret.png">')).toBe('<img src="/img/../secret.png">');
    expect(clean('<img src="/images/a.png">')).toBe('<img src="/images/a.png">');
    expect(clean('<img src="https://exchange.com/img/a.png">')).toBe('<img src="https://exchange.com/img/a.png">');
    // The attribute itself comes only from the sanitizer.
    expect(clean('<img data-hosted-path="//evil.invalid/x.png"><p data-hosted-path="/img/a.svg">t</p>')).toBe(
      '<img><p>t</p>',
    );
    expect(clean('<a href="/img/coins/BTC.svg">icon</a>')).toBe('<a href="/img/coins/BTC.svg">icon</a>');
  });

  it('takes inline style attributes out before parsing, so the CSP has none to block and report', () => {
    expect(withoutReportedMarkup('<p style="color:red" title="t">x</p>')).toBe('<p  title="t">x</p>');
    expect(withoutReportedMarkup(`<p STYLE='a' style=b/style="c" id=d>x</p><b style>y</b><i/style=z>w</i>`)).toBe(
      '<p   id=d>x</p><b >y</b><i/>w</i>',
    );
    // Text that only looks like one stays.
    expect(withoutReportedMarkup('a style="x" b, <code>&lt;p style="y"&gt;</code>')).toBe(
      'a style="x" b, <code>&lt;p style="y"&gt;</code>',
    );
    expect(clean('<p style="color:red">t</p><img src="/i.png" style="x" alt="a">')).toBe(
      '<p>t</p><img src="/i.png" alt="a">',
    );
  });

  it('takes inline event handlers out before parsing, in every quoting form, on any tag, SVG and MathML too', () => {
    const cases: Array<[string, string]> = [
      ['<img src=x onerror=alert(1)>', '<img src=x >'],
      [`<img src=x onerror="a()" onload='b()' onfocus=\`c()\`>`, '<img src=x   >'],
      ['<img src="x"onerror="a()">', '<img src="x">'],
      ['<IMG SRC=x ONERROR=a() OnLoad = b()>', '<IMG SRC=x  >'],
      ['<img\tsrc=x\nonerror=a()\fonload=b()\r>', '<img\tsrc=x\n\f\r>'],
      ['<svg/onload=a()><animate onbegin=b()></svg>', '<svg/><animate ></svg>'],
      ['<math><mi onfocus=a() tabindex=1>x</mi></math>', '<math><mi  tabindex=1>x</mi></math>'],
      ['<custom-tag onclick=a()>c</custom-tag><p <img onerror=a()>>', '<custom-tag >c</custom-tag><p <img >>'],
      // What the parser reads as a value or as text is no attribute.
      ['<a title="x onclick=y" href="/a">a</a>', '<a title="x onclick=y" href="/a">a</a>'],
      [`<a title='<b onclick=y>'>a</a>`, `<a title='<b onclick=y>'>a</a>`],
      ['<p title="a>b" onclick=x>t</p>', '<p title="a>b" >t</p>'],
      ['<img src=x/onerror=a()>', '<img src=x/onerror=a()>'],
      ['a onclick="x" b, <code>&lt;p onclick="y"&gt;</code>', 'a onclick="x" b, <code>&lt;p onclick="y"&gt;</code>'],
      ['</p onclick=x><!-- <p onclick=x> --><!DOCTYPE html>', '</p onclick=x><!-- <p onclick=x> --><!DOCTYPE html>'],
      // A raw-text element ends at its end tag even inside a quoted value (HTML), and holds markup inside SVG.
      [
        '<noembed><img title="</noembed><img src=x onerror=a()>"></noembed>',
        '<noembed><img title="</noembed><img src=x >"></noembed>',
      ],
      ['<svg><title><img src=x onerror=a()></title></svg>', '<svg><title><img src=x ></title></svg>'],
    ];
    for (const [input, expected] of cases) expect(withoutReportedMarkup(input), input).toBe(expected);
  });

  it('takes style elements with their bodies and base elements out before parsing', () => {
    expect(withoutReportedMarkup('<p>a</p><style>p{color:red}</style><p>b</p>')).toBe('<p>a</p><p>b</p>');
    expect(withoutReportedMarkup('<STYLE media="x>y">a</STYLE ><svg><style>b</style></svg>c')).toBe('<svg></svg>c');
    expect(withoutReportedMarkup('<p>a</p><style>never closed <p>b</p>')).toBe('<p>a</p>');
    expect(withoutReportedMarkup('<styles>t</styles><base href="//evil.example/"><a href="/a">a</a>')).toBe(
      '<styles>t</styles><a href="/a">a</a>',
    );
    // A comment is not markup: its end is where the next part starts.
    expect(withoutReportedMarkup('<!-- <style> --><p>kept</p>')).toBe('<!-- <style> --><p>kept</p>');
    expect(clean('<style>@import "/x.css";</style><p onclick="a()">t</p>')).toBe('<p>t</p>');
  });

  it('leaves every announcement an editor may write exactly as it is', () => {
    const editorHtml = [
      '<h2>Listing</h2><p>Trade <strong>ABC</strong> &amp; <em>more</em> on 1 &lt; 2 &gt; 0<br>next</p>',
      '<table><caption>Fees</caption><thead><tr><th colspan="2">Tier</th></tr></thead><tbody><tr><td rowspan=2>VIP 1</td></tr></tbody></table>',
      `<img src="/img/announcements/listing.svg" alt='Listing "SUI"' title="on sale" width="640" height="240">`,
      '<a href="https://exchange.com/fees?on=1&amp;style=2" target="_blank" rel="noopener">Fees</a>',
      '<ul>\n\t<li>one</li>\r\n<li>two</li></ul><pre><code>&lt;style&gt; onload=x</code></pre><hr/>',
      '<p>a</p><!-- editor note: <b>draft</b> --><blockquote>q</blockquote>',
    ];
    for (const html of editorHtml) expect(withoutReportedMarkup(html), html).toBe(html);
  });

  it('reads its input in linear time', () => {
    // A quadratic scan of any of these would not end within the test's time.
    const inputs = [
      `${'<a'.repeat(100_000)}${' style="x'.repeat(20_000)}`,
      '<p onclick=x '.repeat(20_000),
      '<style>'.repeat(30_000),
      '<textarea><a title="'.repeat(10_000),
      '<!--<a onclick=x>'.repeat(12_000),
      `<a ${'"'.repeat(100_000)}${"'".repeat(100_000)}`,
      '<svg><title><img onerror=x '.repeat(8_000),
      `<a ${'= '.repeat(100_000)}`,
    ];
    for (const input of inputs) {
      expect(input.length).toBeGreaterThanOrEqual(200_000);
      const started = performance.now();
      expect(withoutReportedMarkup(input).length).toBeLessThanOrEqual(input.length);
      expect(performance.now() - started, input.slice(0, 30)).toBeLessThan(3_000);
    }
  }, 30_000);

  it('drops attributes outside the allow-list', () => {
    expect(
      clean(
        '<p style="color:red" class="x" id="y" name="z" data-a="1" aria-label="l" onclick="alert(1)" lang="en" dir="rtl" tabindex="0">t</p>',
      ),
    ).toBe('<p>t</p>');
    expect(
      clean('<img src="https://exchange.com/a.png" srcset="https://x/a.png 2x" onerror="alert(1)" loading="lazy">'),
    ).toBe('<img src="https://exchange.com/a.png">');
    expect(clean('<a href="/a" ping="https://x" download="f" referrerpolicy="unsafe-url">a</a>')).toBe(
      '<a href="/a">a</a>',
    );
  });

  it('empties link targets outside spec §5 with the warning "invalid href"', () => {
    const cases: Array<[string, string, string]> = [
      ['<a href="vbscript:msgbox(1)">a</a>', '<a href="">a</a>', 'vbscript:msgbox(1)'],
      ['<a href="data:text/html,hi">a</a>', '<a href="">a</a>', 'data:text/html,hi'],
      [
        '<a href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;">a</a>',
        '<a href="">a</a>',
        'data:image/svg+xml,<svg onload=alert(1)>',
      ],
      ['<a href="//evil.example/x">a</a>', '<a href="">a</a>', '//evil.example/x'],
      ['<a href="relative/page">a</a>', '<a href="">a</a>', 'relative/page'],
      ['<img src="file:///etc/passwd">', '<img src="">', 'file:///etc/passwd'],
    ];
    for (const [input, expected, warned] of cases) {
      warn.mockClear();
      expect(clean(input), input).toBe(expected);
      expect(warn).toHaveBeenCalledWith('invalid href', warned);
    }
  });

  it('empties every javascript: disguise', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '  javascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'jav&#9;ascript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)',
      'javascript&colon;alert(1)',
      'java&NewLine;script:alert(1)',
      'java\u0001script:alert(1)',
      '\u0000javascript:alert(1)',
      '&amp;#106;avascript:alert(1)',
      'https://exchange.com/#javascript:alert(1)',
    ]) {
      const box = document.createElement('div');
      box.innerHTML = sanitizeHtml(`<a href="${href}">x</a><img src="${href}">`) as unknown as string;
      expect(box.querySelector('a')?.getAttribute('href'), href).toBe('');
      expect(box.querySelector('img')?.getAttribute('src'), href).toBe('');
    }
  });

  it('gives outside links nofollow and keeps the domain family and this page without it', () => {
    const relOf = (href: string, target = '') => {
      const box = document.createElement('div');
      box.innerHTML = sanitizeHtml(`<a href="${href}"${target}>x</a>`) as unknown as string;
      return box.querySelector('a')?.getAttribute('rel') ?? null;
    };
    expect(relOf('https://exchange.com/a')).toBeNull();
    expect(relOf('https://support.exchange.com/a')).toBeNull();
    expect(relOf(`http://${location.host}/a`)).toBeNull();
    expect(relOf(`http://sub.${host}/a`)).toBeNull();
    expect(relOf('/relative')).toBeNull();
    expect(relOf('https://evil-exchange.com/a')).toBe('nofollow');
    expect(relOf('https://exchange.com.evil.io/a')).toBe('nofollow');
    expect(relOf('https://exchange.com@evil.io/a')).toBe('nofollow');
    expect(relOf('https://evil.io\\@exchange.com/a')).toBe('nofollow');
    expect(relOf('tel:+4412345')).toBe('nofollow');
    expect(relOf('https://exchange.com/a', ' target="_blank"')).toBe('noopener noreferrer');
    expect(relOf('https://evil.io/a', ' target="_BLANK" rel="opener"')).toBe('nofollow noopener noreferrer');
  });

  it('keeps only target="_blank" and only on links', () => {
    const box = document.createElement('div');
    box.innerHTML = sanitizeHtml(
      '<a href="/a" target="_top">a</a><a href="/b" target="frame1">b</a><a target="_blank">c</a><img src="/i.png" target="_blank" rel="x">',
    ) as unknown as string;
    for (const element of box.querySelectorAll('a, img')) {
      expect(element.hasAttribute('target'), element.outerHTML).toBe(false);
      expect(element.hasAttribute('rel'), element.outerHTML).toBe(false);
    }
  });

  it('keeps href only on links and src only on images', () => {
    expect(clean('<span href="/a" src="/b">t</span><a src="/c">l</a><img href="/d">')).toBe(
      '<span>t</span><a>l</a><img>',
    );
  });
});

describe('RichText', () => {
  it('renders the sanitized content in a div with its class', async () => {
    const screen = await render(
      createElement(RichText, {
        html: '<h2>News</h2><p onclick="window.__xss()">Read <a href="https://evil.io" target="_blank">this</a></p><script>window.__xss()</script>',
        className: 'announcement-body',
      }),
    );
    const box = screen.container.querySelector('.rich-text.announcement-body');
    expect(box?.innerHTML).toBe(
      '<h2>News</h2><p>Read <a href="https://evil.io" target="_blank" rel="nofollow noopener noreferrer">this</a></p>',
    );
    await expect.element(screen.getByRole('heading', { name: 'News' })).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'this' }))
      .toHaveAttribute('rel', 'nofollow noopener noreferrer');
  });

  it('updates when the html changes', async () => {
    const screen = await render(createElement(RichText, { html: '<p>one</p>' }));
    await screen.rerender(createElement(RichText, { html: '<p>two</p>' }));
    expect(screen.container.querySelector('.rich-text')?.innerHTML).toBe('<p>two</p>');
  });
});
