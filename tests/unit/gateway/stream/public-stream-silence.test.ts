import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Arg, isPushOf, StreamClient, type StreamGateway, sleep, startStreamGateway } from './stream-support';

const BTC_BOOKS: Arg = { instType: 'SPOT', channel: 'books', instId: 'BTCUSDT' };

describe('stream silence fault', () => {
  let stream: StreamGateway;
  beforeAll(async () => {
    stream = await startStreamGateway({ marketStepMs: 50, faults: true });
  });
  afterAll(() => stream.close());

  const post = (body: unknown) =>
    fetch(`${stream.gateway.url}/__faults/stream-silence`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('keeps sockets open but sends nothing (pushes, acks, pong) for ms, then pushes again', async () => {
    const client = await StreamClient.connect(stream.wsUrl);
    client.subscribe(BTC_BOOKS);
    await client.waitFor((m) => isPushOf(m, BTC_BOOKS) && m.action === 'update');
    let closed = false;
    void client.closed.then(() => {
      closed = true;
    });
    for (const bad of [{}, { ms: -1 }, { ms: 1.5 }, { ms: '100' }, { ms: 600_000 }])
      expect((await post(bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await post({ ms: 2000 })).status).toBe(200);
    // Pushes already on their way when the silence began may still arrive (on a loaded machine, more than one): the
    // count starts once they had time to, and at most one more may still have been in the sockets' buffers.
    await sleep(200);
    const silentFrom = client.received.length;
    client.send('ping');
    // A socket opened during the silence opens, and what it sends is read, but nothing comes back.
    const late = await StreamClient.connect(stream.wsUrl);
    late.subscribe(BTC_BOOKS);
    await sleep(800);
    expect(client.received.length - silentFrom).toBeLessThanOrEqual(1);
    expect(late.received).toEqual([]);
    expect(closed).toBe(false);
    expect(stream.gateway.stream.stats().connections).toBe(2);
    // After the silence the pushes flow again on the same sockets (the late one's subscription was kept).
    await client.waitFor((m) => isPushOf(m, BTC_BOOKS), { from: client.received.length, timeoutMs: 3000 });
    await late.waitFor((m) => isPushOf(m, BTC_BOOKS), { timeoutMs: 3000 });
    await client.ping();
    client.close();
    late.close();
  });
});
