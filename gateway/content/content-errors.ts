import { GatewayError } from '../http/gateway-error';

/** `40900`, HTTP 400: a query parameter of a content route is missing its form (locale, category, cursor, size). */
export const invalidContentQuery = (name: string, expectation: string) =>
  new GatewayError(400, '40900', `Invalid query ${name}: ${expectation}`);
/** `40901`, HTTP 400: the body of `POST /v1/content/announcements/read` is neither `{ids}` nor `{all:true}`. */
export const invalidReadBody = (expectation: string) =>
  new GatewayError(400, '40901', `Invalid read marks: ${expectation}`);
/** `40904`, HTTP 404: no announcement has this id. */
export const announcementNotFound = () => new GatewayError(404, '40904', 'Announcement not found');
/** `40905`, HTTP 404: the simulator lists no such coin. */
export const coinNotFound = () => new GatewayError(404, '40905', 'Coin not found');
