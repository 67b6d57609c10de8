import { describe, expect, it } from 'vitest';
import {
  decideSignFailure,
  INITIAL_SIGN_FAILURE_STATE,
  type SignFailureInput,
  type SignFailureState,
} from '../../../../engine/rules/sign-failure-policy';

const keyId = '0123456789abcdef0123456789abcdef';
const decide = (input: Partial<SignFailureInput>, state: SignFailureState = INITIAL_SIGN_FAILURE_STATE) =>
  decideSignFailure(state, { now: 10_000, networkError: false, ...input });

describe('decideSignFailure', () => {
  it('00023: toast with the server message, logout, and a report with the key id', () => {
    const { actions } = decide({ code: '00023', message: 'Invalid signature', signErrorHeader: '00023', keyId });
    expect(actions).toEqual([
      { type: 'report', report: { event: 'gatewaySignVerifyFailed', reason: `00023 keyId=${keyId}` } },
      { type: 'toast', message: 'Invalid signature' },
      { type: 'logout' },
    ]);
  });

  it('00023 without the header still reports, and never a key id that is not one', () => {
    const { actions } = decide({ code: '00023', keyId: 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA' });
    expect(actions[0]).toEqual({ type: 'report', report: { event: 'gatewaySignVerifyFailed', reason: '00023' } });
  });

  it('00020 and 00021: toast, reset the config and refetch after 2 s, and report the header', () => {
    for (const code of ['00020', '00021']) {
      const { actions } = decide({ code, message: 'm', signErrorHeader: code });
      expect(actions).toEqual([
        { type: 'report', report: { event: 'gatewaySignVerifyFailed', reason: code } },
        { type: 'toast', message: 'm' },
        { type: 'resetConfig' },
        { type: 'refetchConfig', afterMs: 2000 },
      ]);
    }
  });

  it('00022: first a clock resync and one retry, then toast, reset and stop without refetching', () => {
    const first = decide({ code: '00022', signErrorHeader: '00022' });
    expect(first.actions).toEqual([
      { type: 'report', report: { event: 'gatewaySignVerifyFailed', reason: '00022' } },
      { type: 'resyncClockAndRetry' },
    ]);
    const second = decide({ code: '00022', message: 'expired', retriedAfterResync: true }, first.state);
    expect(second.actions).toEqual([{ type: 'toast', message: 'expired' }, { type: 'resetConfig' }, { type: 'stop' }]);
  });

  it('takes the code from the header when the body has none', () => {
    const { actions } = decide({ code: null, signErrorHeader: '00021' });
    expect(actions.map((a) => a.type)).toEqual(['report', 'toast', 'resetConfig', 'refetchConfig']);
    expect(actions[1]).toEqual({ type: 'toast', message: null });
  });

  it('reports an unknown gateway-sign-error header and does nothing else', () => {
    expect(decide({ code: '00000', signErrorHeader: '99999' }).actions).toEqual([
      { type: 'report', report: { event: 'gatewaySignVerifyFailed', reason: '99999' } },
    ]);
    expect(decide({ code: '00000', signErrorHeader: 'MIIBIjANBgkqhkiG9w0BAQEF' }).actions).toEqual([
      { type: 'report', report: { event: 'gatewaySignVerifyFailed', reason: 'unknown' } },
    ]);
  });

  it('does nothing for other codes and never reports network errors', () => {
    expect(decide({ code: '00000' }).actions).toEqual([]);
    expect(decide({ code: '40001', message: 'bad' }).actions).toEqual([]);
    expect(decide({ networkError: true, code: '00023', signErrorHeader: '00023' }).actions).toEqual([]);
  });

  it('throttles toast and logout to once per 2 s', () => {
    const a = decide({ code: '00023', now: 10_000 });
    const b = decide({ code: '00023', now: 11_999 }, a.state);
    expect(b.actions.map((x) => x.type)).toEqual(['report']);
    const c = decide({ code: '00023', now: 12_000 }, b.state);
    expect(c.actions.map((x) => x.type)).toEqual(['report', 'toast', 'logout']);
  });

  it('schedules one refetch for a burst of 00020s', () => {
    const a = decide({ code: '00020', now: 10_000 });
    const b = decide({ code: '00020', now: 10_500 }, a.state);
    expect(b.actions.map((x) => x.type)).toEqual(['resetConfig']);
    const c = decide({ code: '00020', now: 12_000 }, b.state);
    expect(c.actions.map((x) => x.type)).toEqual(['toast', 'resetConfig', 'refetchConfig']);
  });

  it('does not change the state it was given', () => {
    const state = { ...INITIAL_SIGN_FAILURE_STATE };
    decide({ code: '00023' }, state);
    expect(state).toEqual(INITIAL_SIGN_FAILURE_STATE);
  });
});
