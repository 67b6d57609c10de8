import type { WebSocket } from 'ws';
import type { Logger } from '../log/logger';
import type { PrivateChannelReaders } from './private-channels';
import { checkPrivateLogin, isSessionValid, type PrivateLoginDeps, type PrivateSession } from './private-login';
import {
  type LoginArgs,
  PRIVATE_ERRORS,
  parsePrivateMessage,
  privateArgKey,
  privateErrorText,
  readPrivateArg,
} from './private-protocol';
import { openSubscription, type PrivateSubscription, subscriptionPush } from './private-pushes';
import { type SocketTicket, takeSubscriptionPlace } from './socket-admission';
import { REFUSED_CLOSE_CODE, type SocketSetup, StreamSocket } from './stream-socket';

/** What a private connection shares with the others of its stream. */
export interface PrivateHub {
  /** The API keys, one-time proofs and clock a login is checked with. */
  login: PrivateLoginDeps;
  logger: Logger;
  /** Failed logins one connection may make before it is closed. */
  maxLoginAttempts: number;
  /** Most subscriptions one connection may hold. */
  maxSubscriptions: number;
  readers: PrivateChannelReaders;
  /** The connection logged in as the user: it follows the user's changes. */
  join(connection: PrivateConnection, userId: string): void;
  /** The logged-in connection ended. */
  leave(connection: PrivateConnection, userId: string): void;
}

/**
 * One connection of the private stream: login (failed ones counted, close 4003 at the most), the key rechecked on
 * every ping and change, subscriptions of the key owner's channels and their pushes. Heartbeat, limits and the login
 * deadline are `StreamSocket`'s.
 */
export class PrivateConnection extends StreamSocket {
  private readonly subscriptions = new Map<string, PrivateSubscription>();
  private session: PrivateSession | undefined;
  private loginPending = false;
  private failedLogins = 0;

  constructor(
    ws: WebSocket,
    ticket: SocketTicket,
    setup: SocketSetup,
    private readonly hub: PrivateHub,
  ) {
    super(ws, ticket, setup);
  }

  /** True once a login succeeded. */
  get isLoggedIn(): boolean {
    return this.session !== undefined;
  }

  /**
   * Re-reads every subscription after a change of the user's trading and pushes what differs from the last push; one
   * that fails is logged and the others still push.
   */
  refresh(): void {
    if (this.isDisposed || !this.session) return;
    if (!this.checkSession()) return;
    for (const subscription of this.subscriptions.values()) this.pushGuarded(subscription, 'update');
  }

  protected override answersPing(): boolean {
    // A key disabled or deleted since the login ends the connection at the next ping at the latest.
    return !this.session || this.checkSession();
  }

  protected override receiveText(text: string): void {
    const request = parsePrivateMessage(text);
    if (request.kind === 'error') {
      this.send(privateErrorText(request.code, request.msg, { op: request.op }));
    } else if (request.kind === 'login') {
      void this.login(request.args);
    } else if (!this.session) {
      this.send(privateErrorText(PRIVATE_ERRORS.loginRequired, 'User needs to log in', { op: request.op }));
    } else {
      for (const value of request.args) this.handleArg(request.op, value);
    }
  }

  protected override forget(): void {
    if (this.session) this.hub.leave(this, this.session.userId);
  }

  private async login(args: LoginArgs): Promise<void> {
    if (this.session || this.loginPending) {
      this.send(privateErrorText(PRIVATE_ERRORS.loginFailed, 'Login failed: already logged in', { op: 'login' }));
      return;
    }
    this.loginPending = true;
    const { hub } = this;
    let outcome: Awaited<ReturnType<typeof checkPrivateLogin>>;
    try {
      outcome = await checkPrivateLogin(hub.login, args, this.ticket.address);
    } finally {
      this.loginPending = false;
    }
    if (this.isDisposed) return;
    if ('reason' in outcome) {
      hub.logger.debug('private stream login refused', { apiKey: args.apiKey, reason: outcome.reason });
      this.send(privateErrorText(outcome.code, outcome.msg, { op: 'login' }));
      this.failedLogins += 1;
      if (this.failedLogins >= hub.maxLoginAttempts) this.closeWith(REFUSED_CLOSE_CODE, 'too many failed logins');
      return;
    }
    this.markLoggedIn();
    hub.readers.ensureAccount(outcome.userId);
    this.session = outcome;
    hub.join(this, outcome.userId);
    hub.logger.debug('private stream login', { apiKey: outcome.apiKey });
    this.send('{"event":"login","code":0}');
  }

  /** False (and the connection closed) once the session's key is disabled, deleted or no longer allowed to read. */
  private checkSession(): boolean {
    if (!this.session) return false;
    if (isSessionValid(this.hub.login.store, this.session)) return true;
    this.send(privateErrorText(PRIVATE_ERRORS.accessKeyInvalid, 'Invalid ACCESS_KEY'));
    this.closeWith(REFUSED_CLOSE_CODE, 'api key no longer valid');
    return false;
  }

  private handleArg(op: 'subscribe' | 'unsubscribe', value: unknown): void {
    const arg = readPrivateArg(value);
    if (!arg) {
      this.send(privateErrorText(PRIVATE_ERRORS.paramError, 'Param error: malformed arg', { op }));
      return;
    }
    const key = privateArgKey(arg);
    const argJson = JSON.stringify(arg);
    const ack = `{"event":"${op}","arg":${argJson}}`;
    if (op === 'unsubscribe') {
      if (this.subscriptions.delete(key)) this.ticket.returnSubscription();
      this.send(ack);
      return;
    }
    const { readers } = this.hub;
    const feed = readers.feedOf(arg);
    if ('code' in feed) {
      this.send(privateErrorText(feed.code, feed.msg, { arg, op }));
      return;
    }
    let subscription: PrivateSubscription;
    try {
      subscription = openSubscription(readers, this.session!.userId, argJson, feed);
    } catch (error) {
      // This arg alone is refused; the other args of the message and the socket's subscriptions carry on.
      this.logFailure('private stream subscribe failed', argJson, error);
      this.send(privateErrorText(PRIVATE_ERRORS.systemBusy, 'System busy', { arg, op }));
      return;
    }
    if (!this.subscriptions.has(key)) {
      const place = takeSubscriptionPlace(this.subscriptions.size, this.hub.maxSubscriptions, this.ticket);
      if (!place.ok) {
        this.send(privateErrorText(PRIVATE_ERRORS.tooManySubscriptions, place.msg, { arg, op }));
        return;
      }
    }
    this.subscriptions.set(key, subscription);
    this.send(ack);
    this.pushGuarded(subscription, 'snapshot');
  }

  /** {@link push}, a failure logged: the subscription stays and its next change is read afresh. */
  private pushGuarded(subscription: PrivateSubscription, action: 'snapshot' | 'update'): void {
    try {
      this.push(subscription, action);
    } catch (error) {
      this.logFailure('private stream push failed', subscription.argJson, error);
    }
  }

  private logFailure(message: string, arg: string, error: unknown): void {
    this.hub.logger.error(message, { arg, error: error instanceof Error ? error.message : String(error) });
  }

  /** Pushes a subscription's snapshot, or its changes since the last push (nothing when nothing changed). */
  private push(subscription: PrivateSubscription, action: 'snapshot' | 'update'): void {
    const text = subscriptionPush(this.hub.readers, this.session!.userId, subscription, action);
    if (text !== undefined) this.send(text);
  }
}
