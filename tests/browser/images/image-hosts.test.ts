import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import {
  chooseImageHosts,
  cleanHostList,
  IMAGE_HOSTS_KEY,
  imageHostOrder,
  markHostBad,
  probeHosts,
  resetImageHosts,
} from '../../../src/platform/image-hosts';

// The test gateway's extra image ports (tests/browser/gateway-setup.ts): the first answers at once, the second 300 ms later.
const [FAST, SLOW] = inject('imageHosts');
/** Nothing listens on port 1: a load fails at once. */
const DEAD = 'http://127.0.0.1:1';

/** How many probe images the page has asked a host for so far. */
function probesOf(host: string): number {
  return performance.getEntriesByType('resource').filter((entry) => entry.name.startsWith(`${host}/img/probe.gif`))
    .length;
}

beforeEach(() => {
  sessionStorage.clear();
  resetImageHosts();
});
afterEach(() => sessionStorage.clear());

describe('probeHosts', () => {
  it('finds the faster of two hosts first, and ranks every host that loaded by its time', async () => {
    const probes = probeHosts([SLOW!, DEAD, FAST!]);
    expect(await probes.first).toBe(FAST);
    expect(await probes.all).toEqual([FAST, SLOW]);
  });

  it('gives up on a host that does not answer in time', async () => {
    const probes = probeHosts([SLOW!], 100);
    expect(await probes.first).toBeNull();
    expect(await probes.all).toEqual([]);
  });
});

describe('cleanHostList', () => {
  it('keeps bare http(s) origins and drops hostile entries', () => {
    expect(
      cleanHostList([
        'https://img.example.com',
        'javascript:alert(1)',
        'JAVASCRIPT:alert(1)//',
        'data:image/gif;base64,R0lGOD',
        'https://user:pw@img.example.com',
        'https://img.example.com/path',
        'https://img.example.com?x=1',
        'https://a.com;script-src',
        ' https://img.example.com',
        42,
        null,
        { host: 'https://x.com' },
        'https://img.example.com',
        'http://127.0.0.1:8137',
      ]),
    ).toEqual(['https://img.example.com', 'http://127.0.0.1:8137']);
    expect(cleanHostList('https://img.example.com')).toEqual([]);
  });
});

describe('chooseImageHosts', () => {
  it('chooses the fastest host, with this origin last as the fallback, and keeps the choice for the session', async () => {
    await chooseImageHosts(async () => [SLOW, 'javascript:alert(1)', FAST, location.origin]);
    expect(imageHostOrder()).toEqual([FAST, location.origin]);
    const kept = JSON.parse(sessionStorage.getItem(IMAGE_HOSTS_KEY)!);
    expect(kept.list).toEqual([SLOW, FAST]);
    expect(kept.ranked[0]).toBe(FAST);
    // Once every probe has settled, the slower host is the next fallback.
    await expect.poll(() => imageHostOrder(), { timeout: 4000 }).toEqual([FAST, SLOW, location.origin]);
  });

  it('uses the kept choice for the same list without probing again, and probes a new list', async () => {
    await chooseImageHosts(async () => [SLOW, FAST]);
    await expect.poll(() => JSON.parse(sessionStorage.getItem(IMAGE_HOSTS_KEY)!).ranked).toEqual([FAST, SLOW]);
    const fastProbes = probesOf(FAST!);
    resetImageHosts(); // the next page of the session
    await chooseImageHosts(async () => [FAST, SLOW]);
    expect(imageHostOrder()).toEqual([FAST, SLOW, location.origin]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(probesOf(FAST!)).toBe(fastProbes);

    resetImageHosts();
    // The kept choice serves at once; the new list is probed meanwhile and replaces it.
    await chooseImageHosts(async () => [SLOW]);
    await expect.poll(() => imageHostOrder(), { timeout: 4000 }).toEqual([SLOW, location.origin]);
    expect(JSON.parse(sessionStorage.getItem(IMAGE_HOSTS_KEY)!).list).toEqual([SLOW]);
  });

  it('falls back to this origin alone when no host loads or no list comes', async () => {
    await chooseImageHosts(async () => [DEAD]);
    expect(imageHostOrder()).toEqual([location.origin]);
    resetImageHosts();
    sessionStorage.clear();
    await chooseImageHosts(() => Promise.reject(new Error('offline')));
    expect(imageHostOrder()).toEqual([location.origin]);
  });

  it('leaves a host marked bad out for the rest of the session', async () => {
    await chooseImageHosts(async () => [SLOW, FAST]);
    await expect.poll(() => imageHostOrder(), { timeout: 4000 }).toEqual([FAST, SLOW, location.origin]);
    markHostBad(FAST!);
    expect(imageHostOrder()).toEqual([SLOW, location.origin]);
    resetImageHosts();
    await chooseImageHosts(async () => [SLOW, FAST]);
    expect(imageHostOrder()).toEqual([SLOW, location.origin]);
  });
});
