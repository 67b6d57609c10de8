// What the request layer's tests share: a gateway of their own (with faults), a client wired to it, the texts the
// client shows, and a way to await a failure.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startGateway } from '../../../gateway/server';
import { RequestError, type RequestEnvironment, type RequestText } from '../../../src/api/request';
import { createRequestClient } from '../../../src/api/request-client';

/** What the gateway's `/__test__/echo` route answers: the request as it arrived. */
export interface Echo {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
}

let running: Awaited<ReturnType<typeof startGateway>> | undefined;

/** The gateway of the test file that called `runTestGateway` (read inside tests, once it has started). */
export const gateway = {
  get url(): string {
    if (!running) throw new Error('the test gateway has not started');
    return running.url;
  },
};

/** Starts a gateway with faults for the calling test file, clears its faults after each test, and stops it after all. */
export function runTestGateway(): void {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'request-layer-'));
    running = await startGateway({ port: 0, dataDir, faults: true, logLevel: 'silent' });
  });

  afterAll(async () => {
    await running?.close();
    running = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  afterEach(async () => {
    await fetch(`${gateway.url}/__faults`, { method: 'DELETE' });
  });
}

/** Arms a fault on the test gateway (cleared after each test). */
export async function fault(spec: Record<string, unknown>) {
  const response = await fetch(`${gateway.url}/__faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(spec),
  });
  expect(response.ok).toBe(true);
}

export const TEXTS: Record<RequestText, string> = {
  timeout: 'Request timed out!',
  expired: 'Login expired, please log in again',
  unknow: 'The system is busy',
  notfound: 'Request error',
  forbidden: 'Request is forbidden',
  status: '{status} The system is busy',
  network: 'Network error',
  noData: 'No data',
  badReply: 'Bad reply',
  secureFailed: 'Not secured',
  appCallbackTimeout: 'The app did not answer in time. Please try again.',
  appRequestTimeout: 'The app did not complete the request in time. Please try again.',
  appUnsuccessful: 'The app could not complete the request.',
  appNetwork: 'App Network Error',
  appAction: 'App Jsbridge Request Action Error',
};

/** A client wired to the test gateway with the texts above; it collects its toasts and counts login expiries. */
export function setup(overrides: Partial<RequestEnvironment> = {}) {
  const toasts: string[] = [];
  let expired = 0;
  const env: RequestEnvironment = {
    baseURL: gateway.url,
    isBeta: false,
    headers: () => ({
      terminalCode: 'term-1234567890',
      appTheme: 'dark',
      devicelanguage: 'ja-JP',
      locale: 'ja',
      language: 'ja_JP',
    }),
    languageType: () => 2,
    now: () => Date.now(),
    randomHex: (n) => 'ab'.repeat(n),
    text: (key, params) => TEXTS[key].replace('{status}', String(params?.status ?? '')),
    notify: (m) => toasts.push(m),
    onLoginExpired: () => {
      expired += 1;
    },
    ...overrides,
  };
  return { client: createRequestClient(env), toasts, expired: () => expired };
}

/** Awaits a call that must fail with a RequestError, and returns the error. */
export async function failure(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError);
    return error as RequestError;
  }
  throw new Error('expected the call to fail');
}
