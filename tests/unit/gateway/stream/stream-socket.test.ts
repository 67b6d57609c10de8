import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamClient, type StreamGateway, startStreamGateway } from './stream-support';

/** Long enough for a busy machine to finish the other tests between two pings, short enough to wait out. */
const IDLE_MS = 1500;

let g: StreamGateway;
beforeAll(async () => {
  g = await startStreamGateway({
    stream: { idleTimeoutMs: IDLE_MS },
    // The login deadline far away, so that only the idle one can close a socket here.
    privateStream: { idleTimeoutMs: IDLE_MS, loginTimeoutMs: 60_000 },
  });
});
afterAll(() => g.close());

const urlOf = (path: string) => `${g.gateway.url.replace('http', 'ws')}${path}`;

describe.each(['/v2/ws/public', '/v2/ws/private'])('a connection on %s', (path) => {
  it('answers the text ping with the text pong', async () => {
    const client = await StreamClient.connect(urlOf(path));
    await client.ping();
    expect(client.received.map((m) => m.text)).toEqual(['pong']);
    client.close();
  });

  it('answers a binary frame and a message over the size cap with the same 30002 events, and stays open', async () => {
    const client = await StreamClient.connect(urlOf(path));
    client.send(Buffer.from('ping'));
    const binary = await client.waitFor((m) => m.event === 'error');
    expect(binary.text).toBe('{"event":"error","code":30002,"msg":"Illegal request: send text frames"}');
    client.send('x'.repeat(5000));
    const large = await client.waitFor((m) => m.event === 'error', { from: binary.index + 1 });
    expect(large.text).toBe(
      '{"event":"error","code":30002,"msg":"Illegal request: message of 5000 bytes is larger than 4096"}',
    );
    await client.ping();
    client.close();
  });

  it('closes a connection that sent no ping in time with 4001', async () => {
    const client = await StreamClient.connect(urlOf(path));
    const openedAt = Date.now();
    const { code, reason } = await client.closed;
    expect({ code, reason }).toEqual({ code: 4001, reason: 'no ping received in time' });
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(IDLE_MS - 100);
  });
});
