import { GatewayError } from '../http/gateway-error';

/** `40940`, HTTP 400: a query parameter of a protection-fund route is unknown, repeated or out of its range. */
export const invalidFundQuery = (name: string, expectation: string) =>
  new GatewayError(400, '40940', `Invalid query ${name}: ${expectation}`);
