/**
 * Where a shop's click report lives (ADR 135): unprefixed, in the business area beside the shop's
 * settings, like every page of that area (spec §2.2).
 */
export const clickReportPath = (shopId: string, query?: { month?: string; days?: number }): string => {
  const search = new URLSearchParams();
  if (query?.month) search.set('month', query.month);
  if (query?.days) search.set('days', String(query.days));
  const text = search.toString();
  return `/account/business/shops/${encodeURIComponent(shopId)}/clicks${text ? `?${text}` : ''}`;
};

/** The CSV download of a month of the shop's clicks. */
export const clickReportCsvPath = (shopId: string, month: string): string =>
  `/account/business/shops/${encodeURIComponent(shopId)}/clicks.csv?month=${encodeURIComponent(month)}`;

/** The download's file name: the shop and the month, in characters every file system takes. */
export const clickReportFileName = (shopId: string, month: string): string =>
  `clicks-${shopId.replace(/[^\w-]/g, '_')}-${month}.csv`;

/** The shop's settings page, at one of its sections. */
export const shopSettingsPath = (shopId: string, section?: string): string =>
  `/account/business/shops/${encodeURIComponent(shopId)}${section ? `#${section}-heading` : ''}`;
