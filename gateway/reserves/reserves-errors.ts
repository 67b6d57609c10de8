import { GatewayError } from '../http/gateway-error';

/** `40920`, HTTP 404: the caller had no balance when the latest tree was built (a new account), so it has no leaf. */
export const notInTree = () =>
  new GatewayError(
    404,
    '40920',
    'Your account is not in the latest reserves tree: it had no balance when the tree was built. Try again after the next build.',
  );
/** `40921`, HTTP 503: no tree has been built since the gateway started; the first build is under way. */
export const treeNotReady = () =>
  new GatewayError(503, '40921', 'The reserves tree is being built, please try again in a minute');
/** `40922`, HTTP 429: too many proof downloads from this session. */
export const proofRateLimited = () => new GatewayError(429, '40922', 'Too many proof requests, please try again later');
/**
 * `40923`, HTTP 403: the caller is a demo account (simulation mode). Its balances are simulated, owed to nobody, and
 * not in the tree; the main account's proof is had after leaving simulation.
 */
export const demoNotInTree = () =>
  new GatewayError(
    403,
    '40923',
    'Simulation balances are not liabilities and are not in the reserves tree. Leave simulation to download your proof.',
  );
