import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayEnv } from '../../../../gateway/http/gateway-env';
import { requestOrigin } from '../../../../gateway/http/request-origin';
import { responseHeaders } from '../../../../gateway/http/response-headers';
import { createImageHosts, type ImageHosts } from '../../../../gateway/images/image-hosts';
import { IMAGE_CSP, imageArea } from '../../../../gateway/images/image-routes';
import { createLogger } from '../../../../gateway/log/logger';

const logger = createLogger('silent');
let hosts: ImageHosts | undefined;
/** Keeps the hosts to close after the test. */
function tracked(images: ImageHosts): ImageHosts {
  hosts = images;
  return images;
}
afterEach(async () => {
  await hosts?.close();
  hosts = undefined;
});

/** An app wired as gateway/app.ts wires the images: their headers outside the response headers, routes before the rest. */
function appWith(images: ImageHosts): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();
  const area = imageArea(images);
  app.use('*', requestOrigin({ trustProxy: false }));
  app.use('*', area.headers);
  app.use('*', responseHeaders());
  app.route('/', area.routes);
  app.get('/', (c) => c.html('<p>page</p>'));
  app.notFound((c) => c.json({ code: '40404' }, 404));
  return app;
}

describe('/img/coins/<COIN>.svg', () => {
  it('serves a listed coin as an SVG that can run nothing, cached for long', async () => {
    const app = appWith(tracked(createImageHosts({ localMode: false })));
    const res = await app.request('http://localhost/img/coins/BTC.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe(IMAGE_CSP);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(await res.text()).toContain('>BTC</text>');
  });

  it('gives an unknown coin the generic icon, never an error', async () => {
    const app = appWith(tracked(createImageHosts({ localMode: false })));
    for (const file of ['NOPE.svg', 'GENERIC.svg', 'eth.svg', 'X1.svg']) {
      const res = await app.request(`http://localhost/img/coins/${file}`);
      expect(res.status, file).toBe(200);
      const body = await res.text();
      if (file === 'eth.svg') expect(body).toContain('>ETH</text>');
      else expect(body, file).toContain('>?</text>');
    }
  });

  it('refuses path traversal and anything but a symbol', async () => {
    const app = appWith(tracked(createImageHosts({ localMode: false })));
    for (const path of [
      '/img/coins/..%2F..%2Fpackage.json',
      '/img/coins/..%2F..%2Fgateway%2Fmain.ts',
      '/img/coins/%2e%2e%2fBTC.svg',
      '/img/coins/BTC.svg%00.png',
      '/img/coins/BTC',
      '/img/coins/<svg>.svg',
      '/img/coins/AVERYLONGSYMBOL1.svg',
      '/img/announcements/..%2Flisting.svg',
      '/img/announcements/nope.svg',
    ]) {
      const res = await app.request(`http://localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type') ?? '', path).not.toMatch(/svg/);
      expect(res.headers.get('content-security-policy'), path).toBe(IMAGE_CSP);
    }
  });
});

describe('/img/probe.gif and /img/announcements', () => {
  it('serves the probe as a tiny GIF that is never cached', async () => {
    const app = appWith(tracked(createImageHosts({ localMode: false })));
    const res = await app.request('http://localhost/img/probe.gif?t=abc');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 6))).toBe('GIF89a');
    expect(bytes.length).toBeLessThan(100);
  });

  it('serves each banner the announcements name', async () => {
    const app = appWith(tracked(createImageHosts({ localMode: false })));
    for (const name of ['listing', 'maintenance', 'activity', 'product']) {
      const res = await app.request(`http://localhost/img/announcements/${name}.svg`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(IMAGE_CSP);
    }
  });
});

describe('GET /v1/public/image-hosts and the page CSP', () => {
  it('lists this origin alone by default, and the page policy stays same-origin', async () => {
    const app = appWith(tracked(createImageHosts({ localMode: false })));
    const res = await app.request('http://localhost:8080/v1/public/image-hosts', {
      headers: { host: 'localhost:8080' },
    });
    expect((await res.json()).data).toEqual({ hosts: ['http://localhost:8080'] });
    const page = await app.request('http://localhost:8080/', { headers: { host: 'localhost:8080' } });
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data: blob:; ");
  });

  it('lists the configured hosts first and this origin last, and the page may load images from them', async () => {
    const app = appWith(
      tracked(
        createImageHosts({
          localMode: false,
          settings: { hosts: ['https://img1.example.com', 'https://img2.example.com'], ports: null, delaysMs: [] },
        }),
      ),
    );
    const res = await app.request('http://localhost:8080/v1/public/image-hosts', {
      headers: { host: 'localhost:8080' },
    });
    expect((await res.json()).data.hosts).toEqual([
      'https://img1.example.com',
      'https://img2.example.com',
      'http://localhost:8080',
    ]);
    const page = await app.request('http://localhost:8080/', { headers: { host: 'localhost:8080' } });
    expect(page.headers.get('content-security-policy')).toContain(
      "img-src 'self' data: blob: https://img1.example.com https://img2.example.com; ",
    );
  });

  it('does not reflect a hostile Host header into the list or the policy', async () => {
    const app = appWith(tracked(createImageHosts({ localMode: false })));
    const res = await app.request('http://localhost/v1/public/image-hosts', {
      headers: { host: "evil.com; script-src 'unsafe-inline'" },
    });
    expect((await res.json()).data.hosts).toEqual([]);
  });
});

describe('local mode image ports', () => {
  it('serves /img/* only on each extra port, after its delay, and lists them before this origin', async () => {
    hosts = createImageHosts({ localMode: true, settings: { hosts: [], ports: [0, 0], delaysMs: [0, 400] } });
    await hosts.start('127.0.0.1', 0, logger);
    const [fast, slow] = hosts.ports();
    expect(fast).toBeGreaterThan(0);
    expect(slow).toBeGreaterThan(0);
    const timed = async (url: string) => {
      const started = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      return { res, ms: performance.now() - started };
    };
    const quick = await timed(`http://127.0.0.1:${fast}/img/probe.gif`);
    const late = await timed(`http://127.0.0.1:${slow}/img/coins/BTC.svg`);
    expect(quick.res.status).toBe(200);
    expect(quick.ms).toBeLessThan(300);
    expect(late.res.status).toBe(200);
    expect(late.ms).toBeGreaterThanOrEqual(390);
    expect(late.res.headers.get('content-security-policy')).toBe(IMAGE_CSP);
    expect(late.res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(late.res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await fetch(`http://127.0.0.1:${fast}/v1/public/time`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${fast}/`)).status).toBe(404);

    const app = appWith(hosts);
    const list = await app.request('http://localhost:8080/v1/public/image-hosts', {
      headers: { host: 'localhost:8080' },
    });
    expect((await list.json()).data.hosts).toEqual([
      `http://localhost:${fast}`,
      `http://localhost:${slow}`,
      'http://localhost:8080',
    ]);
    const page = await app.request('http://localhost:8080/', { headers: { host: 'localhost:8080' } });
    expect(page.headers.get('content-security-policy')).toContain(
      `img-src 'self' data: blob: http://localhost:${fast} http://localhost:${slow}; `,
    );
  });

  it('takes the free ports next to the main one by default, and closes them with the gateway', async () => {
    const main = createImageHosts({ localMode: true, settings: { hosts: [], ports: [0], delaysMs: [0] } });
    await main.start('127.0.0.1', 0, logger);
    const [taken] = main.ports();
    hosts = createImageHosts({ localMode: true });
    // The port right after "main" is busy: the next free ones are taken.
    await hosts.start('127.0.0.1', taken! - 1, logger);
    const ports = hosts.ports();
    expect(ports).toHaveLength(2);
    expect(ports[0]).toBeGreaterThan(taken!);
    expect(ports[1]).toBeGreaterThan(ports[0]!);
    expect(ports[1]! - taken!).toBeLessThanOrEqual(16);
    await main.close();
    await hosts.close();
    await expect(fetch(`http://127.0.0.1:${ports[0]}/img/probe.gif`)).rejects.toThrow();
    await hosts.close();
  });

  it('starts nothing outside local mode', async () => {
    hosts = createImageHosts({ localMode: false });
    await hosts.start('127.0.0.1', 0, logger);
    expect(hosts.ports()).toEqual([]);
  });
});
