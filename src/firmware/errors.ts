/** Errors the reference firmware raises towards its host program (never over the wire: the wire gets 0xEE replies). */

/** The model name given to a virtual keyboard is not one of models.ts. */
export class UnknownModelError extends Error {
  readonly model: string;
  constructor(model: string) {
    super(`Unknown device model "${model}"`);
    this.name = 'UnknownModelError';
    this.model = model;
  }
}

export type FlashImageProblem = 'magic' | 'format' | 'length' | 'crc' | 'schema' | 'model' | 'values';

/** A flash image that is not a Keytune virtual keyboard image, is damaged, or holds values the device would refuse. */
export class FlashImageError extends Error {
  readonly problem: FlashImageProblem;
  constructor(problem: FlashImageProblem, message: string) {
    super(`Flash image rejected (${problem}): ${message}`);
    this.name = 'FlashImageError';
    this.problem = problem;
  }
}
