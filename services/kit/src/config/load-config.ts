import { z } from 'zod';

/** Thrown when the environment does not satisfy a service's config schema. */
export class ConfigError extends Error {
  constructor(readonly issues: readonly { variable: string; reason: string }[]) {
    super(`invalid configuration:\n${issues.map((i) => `  ${i.variable}: ${i.reason}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the environment once through a zod schema. Fails fast, naming every bad variable,
 * before the service opens a port (docs/conventions.md §4).
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => ({
      variable: issue.path.map(String).join('.') || '(environment)',
      reason: issue.message,
    })),
  );
}
