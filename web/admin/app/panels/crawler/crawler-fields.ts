/** The selector fields of a host's extraction rules, in the order the form shows them. */
export const RULE_FIELDS = [
  'name',
  'price',
  'currency',
  'availability',
  'gtin',
  'mpn',
  'sku',
  'brand',
  'image',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
export type RuleSet = Readonly<Record<RuleField, string>>;

/** URL statuses as the URL schedule names and filters them (the crawler's UrlStatus). */
export const URL_STATUSES = ['active', 'retired'] as const;
