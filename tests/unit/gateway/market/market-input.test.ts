import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, T0, type TestApp } from '../support';

/** The product types a client library asks the contracts of when it loads markets (ccxt's bitget: all six). */
const UNSIMULATED = ['COIN-FUTURES', 'USDC-FUTURES', 'SCOIN-FUTURES', 'SUSDC-FUTURES'];

let t: TestApp;
beforeAll(() => {
  t = makeTestApp();
  t.simulator.step(T0 + 1000);
});
afterAll(() => t.close());

async function reply(path: string): Promise<{ status: number; body: { code: string; data: unknown } }> {
  const res = await t.app.request(path);
  return { status: res.status, body: await res.json() };
}

describe('requireProductType and simulatedLine, through the futures routes', () => {
  it('lists the simulated USDT-M perpetuals under USDT-FUTURES and its demo alias SUSDT-FUTURES', async () => {
    const usdt = await reply('/api/v2/mix/market/contracts?productType=USDT-FUTURES');
    const demo = await reply('/api/v2/mix/market/contracts?productType=susdt-futures');
    expect(usdt.status).toBe(200);
    expect(demo.body.data).toEqual(usdt.body.data);
    expect((usdt.body.data as unknown[]).length).toBe(t.simulator.listInstruments('USDT-FUTURES').length);
  });

  it('answers an empty list, not an error, for each valid product type the gateway does not simulate', async () => {
    for (const type of UNSIMULATED) {
      for (const path of ['/api/v2/mix/market/contracts', '/api/v2/mix/market/tickers']) {
        const { status, body } = await reply(`${path}?productType=${type}`);
        expect([status, body.code, body.data], `${path} ${type}`).toEqual([200, '00000', []]);
      }
    }
  });

  it('still refuses what is not a futures product type', async () => {
    for (const type of ['SPOT', 'MARGIN', 'SUSDT', 'USDT-FUTURES-', 'SUSDT-FUTURES%00']) {
      const { status, body } = await reply(`/api/v2/mix/market/contracts?productType=${type}`);
      expect([status, body.code], type).toEqual([400, '40020']);
    }
  });

  it('answers an unknown symbol under an unsimulated product type with 40034', async () => {
    const { status, body } = await reply('/api/v2/mix/market/merge-depth?symbol=BTCUSDT&productType=SCOIN-FUTURES');
    expect([status, body.code]).toEqual([400, '40034']);
  });
});
