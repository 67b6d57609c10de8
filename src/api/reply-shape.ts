/**
 * A reply that does not have the shape the page reads (a field missing, of the wrong type or out of range): the page
 * shows it as an unreadable reply, never as figures. `field` names the first bad field, for the log and the tests.
 */
export class ReplyShapeError extends Error {
  constructor(readonly field: string) {
    super(`the reply has a malformed ${field}`);
    this.name = 'ReplyShapeError';
  }
}
