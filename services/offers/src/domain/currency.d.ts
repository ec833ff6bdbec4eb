/**
 * ISO 4217 facts the service needs: how many minor units a currency has (amounts are integers
 * in minor units, docs/architecture.md §6) and which currency a country's prices are compared in.
 */
/** Decimal places of the currency's minor unit. */
export declare function currencyExponent(currency: string): number;
/** The currency a country's prices are compared and summarised in; null for a country not in the table. */
export declare function countryCurrency(country: string): string | null;
export declare const isCountryCode: (value: string) => boolean;
export declare const isCurrencyCode: (value: string) => boolean;
//# sourceMappingURL=currency.d.ts.map