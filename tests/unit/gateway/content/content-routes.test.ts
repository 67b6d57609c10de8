import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEED_COUNT } from '../../../../gateway/content/announcement-seeds';
import { ANNOUNCEMENT_TEXTS } from '../../../../gateway/content/announcement-texts';
import { listedCoins } from '../../../../gateway/content/coin-descriptions';
import { announcementCountOf } from '../../../../gateway/content/content-settings';
import { SEED_TEXTS } from '../../../../gateway/content/seed-texts';
import { type ContentHarness, makeContentHarness } from './content-support';

const LIST = '/v1/public/content/announcements';

let c: ContentHarness;
beforeEach(() => {
  c = makeContentHarness();
});
afterEach(() => c.close());

describe('GET /v1/public/content/announcements', () => {
  it('lists the twelve seeds newest first with title, category and time', async () => {
    const reply = await c.get(LIST);
    expect(reply.code).toBe('00000');
    expect(reply.data.total).toBe(SEED_COUNT);
    expect(reply.data.items).toHaveLength(SEED_COUNT);
    expect(reply.data.nextCursor).toBeNull();
    const times = reply.data.items.map((item: { publishedAt: string }) => Number(item.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(reply.data.items[0]).toEqual({
      id: expect.any(String),
      category: 'listing',
      title: 'New listing: SUI/USDT spot trading',
      publishedAt: expect.stringMatching(/^\d+$/),
      read: null,
    });
  });

  it('pages with a cursor until the end, without repeats or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const reply = await c.get(`${LIST}?size=5${cursor ? `&cursor=${cursor}` : ''}`);
      expect(reply.code).toBe('00000');
      seen.push(...reply.data.items.map((item: { id: string }) => item.id));
      cursor = reply.data.nextCursor;
    } while (cursor !== null);
    const whole = (await c.get(`${LIST}?size=100`)).data.items.map((item: { id: string }) => item.id);
    expect(seen).toEqual(whole);
    expect(new Set(seen).size).toBe(SEED_COUNT);
  });

  it('filters by category', async () => {
    const reply = await c.get(`${LIST}?category=maintenance`);
    expect(reply.data.total).toBe(3);
    expect(reply.data.items.every((item: { category: string }) => item.category === 'maintenance')).toBe(true);
  });

  it('answers in the asked language, falls back to English for unknown tags and to es for es-ES', async () => {
    const title = async (locale: string) => (await c.get(`${LIST}?locale=${locale}`)).data.items[0].title;
    expect(await title('de')).toBe(ANNOUNCEMENT_TEXTS.de[0]!.title);
    expect(await title('zh-CN')).toBe(ANNOUNCEMENT_TEXTS['zh-CN'][0]!.title);
    expect(await title('es-ES')).toBe(ANNOUNCEMENT_TEXTS.es[0]!.title);
    expect(await title('pt-PT')).toBe(ANNOUNCEMENT_TEXTS.pt[0]!.title);
    expect(await title('xx')).toBe(ANNOUNCEMENT_TEXTS.en[0]!.title);
  });

  it.each([
    ['size=0'],
    ['size=101'],
    ['size=-1'],
    ['size=1e2'],
    ['size=abc'],
    ['size=5&size=6'],
    ['category=everything'],
    ['category=%3Cscript%3E'],
    ['locale=%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['locale=en&locale=de'],
    [`locale=${'a'.repeat(300)}`],
    ['cursor=999999'],
    ['cursor=1%20OR%201=1'],
    ["cursor=1'--"],
  ])('refuses the hostile query %s with 40900', async (query) => {
    const reply = await c.get(`${LIST}?${query}`);
    expect([reply.status, reply.replyStatus, reply.code]).toEqual([200, 'error', '40900']);
    expect(reply.data).toBeNull();
  });

  it('serves 1,000 announcements in pages of at most 100 when the gateway is asked to', async () => {
    c.close();
    c = makeContentHarness({ announcementCount: 1000 });
    const first = await c.get(`${LIST}?size=100`);
    expect(first.data.total).toBe(1000);
    expect(first.data.items).toHaveLength(100);
    expect((await c.get(`${LIST}?size=1000`)).code).toBe('40900');
  });
});

describe('GET /v1/public/content/announcements/:id', () => {
  it('gives the body as HTML in the language, with its banner by path and its title only beside it', async () => {
    const [first] = (await c.get(LIST)).data.items;
    const reply = await c.get(`${LIST}/${first.id}?locale=fr`);
    expect(reply.code).toBe('00000');
    expect(reply.data.title).toBe(ANNOUNCEMENT_TEXTS.fr[0]!.title);
    expect(reply.data.locale).toBe('fr');
    expect(reply.data.html).toContain('<table>');
    expect(reply.data.html).toContain('src="/img/announcements/listing.svg"');
    expect(reply.data.html).toContain(ANNOUNCEMENT_TEXTS.fr[0]!.sections[0]!.heading);
    expect(reply.data.html).not.toContain(reply.data.title);
  });

  it.each(['999999', 'abc', '1%27%20OR%201=1', '..%2F..%2Fetc'])('answers 40904 for the id %s', async (id) => {
    const reply = await c.get(`${LIST}/${id}`);
    expect(reply.status).toBe(404);
    expect(reply.code).toBe('40904');
  });
});

describe('GET /v1/public/content/coins/:coin', () => {
  it('describes every listed coin in every seeded language', async () => {
    for (const coin of listedCoins()) {
      const reply = await c.get(`/v1/public/content/coins/${coin}?locale=ja`);
      expect(reply.code, coin).toBe('00000');
      expect(reply.data.coin).toBe(coin);
      expect(reply.data.html).toContain(`(${coin})`);
      expect(reply.data.html).toContain(SEED_TEXTS.ja.website);
    }
  });

  it('answers 40905 for a coin the simulator does not list', async () => {
    for (const coin of ['NOPE', '%3Cimg%3E', 'a'.repeat(40)]) {
      const reply = await c.get(`/v1/public/content/coins/${coin}`);
      expect(reply.status).toBe(404);
      expect(reply.code).toBe('40905');
    }
  });
});

describe('unread announcements', () => {
  it('answers 00005 without a session', async () => {
    expect((await c.get('/v1/content/announcements/unread-count')).code).toBe('00005');
    const res = await c.app.request('http://localhost/v1/content/announcements/read', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ all: true }),
    });
    expect(res.status).toBe(401);
  });

  it("counts down as one user reads, and leaves the other user's marks alone", async () => {
    const ann = await c.reader('ann@example.com');
    const bob = await c.reader('bob@example.com');
    const ids = (await c.get(LIST)).data.items.map((item: { id: string }) => item.id);
    expect(await ann.ok('/v1/content/announcements/unread-count')).toEqual({ unread: SEED_COUNT });

    expect(await ann.ok('/v1/content/announcements/read', { ids: [ids[0], ids[1], '999999'] })).toEqual({
      marked: 2,
      unread: SEED_COUNT - 2,
    });
    // Marking again changes nothing.
    expect(await ann.ok('/v1/content/announcements/read', { ids: [ids[0]] })).toEqual({
      marked: 0,
      unread: SEED_COUNT - 2,
    });
    expect(await bob.ok('/v1/content/announcements/unread-count')).toEqual({ unread: SEED_COUNT });
    const bobList = await bob.ok(LIST);
    expect(bobList.items.every((item: { read: boolean }) => item.read === false)).toBe(true);
    const annList = await ann.ok(LIST);
    expect(annList.items.filter((item: { read: boolean }) => item.read).map((item: { id: string }) => item.id)).toEqual(
      [ids[0], ids[1]],
    );

    expect(await bob.ok('/v1/content/announcements/read', { all: true })).toEqual({ marked: SEED_COUNT, unread: 0 });
    expect(await ann.ok('/v1/content/announcements/unread-count')).toEqual({ unread: SEED_COUNT - 2 });
    expect((await ann.ok(`${LIST}/${ids[2]}`)).read).toBe(false);
  });

  it.each([
    [{}],
    [{ ids: [] }],
    [{ ids: 'all' }],
    [{ ids: [1, 2] }],
    [{ ids: ["1' OR '1'='1"] }],
    [{ ids: Array.from({ length: 101 }, (_, i) => String(i)) }],
    [{ all: false }],
    [{ all: 'true' }],
    [{ all: true, ids: ['1'] }],
    [[]],
  ])('refuses the read body %j with 40901', async (body) => {
    const ann = await c.reader('ann@example.com');
    const reply = await ann.post('/v1/content/announcements/read', body);
    expect(reply.code).toBe('40901');
    expect(await ann.ok('/v1/content/announcements/unread-count')).toEqual({ unread: SEED_COUNT });
  });
});

describe('announcementCountOf', () => {
  it('serves more than the seeds only in development', () => {
    expect(announcementCountOf({ DEV_ANNOUNCEMENTS: '1000' }, true)).toBe(1000);
    expect(announcementCountOf({ DEV_ANNOUNCEMENTS: '1000' }, false)).toBe(SEED_COUNT);
    expect(announcementCountOf({}, true)).toBe(SEED_COUNT);
    expect(() => announcementCountOf({ DEV_ANNOUNCEMENTS: '1e3' }, true)).toThrow(/DEV_ANNOUNCEMENTS/);
    expect(() => announcementCountOf({ DEV_ANNOUNCEMENTS: '99999' }, true)).toThrow(/DEV_ANNOUNCEMENTS/);
  });
});

describe('seed texts', () => {
  it('has every coin description label written in each language', () => {
    for (const [bundle, texts] of Object.entries(SEED_TEXTS)) {
      expect(texts.coinIntro, bundle).toContain('{name}');
      expect(texts.website.length * texts.explorer.length, bundle).toBeGreaterThan(0);
      if (bundle !== 'en') expect(texts.website, bundle).not.toBe(SEED_TEXTS.en.website);
    }
  });
});
