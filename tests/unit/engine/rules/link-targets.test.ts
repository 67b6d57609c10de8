import { describe, expect, it } from 'vitest';
import {
  checkLinkTarget,
  containsJavaScriptScheme,
  isInDomainFamily,
  LINK_APP_SCHEMES,
  linkRel,
  linkTarget,
  linkTargetPattern,
  PRODUCT_DOMAIN_FAMILY,
} from '../../../../engine/rules/link-targets';

const A_HREF = { element: 'a', attribute: 'href' } as const;
const IMG_SRC = { element: 'img', attribute: 'src' } as const;

describe('containsJavaScriptScheme', () => {
  it('sees javascript: through case, entities, whitespace and control characters', () => {
    for (const value of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      '   javascript:alert(1)',
      'jav\tascript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'jav&#9;ascript:alert(1)',
      'jav&Tab;ascript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      '&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)',
      'javascript&colon;alert(1)',
      'javascript&#58;alert(1)',
      'java\0script:alert(1)',
      'java\u0001script:alert(1)',
      'java\nscript:alert(1)',
      'java\u00a0script:alert(1)',
      'java\u200bscript:alert(1)',
      'java\ufeffscript:alert(1)',
      '&amp;#106;avascript:alert(1)',
      '&amp;amp;#x6a;avascript:alert(1)',
      'https://example.com/?next=javascript:alert(1)',
    ]) {
      expect(containsJavaScriptScheme(value), JSON.stringify(value)).toBe(true);
    }
  });

  it('passes ordinary links, including ones that merely mention java or script', () => {
    for (const value of [
      'https://exchange.com/java/script',
      'https://example.com/?q=javascript',
      'mailto:support@exchange.com',
      '/announcements/42#javascript',
      'https://example.com/?a=1&copy=2',
    ]) {
      expect(containsJavaScriptScheme(value), value).toBe(false);
    }
  });

  it('refuses a value escaped more times than anyone would write', () => {
    expect(containsJavaScriptScheme(`&${'amp;'.repeat(12)}#120;`)).toBe(true);
    expect(containsJavaScriptScheme(`&${'amp;'.repeat(3)}#120;`)).toBe(false);
  });
});

describe('checkLinkTarget', () => {
  it('allows every beginning spec §5 lists', () => {
    for (const value of [
      '#',
      '#section-2',
      'http://example.com',
      'https://exchange.com/fees',
      'HTTPS://EXCHANGE.COM',
      'mailto:support@exchange.com',
      'tel:+441234567',
      'blob:https://exchange.com/2f4e',
      'app://exchange/home/asset?type=spot',
      'exchangeapp://exchange/home/home',
      'market://details?id=com.exchange',
      'ftp://files.exchange.com/a.pdf',
      './relative',
      '../up',
      '/announcements',
      '  https://exchange.com  ',
      'ht\ttps://exchange.com',
      '',
    ]) {
      expect(checkLinkTarget(value, A_HREF), JSON.stringify(value)).toBe('allowed');
    }
  });

  it('refuses anything else as invalid', () => {
    for (const value of [
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/png;base64,AAAA',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'file:///etc/passwd',
      'chrome://settings',
      'about:blank',
      'relative/path',
      'sms:123',
      'intent://scan/#Intent;scheme=zxing;end',
      '\\\\evil.example/share',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\/evil.example/x',
      '/\t/evil.example/x',
      ' //evil.example',
    ]) {
      expect(checkLinkTarget(value, A_HREF), value).toBe('invalid');
    }
  });

  it('allows data:image/ as an image source only', () => {
    expect(checkLinkTarget('data:image/png;base64,iVBORw0KGgo=', IMG_SRC)).toBe('allowed');
    expect(checkLinkTarget('DATA:IMAGE/gif;base64,R0lGOD', IMG_SRC)).toBe('allowed');
    expect(checkLinkTarget('data:image/svg+xml,<svg/>', A_HREF)).toBe('invalid');
    expect(checkLinkTarget('data:text/html,x', IMG_SRC)).toBe('invalid');
  });

  it('calls any value with javascript: in it a script, whatever it begins with', () => {
    expect(checkLinkTarget('javascript:alert(1)', A_HREF)).toBe('script');
    expect(checkLinkTarget('https://x.example/#javascript:alert(1)', A_HREF)).toBe('script');
    expect(checkLinkTarget('/go?to=JAVASCRIPT&colon;alert(1)', A_HREF)).toBe('script');
    expect(checkLinkTarget('java&#x0A;script:alert(1)', IMG_SRC)).toBe('script');
  });

  it('follows the app schemes the build sets', () => {
    expect(LINK_APP_SCHEMES).toEqual(['app', 'exchangeapp']);
    expect(checkLinkTarget('acmeapp://acme/home/home', A_HREF, ['app', 'acmeapp'])).toBe('allowed');
    expect(checkLinkTarget('exchangeapp://exchange/home/home', A_HREF, ['app', 'acmeapp'])).toBe('invalid');
  });
});

describe('linkTargetPattern', () => {
  it('agrees with checkLinkTarget on links, whitespace removed as DOMPurify does', () => {
    const pattern = linkTargetPattern();
    for (const value of [
      '#',
      'https://a.example',
      'mailto:x@y.z',
      'tel:1',
      'blob:https://a/b',
      'app://x',
      'exchangeapp://x',
      'market://x',
      'ftp://x',
      './a',
      '../a',
      '/a',
      '//evil.example',
      '/\\evil.example',
      'vbscript:x',
      'relative',
      'file:///x',
      'data:text/html,x',
    ]) {
      expect(pattern.test(value), value).toBe(checkLinkTarget(value, A_HREF) === 'allowed');
    }
    expect(pattern.test('data:image/png;base64,AAAA')).toBe(true);
  });
});

describe('isInDomainFamily', () => {
  const family = [...PRODUCT_DOMAIN_FAMILY, 'localhost'];

  it('matches the domain itself and its subdomains, in any case, with a trailing dot', () => {
    expect(isInDomainFamily('exchange.com', family)).toBe(true);
    expect(isInDomainFamily('news.exchange.com', family)).toBe(true);
    expect(isInDomainFamily('a.b.EXCHANGE.COM', family)).toBe(true);
    expect(isInDomainFamily('exchange.com.', family)).toBe(true);
    expect(isInDomainFamily('localhost', family)).toBe(true);
  });

  it('refuses look-alikes', () => {
    for (const host of [
      'evil-exchange.com',
      'exchange.com.evil.io',
      'exchangeXcom',
      'xexchange.com',
      'exchange.co',
      'com',
      '',
      'localhost.evil.io',
    ]) {
      expect(isInDomainFamily(host, family), host).toBe(false);
    }
  });

  it('ignores empty family entries instead of matching every host', () => {
    expect(isInDomainFamily('evil.io', ['', '.'])).toBe(false);
  });
});

describe('linkRel', () => {
  const family = ['exchange.com', 'localhost'];

  it('adds nofollow to links outside the family and to links without a host', () => {
    expect(linkRel({ rel: null, host: 'evil.io', opensNewTab: false, family })).toBe('nofollow');
    expect(linkRel({ rel: null, host: null, opensNewTab: false, family })).toBe('nofollow');
    expect(linkRel({ rel: null, host: 'exchange.com.evil.io', opensNewTab: false, family })).toBe('nofollow');
  });

  it('leaves the family without nofollow', () => {
    expect(linkRel({ rel: null, host: 'help.exchange.com', opensNewTab: false, family })).toBe('');
    expect(linkRel({ rel: null, host: 'localhost', opensNewTab: false, family })).toBe('');
  });

  it('adds opener protection to every link opening a new tab', () => {
    expect(linkRel({ rel: null, host: 'evil.io', opensNewTab: true, family })).toBe('nofollow noopener noreferrer');
    expect(linkRel({ rel: null, host: 'exchange.com', opensNewTab: true, family })).toBe('noopener noreferrer');
  });

  it('keeps known author tokens once and drops opener and unknown ones', () => {
    expect(linkRel({ rel: 'opener sponsored NOFOLLOW x', host: 'evil.io', opensNewTab: true, family })).toBe(
      'sponsored nofollow noopener noreferrer',
    );
    expect(linkRel({ rel: 'opener', host: 'exchange.com', opensNewTab: false, family })).toBe('');
  });
});

describe('linkTarget', () => {
  it('keeps only _blank', () => {
    expect(linkTarget('_blank')).toBe('_blank');
    expect(linkTarget(' _BLANK ')).toBe('_blank');
    for (const target of ['_self', '_top', '_parent', 'main', 'window.opener', '', null]) {
      expect(linkTarget(target)).toBeNull();
    }
  });
});
