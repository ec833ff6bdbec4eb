import { ConfigError } from '@pc/kit/config/load-config';

/** A cluster adapter selected in a build that does not have it yet. */
export function unavailableAdapter(variable: string, value: string): ConfigError {
  return new ConfigError([{ variable, reason: `the ${value} adapter is not part of this build yet; use embedded` }]);
}
