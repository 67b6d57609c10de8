import { api } from '../../../security/secured-api';
import type { LoginReply } from '../../login-step';

/** A code to show: its key (polled), the text the code carries (an app deep link) and when it lapses (gateway ms). */
export interface QrCodeReply {
  qrcodeKey: string;
  qrContent: string;
  expiresAt: number;
}

/** A code's state while nobody has confirmed it yet. */
export type QrWaitReply =
  | { status: 'waiting' | 'expired' | 'cancelled' }
  /** `account`: the masked name of the account that scanned it. */
  | { status: 'scanned'; account: string };

/** What a poll answers: the state, or once the phone confirmed, the login reply of this browser's sign-in. */
export type QrStatusReply = QrWaitReply | LoginReply;

/** The business codes of the QR sign-in (gateway/third/qr/qr-errors.ts). */
export const QR_CODES = {
  unknownKey: '40185',
  otherBrowser: '40186',
  accountUnavailable: '40189',
} as const;

const BASE = '/user/public/third/';

/** True while the code waits (the reply carries a state, not a sign-in). */
export function isWaitReply(reply: QrStatusReply): reply is QrWaitReply {
  return typeof (reply as QrWaitReply).status === 'string';
}

/** Makes a code bound to this browser (its httpOnly cookie); failures are not toasted, the panel shows them. */
export function createQrCode(): Promise<QrCodeReply> {
  return api.post<QrCodeReply>(`${BASE}qrcode/create`, { silent: true });
}

/** Asks a code's state (spec §7.4 `getQrKeyStatus`, with the risk token); not toasted, the panel shows failures. */
export function readQrStatus(qrcodeKey: string): Promise<QrStatusReply> {
  return api.post<QrStatusReply>(`${BASE}getQrKeyStatus`, { params: { qrcodeKey }, silent: true });
}
