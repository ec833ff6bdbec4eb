/** RFC 9309 §2.5: a crawler must read at least 500 KiB of a robots.txt and may stop there. */
export const ROBOTS_MAX_BYTES = 500 * 1024;

/** RFC 9309 §2.4: a robots.txt is cached for at most 24 hours. */
export const ROBOTS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** RFC 9309 §2.3.1.2: at least five redirects are followed. */
export const ROBOTS_MAX_REDIRECTS = 5;
