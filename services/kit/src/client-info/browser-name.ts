import Bowser from 'bowser';

/** A browser and the system it runs on, by name ("Chrome", "Windows"); empty where unknown. */
export interface BrowserName {
  readonly browser: string;
  readonly system: string;
}

/**
 * Names the browser a User-Agent header describes, with bowser (a well-kept parser of the
 * header's many dialects). The header is whatever the client sent: an empty or made-up one gives
 * empty names, never an error.
 */
export function browserName(userAgent: string): BrowserName {
  if (!userAgent.trim()) return { browser: '', system: '' };
  try {
    const { browser, os } = Bowser.parse(userAgent);
    return { browser: browser.name ?? '', system: os.name ?? '' };
  } catch {
    return { browser: '', system: '' };
  }
}
