import Bowser from 'bowser';

/** A browser and the system it runs on, as the account page names a signed-in device. */
export interface DeviceName {
  /** "Chrome", "Safari"; empty when the header names none we know. */
  readonly browser: string;
  /** "Windows", "iOS", "Android"; empty when unknown. */
  readonly system: string;
}

/**
 * The device a session signed in from, read from its User-Agent header with bowser (a
 * well-kept parser of the header's many dialects); the header is whatever the browser sent, so
 * an empty or made-up one gives empty names, never an error.
 */
export function deviceName(userAgent: string): DeviceName {
  if (!userAgent.trim()) return { browser: '', system: '' };
  try {
    const parsed = Bowser.parse(userAgent);
    return { browser: parsed.browser.name ?? '', system: parsed.os.name ?? '' };
  } catch {
    return { browser: '', system: '' };
  }
}
