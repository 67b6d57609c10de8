/** An EIP-1193 provider: the one method the wallet sign-in calls. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

/** What a wallet announces about itself (EIP-6963 `EIP6963ProviderInfo`). */
export interface WalletInfo {
  /** A UUIDv4 per page session. */
  uuid: string;
  name: string;
  /** A data URI (RFC 2397); show it only through `<img>` and only when {@link isSafeIcon}. */
  icon: string;
  /** Reverse-DNS id, e.g. `io.metamask`. */
  rdns: string;
}

/** A wallet found in this browser. */
export interface DiscoveredWallet {
  info: WalletInfo;
  provider: Eip1193Provider;
  /** Found as `window.ethereum` (no EIP-6963 announcement): its name is not known. */
  isLegacy: boolean;
}

/** Event a page dispatches to ask wallets to announce themselves (EIP-6963). */
export const REQUEST_EVENT = 'eip6963:requestProvider';
/** Event a wallet dispatches with `{ info, provider }` (EIP-6963). */
export const ANNOUNCE_EVENT = 'eip6963:announceProvider';
/** How long discovery listens for announcements after asking: wallets answer synchronously, late extensions soon after. */
export const DISCOVERY_WAIT_MS = 200;

const isProvider = (value: unknown): value is Eip1193Provider =>
  typeof value === 'object' && value !== null && typeof (value as Eip1193Provider).request === 'function';

/** The announced detail when it has the EIP's shape, else null (any page script can dispatch the event). */
function readAnnouncement(detail: unknown): DiscoveredWallet | null {
  if (typeof detail !== 'object' || detail === null) return null;
  const { info, provider } = detail as { info?: Partial<WalletInfo>; provider?: unknown };
  if (!info || !isProvider(provider)) return null;
  const { uuid, name, icon, rdns } = info;
  if (typeof uuid !== 'string' || typeof name !== 'string' || name.trim() === '') return null;
  return {
    info: {
      uuid,
      name: name.trim().slice(0, 64),
      icon: typeof icon === 'string' ? icon : '',
      rdns: typeof rdns === 'string' ? rdns : '',
    },
    provider,
    isLegacy: false,
  };
}

/** Whether a wallet's icon may be shown: an image data URI only (never a remote URL or a `javascript:` one). */
export function isSafeIcon(icon: string): boolean {
  return /^data:image\/(?:png|jpeg|gif|webp|svg\+xml)[;,]/i.test(icon);
}

/**
 * Finds the wallets of this browser (EIP-6963): listens for announcements, asks for them, and after `waitMs` returns
 * each announced wallet once (by uuid); when none announced, the legacy `window.ethereum` if there is one.
 */
export function discoverWallets(target: Window = window, waitMs = DISCOVERY_WAIT_MS): Promise<DiscoveredWallet[]> {
  const found = new Map<string, DiscoveredWallet>();
  const onAnnounce = (event: Event) => {
    const wallet = readAnnouncement((event as CustomEvent).detail);
    if (wallet && !found.has(wallet.info.uuid)) found.set(wallet.info.uuid, wallet);
  };
  target.addEventListener(ANNOUNCE_EVENT, onAnnounce);
  target.dispatchEvent(new Event(REQUEST_EVENT));
  return new Promise((resolve) => {
    setTimeout(() => {
      target.removeEventListener(ANNOUNCE_EVENT, onAnnounce);
      const wallets = [...found.values()];
      const legacy = (target as Window & { ethereum?: unknown }).ethereum;
      if (wallets.length === 0 && isProvider(legacy)) {
        wallets.push({ info: { uuid: 'legacy', name: '', icon: '', rdns: '' }, provider: legacy, isLegacy: true });
      }
      resolve(wallets);
    }, waitMs);
  });
}
