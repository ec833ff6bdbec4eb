import { join } from 'node:path';

/**
 * The require hook (`node -r <this>`) that lets a plain Node process run the TypeScript sources
 * as jest does: crash tests' children, query threads started from source. Compiled or not, this
 * file lies four folders below the repository root.
 */
export const TS_REGISTER = join(__dirname, '..', '..', '..', '..', 'scripts', 'jest', 'ts-register.cjs');
