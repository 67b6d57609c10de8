import { describe, expect, it } from 'vitest';
import {
  type Admission,
  SocketAdmission,
  type SocketLimits,
  type SocketTicket,
  takeSubscriptionPlace,
} from '../../../../gateway/stream/socket-admission';

const LIMITS: SocketLimits = {
  maxSockets: 3,
  maxConnects: 6,
  connectWindowMs: 60_000,
  maxUnauthenticated: 2,
  maxSubscriptions: 5,
};
const A = '203.0.113.1';
const B = '203.0.113.2';

/** An admission over a clock the test moves. */
function setup(limits: Partial<SocketLimits> = {}) {
  const clock = { now: 1_000_000 };
  const admission = new SocketAdmission({ ...LIMITS, ...limits }, { trustProxy: false, now: () => clock.now });
  return { admission, clock };
}

function ticketOf(admission: Admission): SocketTicket {
  if (!admission.ok) throw new Error(`refused: ${admission.reason}`);
  return admission.ticket;
}

describe('SocketAdmission.admit: open sockets', () => {
  it('lets an address hold maxSockets over both streams, refuses the next, and admits again once one closes', () => {
    const { admission } = setup();
    const first = ticketOf(admission.admit(A, 'public'));
    ticketOf(admission.admit(A, 'private'));
    ticketOf(admission.admit(A, 'public'));
    expect(admission.admit(A, 'public')).toEqual({ ok: false, reason: 'sockets' });
    expect(admission.admit(A, 'private')).toEqual({ ok: false, reason: 'sockets' });
    first.release();
    expect(admission.admit(A, 'public').ok).toBe(true);
    expect(admission.stats().refused.sockets).toBe(2);
  });

  it('counts each address on its own', () => {
    const { admission } = setup();
    for (let i = 0; i < 3; i += 1) ticketOf(admission.admit(A, 'public'));
    expect(admission.admit(A, 'public').ok).toBe(false);
    for (let i = 0; i < 3; i += 1) expect(admission.admit(B, 'public').ok).toBe(true);
  });

  it('counts an IPv6 address by its /64, and the ticket names the address itself', () => {
    const { admission } = setup();
    const first = ticketOf(admission.admit('2001:db8:0:1::a', 'public'));
    ticketOf(admission.admit('2001:db8:0:1:ffff::b', 'public'));
    ticketOf(admission.admit('2001:db8:0:1:1234:5678:9abc:def0', 'private'));
    expect(admission.admit('2001:db8:0:1::c', 'public')).toEqual({ ok: false, reason: 'sockets' });
    expect(admission.admit('2001:db8:0:2::a', 'public').ok).toBe(true);
    // The private stream checks an API key's allow-list against the address, never its scope.
    expect(first.address).toBe('2001:db8:0:1::a');
    expect(admission.usageOf('2001:db8:0:1::9')).toMatchObject({ sockets: 3 });
  });

  it('gives a socket back once however often it is released', () => {
    const { admission } = setup();
    const ticket = ticketOf(admission.admit(A, 'public'));
    ticketOf(admission.admit(A, 'public'));
    ticket.release();
    ticket.release();
    expect(admission.usageOf(A)?.sockets).toBe(1);
  });
});

describe('SocketAdmission.admit: upgrades per window', () => {
  it('refuses upgrades beyond maxConnects in a window, refused ones counted, and admits again in the next window', () => {
    const { admission, clock } = setup();
    for (let i = 0; i < 3; i += 1) ticketOf(admission.admit(A, 'public')).release();
    for (let i = 0; i < 3; i += 1) ticketOf(admission.admit(A, 'public'));
    // Six upgrades so far, three open: the seventh breaks the rate before the socket cap.
    expect(admission.admit(A, 'public')).toEqual({ ok: false, reason: 'rate' });
    clock.now += 59_999;
    expect(admission.admit(A, 'public')).toEqual({ ok: false, reason: 'rate' });
    clock.now += 1;
    expect(admission.admit(A, 'public')).toEqual({ ok: false, reason: 'sockets' });
    expect(admission.usageOf(A)?.connects).toBe(1);
    expect(admission.admit(B, 'public').ok).toBe(true);
  });
});

describe('SocketAdmission.admit: private sockets not logged in', () => {
  it('refuses a private socket beyond maxUnauthenticated, never a public one, and frees the place at login', () => {
    const { admission } = setup();
    const first = ticketOf(admission.admit(A, 'private'));
    ticketOf(admission.admit(A, 'private'));
    expect(admission.admit(A, 'private')).toEqual({ ok: false, reason: 'unauthenticated' });
    const open = ticketOf(admission.admit(A, 'public'));
    open.release();
    first.markLoggedIn();
    first.markLoggedIn();
    expect(admission.usageOf(A)?.unauthenticated).toBe(1);
    ticketOf(admission.admit(A, 'private'));
    expect(admission.admit(A, 'private')).toEqual({ ok: false, reason: 'sockets' });
  });

  it('frees the place of a socket that closes before logging in, and not twice for one that logged in', () => {
    const { admission } = setup();
    const silent = ticketOf(admission.admit(A, 'private'));
    const bot = ticketOf(admission.admit(A, 'private'));
    bot.markLoggedIn();
    bot.release();
    expect(admission.usageOf(A)?.unauthenticated).toBe(1);
    silent.release();
    expect(admission.usageOf(A)?.unauthenticated).toBe(0);
  });
});

describe('SocketTicket subscriptions', () => {
  it('shares maxSubscriptions over the address’s sockets, and an unsubscribe frees one place', () => {
    const { admission } = setup();
    const one = ticketOf(admission.admit(A, 'public'));
    const two = ticketOf(admission.admit(A, 'private'));
    for (let i = 0; i < 3; i += 1) expect(one.takeSubscription()).toBe(true);
    expect(two.takeSubscription()).toBe(true);
    expect(two.takeSubscription()).toBe(true);
    expect(two.takeSubscription()).toBe(false);
    one.returnSubscription();
    expect(two.takeSubscription()).toBe(true);
    expect(admission.usageOf(A)?.subscriptions).toBe(5);
    expect(admission.stats().refusedSubscriptions).toBe(1);
    const other = ticketOf(admission.admit(B, 'public'));
    expect(other.takeSubscription()).toBe(true);
  });

  it('gives back every subscription of a socket when it closes, and none of another’s', () => {
    const { admission } = setup();
    const one = ticketOf(admission.admit(A, 'public'));
    const two = ticketOf(admission.admit(A, 'public'));
    for (let i = 0; i < 3; i += 1) one.takeSubscription();
    two.takeSubscription();
    // Returning more than it took, or after closing, gives back nothing of the other socket's.
    two.returnSubscription();
    two.returnSubscription();
    one.release();
    one.returnSubscription();
    expect(one.takeSubscription()).toBe(false);
    expect(admission.usageOf(A)?.subscriptions).toBe(0);
    for (let i = 0; i < 5; i += 1) expect(two.takeSubscription()).toBe(true);
  });
});

describe('takeSubscriptionPlace', () => {
  it('checks the connection’s cap first, then takes a place of the address’s', () => {
    const { admission } = setup();
    const ticket = ticketOf(admission.admit(A, 'public'));
    expect(takeSubscriptionPlace(2, 2, ticket)).toEqual({
      ok: false,
      msg: 'Too many subscriptions: at most 2 per connection',
    });
    expect(admission.usageOf(A)?.subscriptions).toBe(0);
    for (let i = 0; i < 5; i += 1) expect(takeSubscriptionPlace(i, 200, ticket)).toEqual({ ok: true });
    expect(takeSubscriptionPlace(5, 200, ticket)).toEqual({
      ok: false,
      msg: 'Too many subscriptions: at most 5 per address',
    });
  });
});

describe('SocketAdmission memory', () => {
  it('forgets an address that holds nothing once its window is over, and keeps one with a socket open', () => {
    const { admission, clock } = setup();
    const early = ticketOf(admission.admit(A, 'public'));
    const kept = ticketOf(admission.admit(B, 'public'));
    early.release();
    // Within its window the address is remembered, so closing and reopening cannot reset the rate.
    expect(admission.usageOf(A)?.connects).toBe(1);
    clock.now += 60_000;
    admission.admit('203.0.113.3', 'public');
    expect(admission.usageOf(A)).toBeUndefined();
    expect(admission.usageOf(B)?.sockets).toBe(1);
    clock.now += 60_000;
    kept.release();
    expect(admission.usageOf(B)).toBeUndefined();
  });

  it('holds only the addresses of the current window once they close, however many came before', () => {
    const { admission, clock } = setup();
    for (let window = 0; window < 5; window += 1) {
      for (let i = 0; i < 1000; i += 1)
        ticketOf(admission.admit(`2001:db8:${window}:${i.toString(16)}::1`, 'public')).release();
      expect(admission.stats().addresses).toBe(1000);
      clock.now += 60_000;
    }
  });
});
