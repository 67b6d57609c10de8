import { describe, expect, it } from 'vitest';
import { classifyReply, httpFailureText } from '../../../../engine/rules/reply';

describe('httpFailureText', () => {
  it('maps the statuses of spec §8 to their texts', () => {
    expect(httpFailureText(403)).toBe('forbidden');
    expect(httpFailureText(404)).toBe('notfound');
    expect(httpFailureText(504)).toBe('notfound');
    expect(httpFailureText(500)).toBe('unknow');
    expect(httpFailureText(502)).toBe('status');
    expect(httpFailureText(429)).toBe('status');
  });
});

describe('classifyReply', () => {
  it('resolves the data of a success envelope, null data included', () => {
    expect(classifyReply({ code: '00000', msg: 'success', data: { a: 1 } })).toEqual({ kind: 'ok', data: { a: 1 } });
    expect(classifyReply({ code: '00000', data: null })).toEqual({ kind: 'ok', data: null });
    expect(classifyReply({ code: 0, data: [] })).toEqual({ kind: 'ok', data: [] });
  });

  it('raises when the data body is missing', () => {
    expect(classifyReply({ code: '00000', msg: 'success' })).toEqual({ kind: 'no-data' });
  });

  it('treats 20906 and 20205 as an expired login whatever the status', () => {
    expect(classifyReply({ code: '20906', msg: 'x', data: null }).kind).toBe('login-expired');
    expect(classifyReply({ code: 20205, status: 'error' }).kind).toBe('login-expired');
  });

  it('shows the message of 00004/00005/00006 and resolves nothing', () => {
    for (const code of ['00004', '00005', '00006']) {
      expect(classifyReply({ code, msg: 'Please log in', data: { isLogin: false } })).toEqual({
        kind: 'session-notice',
        code,
        message: 'Please log in',
      });
    }
  });

  it('reads result code 401 (and the app request time-out 110100) as a time-out, whatever its message (spec §8)', () => {
    expect(classifyReply({ code: 401, msg: 'Unauthorized', data: null })).toEqual({ kind: 'timed-out', code: '401' });
    expect(classifyReply({ code: '110100', status: 'error' })).toEqual({ kind: 'timed-out', code: '110100' });
    expect(classifyReply({ code: '4010', msg: 'x' }).kind).toBe('business-error');
  });

  it('resolves the userinfo call with its data on a session notice', () => {
    expect(
      classifyReply({ code: '00005', msg: 'Please log in', data: { isLogin: false } }, { resolvesSessionNotice: true }),
    ).toEqual({
      kind: 'ok',
      data: { isLogin: false },
    });
  });

  it('treats a session code without a message as a plain error', () => {
    expect(classifyReply({ code: '00005', msg: '  ', data: null }).kind).toBe('business-error');
  });

  it('reports status error with its message', () => {
    expect(classifyReply({ status: 'error', code: '40010', msg: 'Insufficient balance', data: null })).toEqual({
      kind: 'business-error',
      code: '40010',
      message: 'Insufficient balance',
    });
  });

  it('rejects bodies that are not envelopes', () => {
    for (const body of [null, 'ok', 42, [1, 2], true]) expect(classifyReply(body)).toEqual({ kind: 'bad-reply' });
  });

  it('does not let a hostile msg pass as success', () => {
    expect(classifyReply({ code: '99999', msg: '<img src=x onerror=alert(1)>', data: { a: 1 } }).kind).toBe(
      'business-error',
    );
  });
});
