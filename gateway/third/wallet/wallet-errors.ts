import { thirdError } from '../third-core';

/** The wallet sign-in's business errors (40175–40179), HTTP 200 `{status:"error"}` like every sign-in error. */
export const WALLET_ERRORS = {
  /** The address, chain id or signature is not well formed. */
  malformed: () => thirdError('40175', 'The wallet address, network or signature is not valid'),
  /** No live message for the address: never requested, expired, or already used (a replay). */
  noMessage: () => thirdError('40176', 'This sign-in request has expired or was already used, please sign again'),
  /** The signature was not made by the address over the message it was given. */
  badSignature: () => thirdError('40177', 'The signature does not match this wallet'),
  /** The message was made for another site (domain or URI) than the one the request came to. */
  wrongSite: () => thirdError('40178', 'This sign-in message was made for another site'),
  /** The chain id is not one this product signs in with. */
  chainNotAllowed: () =>
    thirdError('40179', 'This network is not supported, please switch your wallet to a supported one'),
} as const;
