import { RequestError } from '../../api/request';
import type { Translate } from '../../i18n/i18n';
import { api } from '../../security/secured-api';

/** Where an address is, as the gateway knows it without a geo lookup. */
export type DevicePlace =
  | { kind: 'loopback' }
  | { kind: 'private' }
  | { kind: 'known'; city: string; country: string }
  | { kind: 'unknown' };

/** What the gateway read from a user agent: the exchange's app (with its version), a browser, or unknown; and the OS. */
export interface DeviceAgent {
  kind: 'app' | 'browser' | 'unknown';
  browser: string | null;
  version: string | null;
  os: string | null;
  osVersion: string | null;
}

/** One signed-in session as `GET /v1/user/devices` shows it (named by an opaque public id). */
export interface DeviceInfo extends DeviceAgent {
  id: string;
  ip: string;
  place: DevicePlace;
  createdAt: number;
  lastSeenAt: number;
  isCurrent: boolean;
}

/** The result of a sign-in attempt. */
export type LoginResult = 'success' | 'wrong-password' | 'wrong-code' | 'rate-limited';

/** One sign-in attempt of `GET /v1/user/login-history`. */
export interface LoginHistoryRow extends DeviceAgent {
  id: string;
  at: number;
  result: LoginResult;
  ip: string;
  place: DevicePlace;
}

/** A page of the history, newest first; `next` is the cursor of the following page, null on the last. */
export interface LoginHistoryPage {
  rows: LoginHistoryRow[];
  next: string | null;
}

/** Gateway codes of the device routes (gateway/auth/sessions/device-routes.ts). */
export const DEVICE_CODES = { notFound: '40330', isCurrent: '40331' } as const;

/** How many history rows a page asks for. */
export const HISTORY_PAGE_SIZE = 20;

/** The account's signed-in devices, last active first; failures are thrown for the page to show. */
export function listDevices(): Promise<DeviceInfo[]> {
  return api.get<DeviceInfo[]>('/user/devices', { silent: true });
}

/** Ends another device's session (after a step-up for `device-revoke`). */
export async function revokeDevice(id: string): Promise<void> {
  await api.post('/user/devices/revoke', { params: { id }, silent: true });
}

/** Ends every session of the account but this one (after a step-up for `device-revoke`); how many ended. */
export async function revokeOtherDevices(): Promise<number> {
  return (await api.post<{ revoked: number }>('/user/devices/revoke-others', { silent: true })).revoked;
}

/** One page of the sign-in history, from the newest or after `cursor`. */
export function loginHistoryPage(cursor: string | null): Promise<LoginHistoryPage> {
  const params: Record<string, string | number> = { limit: HISTORY_PAGE_SIZE };
  if (cursor !== null) params.cursor = cursor;
  return api.get<LoginHistoryPage>('/user/login-history', { params, silent: true });
}

/** The localized reason a device call failed: the gateway's code in the user's language, else the request layer's text. */
export function deviceFailureText(t: Translate, error: unknown): string {
  if (!(error instanceof RequestError)) return t('devices.err.failed');
  if (error.details.code === DEVICE_CODES.notFound) return t('devices.err.notFound');
  if (error.details.code === DEVICE_CODES.isCurrent) return t('devices.err.current');
  if (error.kind === 'http') return t('devices.err.failed');
  return error.message || t('devices.err.failed');
}
