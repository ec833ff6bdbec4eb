/**
 * Where a signed-in user downloads a copy of their data (ADR 148): unprefixed, in the account
 * area like every account page (spec §2.2).
 */
export const DATA_EXPORT_PATH = '/account/data.json';

/** The download's file name: the site and the UTC day it was made, e.g. pricecompare-data-2026-03-01.json. */
export const dataExportFileName = (now: Date): string => `pricecompare-data-${now.toISOString().slice(0, 10)}.json`;
