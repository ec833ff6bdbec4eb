/** Minor-unit digits of a currency, from ICU (CHF, EUR, GBP: 2). */
export function currencyDecimals(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units as a plain decimal ("1234.50"): what structured data and feeds carry. */
export function decimalAmount(amountMinor: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  return (amountMinor / 10 ** decimals).toFixed(decimals);
}
