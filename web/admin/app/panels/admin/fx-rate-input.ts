/**
 * What the admin panel's FX rates page shows of a rate's age, and the upload form's intent. The
 * rates themselves are checked and computed by @pc/fx-rates (services/lib/fx-rates), which
 * offers' ECB job uses too; this module stays free of it, since the page's view imports it.
 */

/** The ECB upload form's intent (its file is read into the `ecb` write's fields, then confirmed like any write). */
export const ECB_UPLOAD_INTENT = 'uploadEcb';

/** A rate older than this many days is flagged as stale (the ECB publishes every working day). */
export const STALE_AFTER_DAYS = 7;

const DAY_MS = 86_400_000;

/** Today in UTC, "YYYY-MM-DD". */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** Whole days from a rate's as_of to now (0 on its own day). */
export const ageInDays = (asOf: string, now: Date = new Date()): number =>
  Math.max(0, Math.floor((now.getTime() - Date.parse(asOf)) / DAY_MS));

/** Whether a rate is too old to trust for today's prices. */
export const isStale = (asOf: string, now: Date = new Date()): boolean => ageInDays(asOf, now) > STALE_AFTER_DAYS;
