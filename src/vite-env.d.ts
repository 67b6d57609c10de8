/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_BETA?: string;
  readonly VITE_RISK_SDK_URL?: string;
  /** PEM of the signing root certificate, embedded at build time. */
  readonly VITE_SIGN_ROOT_CERT: string;
}
