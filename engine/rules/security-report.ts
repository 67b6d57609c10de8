/** Report events of the signing protocol (signing contract §7, spec §8). */
export type SecurityEvent =
  | 'loginEncryptFailed'
  | 'genKeypairFailed'
  | 'configNotMatched'
  | 'initFailed'
  | 'gatewaySignVerifyFailed';

/** One report to send: an event and a short reason that holds no key, signature, token or body (signing contract §7). */
export interface SecurityReport {
  event: SecurityEvent;
  reason: string;
}

/** The body of `POST /v1/buried/log/cspSecurity` (signing contract §7, spec §7.7). */
export interface SecurityReportBody {
  bizType: string;
  data: SecurityReport;
  timestamp: number;
  page: string;
}

/** The `bizType` of signing reports; the contract leaves the value open. */
export const SIGN_REPORT_BIZ_TYPE = 'gatewaySign';
/** Reasons are short labels; anything longer is cut so no payload can ride along. */
export const MAX_REASON_LENGTH = 200;

// Long runs of base64/hex characters look like keys, signatures or tokens; they never belong in a report.
const SECRET_LOOKING = /[A-Za-z0-9+/=_-]{48,}/g;

/** A report with its reason cleaned: long key-like runs redacted and the length bounded (signing contract §7). */
export function securityReport(event: SecurityEvent, reason: string): SecurityReport {
  const clean = reason.replace(SECRET_LOOKING, '[redacted]').replace(/[\r\n]+/g, ' ');
  return { event, reason: clean.slice(0, MAX_REASON_LENGTH) };
}

/** Builds the report request body; the caller POSTs it with `Content-Type: application/csp-report` (signing contract §7). */
export function securityReportBody(report: SecurityReport, timestamp: number, page: string): SecurityReportBody {
  return { bizType: SIGN_REPORT_BIZ_TYPE, data: securityReport(report.event, report.reason), timestamp, page };
}
