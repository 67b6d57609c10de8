import { describe, expect, it } from 'vitest';
import type { DepthView } from '../../../../engine/market/book-depth';
import { liveFeed, trade, VIEW } from './trade-feed-support';

/** TradeFeed with a depth sink: the depth chart's cumulative depth, once per animation frame while the book moves. */
describe('TradeFeed depth sink', () => {
  function depthFeed(answer?: () => unknown) {
    const harness = liveFeed();
    const depths: DepthView[] = [];
    harness.feed.setDepthSink((depth) => {
      depths.push(depth);
      return answer?.();
    });
    return { ...harness, depths };
  }

  it('gives the depth at once, then again only in a frame in which the book moved', () => {
    const { depths, frame, server, push } = depthFeed();
    frame();
    expect(depths).toHaveLength(1);
    expect(depths[0].bids.map((level) => level.slice(2))).toEqual([
      ['100.5', '1.0000', '100.50'],
      ['100.4', '3.0000', '301.30'],
      ['100.2', '3.5000', '351.40'],
    ]);
    frame();
    push('trade', 'snapshot', [trade(1, '100.5', '0.1', 'buy', 1000)]);
    frame();
    expect(depths).toHaveLength(1);
    push('books', 'update', [server.update({ bids: [['100.5', '3.0000']] })], 2000);
    push('books', 'update', [server.update({ bids: [['100.4', '0']] })], 2001);
    frame();
    expect(depths).toHaveLength(2);
    expect(depths[1].bids.map((level) => level[3])).toEqual(['3.0000', '3.5000']);
  });

  it('waits for the answer to the last depth before it sends the next', async () => {
    let settle: () => void = () => {};
    const { depths, frame, server, push } = depthFeed(
      () =>
        new Promise<void>((resolve) => {
          settle = resolve;
        }),
    );
    frame();
    push('books', 'update', [server.update({ bids: [['100.5', '2.0000']] })], 2000);
    frame();
    frame();
    expect(depths).toHaveLength(1);
    settle();
    await Promise.resolve();
    frame();
    expect(depths).toHaveLength(2);
    expect(depths[1].bids[0][3]).toBe('2.0000');
  });

  it('says the book is being rebuilt when it is dropped', () => {
    const { depths, frame, server, push } = depthFeed();
    frame();
    // A gap in seq drops the book until a fresh snapshot.
    server.update({ bids: [['100.5', '2.0000']] });
    push('books', 'update', [server.update({ bids: [['100.5', '3.0000']] })], 2000);
    frame();
    expect(depths.at(-1)?.status).toBe('resyncing');
  });

  it('writes the depth anew in a new language, and stops when the sink is taken away', () => {
    const { feed, depths, frame, server, push } = depthFeed();
    frame();
    feed.setView({ ...VIEW, intl: 'de' });
    frame();
    expect(depths.at(-1)?.bids[2].slice(2)).toEqual(['100,2', '3,5000', '351,40']);
    feed.setDepthSink(null);
    push('books', 'update', [server.update({ bids: [['100.5', '3.0000']] })], 2000);
    frame();
    expect(depths).toHaveLength(2);
  });
});
