/** Stable codes of {@link MathsInputError}, for callers that translate or log them. */
export type MathsErrorCode =
  | 'maths.missing'
  | 'maths.not-a-number'
  | 'maths.negative'
  | 'maths.out-of-range'
  | 'maths.bad-enum'
  | 'maths.bad-shape';

/** Thrown when an input of the maths engine cannot be trusted (contracts/maths.md); no number is returned instead. */
export class MathsInputError extends Error {
  override readonly name = 'MathsInputError';

  constructor(
    /** The input's name, with its path for nested data (`position.openDealCount`, `tiers[2].mmr`). */
    readonly field: string,
    readonly code: MathsErrorCode,
    message: string,
  ) {
    super(message);
  }
}
