/** A failure the seed explains itself (a service refused or is missing): printed without a stack. */
export class SeedFailure extends Error {
  override readonly name = 'SeedFailure';
}
