import { InvalidArgumentError, type FieldViolation } from '@pc/kit/errors/domain-errors';

/** Collects every bad field of a request, so the caller learns about all of them in one answer. */
export class Violations {
  private readonly list: FieldViolation[] = [];

  add(field: string, reason: string, rule?: string, params?: Record<string, string>): void {
    this.list.push({ field, reason, rule, params });
  }

  /** Runs a check that throws InvalidArgumentError (e.g. resolvePage) and keeps its violations. */
  collect<T>(check: () => T): T | undefined {
    try {
      return check();
    } catch (error) {
      if (!(error instanceof InvalidArgumentError)) throw error;
      this.list.push(...error.violations);
      return undefined;
    }
  }

  /** Nothing is changed or searched on bad input: INVALID_ARGUMENT with every violation. */
  throwIfAny(): void {
    if (this.list.length > 0) throw new InvalidArgumentError(this.list);
  }
}
