import type { IncomingMessage } from 'node:http';
import { addressScopeOf } from '../http/address-scope';
import { upgradeAddressOf } from '../http/request-origin';

/**
 * What one client address may hold on the two streams together. The exchange publishes 300 connection requests per
 * IP per 5 minutes, at most 100 connections per IP and 1000 channels per connection; a tab of the app opens one
 * socket with a few channels, so a household or an office stays far below these.
 */
export interface SocketLimits {
  /** Sockets one address may hold open, public and private together (default 100, the exchange's per-IP maximum). */
  maxSockets: number;
  /** Upgrades one address may ask for per window, refused ones included (default 300, as the exchange). */
  maxConnects: number;
  /** The window of `maxConnects` (default 300 000 ms, the exchange's 5 minutes). */
  connectWindowMs: number;
  /** Private sockets of one address not logged in yet (default 10: a bot logs in at once, on one or two sockets). */
  maxUnauthenticated: number;
  /** Subscriptions of one address over all its sockets (default 1000, the exchange's most on one connection). */
  maxSubscriptions: number;
}

/** The limits the gateway runs with unless told otherwise (see each field). */
export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  maxSockets: 100,
  maxConnects: 300,
  connectWindowMs: 300_000,
  maxUnauthenticated: 10,
  maxSubscriptions: 1000,
};

/** Which stream a socket is on: private sockets count as unauthenticated until they log in. */
export type SocketKind = 'public' | 'private';

/** Why an upgrade was turned away: too many upgrades in the window, sockets open, or private sockets not logged in. */
export type RefusalReason = 'rate' | 'sockets' | 'unauthenticated';

/**
 * One admitted socket's share of its address's counts: the socket itself, its subscriptions and, for a private
 * socket, its place among the unauthenticated ones until it logs in. `release` gives all of it back, once.
 */
export interface SocketTicket {
  /** The client's address itself (an API key's allow-list reads it); the counts are its scope's. */
  readonly address: string;
  /** The most subscriptions the address may hold over all its sockets. */
  readonly maxSubscriptions: number;
  /** Takes one of the address's subscriptions; false (and nothing taken) when its sockets hold the most they may. */
  takeSubscription(): boolean;
  /** Gives back one subscription this socket took (an unsubscribe). */
  returnSubscription(): void;
  /** The private socket logged in: it no longer counts as unauthenticated. */
  markLoggedIn(): void;
  /** The connection closed: gives back everything the socket took; safe to call twice. */
  release(): void;
}

/** The outcome of {@link SocketAdmission.admit}: the socket's ticket, or why it may not open. */
export type Admission = { ok: true; ticket: SocketTicket } | { ok: false; reason: RefusalReason };

/**
 * Takes a place for a new subscription of a socket that holds `held` of at most `perConnection`, and one of its
 * address's share; when either is full, nothing is taken and the answer is the message to send with 30006.
 */
export function takeSubscriptionPlace(
  held: number,
  perConnection: number,
  quota: Pick<SocketTicket, 'maxSubscriptions' | 'takeSubscription'>,
): { ok: true } | { ok: false; msg: string } {
  if (held >= perConnection)
    return { ok: false, msg: `Too many subscriptions: at most ${perConnection} per connection` };
  if (!quota.takeSubscription())
    return { ok: false, msg: `Too many subscriptions: at most ${quota.maxSubscriptions} per address` };
  return { ok: true };
}

/** What one address holds and how many upgrades it asked for in its current window. */
interface AddressUsage {
  sockets: number;
  unauthenticated: number;
  subscriptions: number;
  windowStart: number;
  connects: number;
}

/** Figures about the admission, for logs and tests. */
export interface AdmissionStats {
  /** Addresses tracked: those with a socket open or an upgrade in the current window. */
  addresses: number;
  /** Upgrades turned away, by reason. */
  refused: Record<RefusalReason, number>;
  /** Subscriptions refused because the address held the most it may. */
  refusedSubscriptions: number;
}

/**
 * Counts, per client address, the sockets open on both streams, the upgrades asked for per window, the private
 * sockets not logged in yet and the subscriptions over all its sockets, and turns away what goes beyond
 * {@link SocketLimits} (the streams' endpoint, `stream-socket.ts`, answers the refusal on the wire). Every count a
 * socket takes is given back when its connection closes; an address with nothing open is forgotten once its window is
 * over, so memory follows the addresses actually seen. The clock is injected.
 */
export class SocketAdmission {
  private readonly usage = new Map<string, AddressUsage>();
  private readonly refused: Record<RefusalReason, number> = { rate: 0, sockets: 0, unauthenticated: 0 };
  private refusedSubscriptions = 0;
  private lastSweep: number;

  constructor(
    readonly limits: SocketLimits,
    private readonly options: { trustProxy: boolean; now?: () => number },
  ) {
    this.lastSweep = this.now();
  }

  /** The caller's address of an upgrade (the trusted proxy's X-Forwarded-For, README "Behind a proxy"). */
  addressOf(request: IncomingMessage): string {
    return upgradeAddressOf(request, this.options.trustProxy);
  }

  /**
   * Counts an upgrade from `address` against its scope (an IPv6 address's /64, `addressScopeOf`) and lets the socket
   * in with a ticket naming the address itself, or says which limit it would break.
   */
  admit(address: string, kind: SocketKind): Admission {
    const now = this.now();
    this.sweep(now);
    const scope = addressScopeOf(address);
    let usage = this.usage.get(scope);
    if (!usage) {
      usage = { sockets: 0, unauthenticated: 0, subscriptions: 0, windowStart: now, connects: 0 };
      this.usage.set(scope, usage);
    }
    if (now - usage.windowStart >= this.limits.connectWindowMs) {
      usage.windowStart = now;
      usage.connects = 0;
    }
    usage.connects += 1;
    let reason: RefusalReason | undefined;
    if (usage.connects > this.limits.maxConnects) reason = 'rate';
    else if (usage.sockets >= this.limits.maxSockets) reason = 'sockets';
    else if (kind === 'private' && usage.unauthenticated >= this.limits.maxUnauthenticated) reason = 'unauthenticated';
    if (reason) {
      this.refused[reason] += 1;
      return { ok: false, reason };
    }
    usage.sockets += 1;
    if (kind === 'private') usage.unauthenticated += 1;
    return { ok: true, ticket: this.ticketFor(address, scope, usage, kind === 'private') };
  }

  /** What one address (its scope) holds now, or undefined when it is not tracked. */
  usageOf(address: string): Readonly<Omit<AddressUsage, 'windowStart'>> | undefined {
    const usage = this.usage.get(addressScopeOf(address));
    if (!usage) return undefined;
    const { sockets, unauthenticated, subscriptions, connects } = usage;
    return { sockets, unauthenticated, subscriptions, connects };
  }

  /** Addresses tracked and what was turned away so far. */
  stats(): AdmissionStats {
    return {
      addresses: this.usage.size,
      refused: { ...this.refused },
      refusedSubscriptions: this.refusedSubscriptions,
    };
  }

  /** A socket's share of its address's counts; it keeps what it took so that `release` gives back exactly that. */
  private ticketFor(address: string, scope: string, usage: AddressUsage, isPrivate: boolean): SocketTicket {
    const { limits } = this;
    let subscriptions = 0;
    let isUnauthenticated = isPrivate;
    let released = false;
    return {
      address,
      maxSubscriptions: limits.maxSubscriptions,
      takeSubscription: () => {
        if (released) return false;
        if (usage.subscriptions >= limits.maxSubscriptions) {
          this.refusedSubscriptions += 1;
          return false;
        }
        usage.subscriptions += 1;
        subscriptions += 1;
        return true;
      },
      returnSubscription: () => {
        if (released || subscriptions === 0) return;
        subscriptions -= 1;
        usage.subscriptions -= 1;
      },
      markLoggedIn: () => {
        if (released || !isUnauthenticated) return;
        isUnauthenticated = false;
        usage.unauthenticated -= 1;
      },
      release: () => {
        if (released) return;
        released = true;
        usage.sockets -= 1;
        usage.subscriptions -= subscriptions;
        subscriptions = 0;
        if (isUnauthenticated) usage.unauthenticated -= 1;
        if (this.isIdle(usage, this.now()) && this.usage.get(scope) === usage) this.usage.delete(scope);
      },
    };
  }

  /** An address that holds nothing and whose window is over: nothing about it needs remembering. */
  private isIdle(usage: AddressUsage, now: number): boolean {
    return usage.sockets === 0 && now - usage.windowStart >= this.limits.connectWindowMs;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Once per window, drops every address that holds nothing and whose window is over. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.limits.connectWindowMs) return;
    this.lastSweep = now;
    for (const [address, usage] of this.usage) if (this.isIdle(usage, now)) this.usage.delete(address);
  }
}
