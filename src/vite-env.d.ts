/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE?: string;
  readonly VITE_BETA?: string;
  readonly VITE_RISK_SDK_URL?: string;
  /** The product's own domain family for displayed links (comma-separated; spec §5 nofollow rule). */
  readonly VITE_PRODUCT_DOMAINS?: string;
  /** The app's App Store and Google Play pages, for /download (https; the stores' front pages when unset). */
  readonly VITE_APP_STORE_URL?: string;
  readonly VITE_PLAY_STORE_URL?: string;
  /** PEM of the signing root certificate, embedded at build time. */
  readonly VITE_SIGN_ROOT_CERT: string;
}
