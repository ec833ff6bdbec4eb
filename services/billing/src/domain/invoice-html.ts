import type { BillingDetailsRecord } from './account-record.js';
import type { InvoiceRecord } from './invoice-record.js';
import { INVOICE_TEXTS } from './invoice-texts.js';

const LOCALES: Readonly<Record<string, string>> = {
  en: 'en-CH',
  de: 'de-CH',
  fr: 'fr-CH',
  it: 'it-CH',
  pt: 'pt-PT',
  es: 'es-ES',
};

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The invoice as one self-contained HTML document (inline styles, no external resources), to
 * download and print. Amounts in minor units, shown with two decimals and the currency; dates in
 * the language's Swiss form.
 */
export function renderInvoiceHtml(
  invoice: InvoiceRecord,
  billedTo: BillingDetailsRecord | null,
  issuer: string,
  language: string,
): string {
  const t = INVOICE_TEXTS[language] ?? INVOICE_TEXTS.en!;
  const locale = LOCALES[language] ?? 'en-CH';
  const money = (minor: number): string =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: invoice.currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(minor / 100);
  const day = (iso: string | null): string =>
    iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso)) : '';
  const status = invoice.status === 'paid' ? t.paid : invoice.status === 'void' ? t.void : t.unpaid;
  const address = billedTo
    ? [
        billedTo.company,
        billedTo.name,
        billedTo.line1,
        billedTo.line2,
        `${billedTo.zipCode} ${billedTo.city}`,
        billedTo.country,
        billedTo.vatId,
      ]
        .filter(Boolean)
        .map(escape)
        .join('<br>')
    : '';
  const lines = invoice.lines
    .map(
      (line) =>
        `<tr><td>${escape(line.description)}</td><td class="n">${line.quantity}</td><td class="n">${money(line.amount)}</td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${escape(language)}"><head><meta charset="utf-8"><title>${escape(t.invoice)} ${escape(invoice.number)}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;color:#222}table{width:100%;border-collapse:collapse}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}.n{text-align:right}.status{font-weight:bold}</style>
</head><body>
<h1>${escape(t.invoice)} ${escape(invoice.number)}</h1>
<p>${escape(issuer)}</p>
<p><strong>${escape(t.billedTo)}</strong><br>${address}</p>
<p>${escape(t.number)}: ${escape(invoice.number)}<br>${escape(t.date)}: ${day(invoice.issuedAt)}<br>${escape(t.period)}: ${day(invoice.periodStart)} – ${day(invoice.periodEnd)}<br><span class="status">${escape(status)}</span></p>
<table><thead><tr><th>${escape(t.description)}</th><th class="n">${escape(t.quantity)}</th><th class="n">${escape(t.amount)}</th></tr></thead>
<tbody>${lines}</tbody>
<tfoot><tr><td colspan="2">${escape(t.subtotal)}</td><td class="n">${money(invoice.total - invoice.tax)}</td></tr>
<tr><td colspan="2">${escape(t.vat)}</td><td class="n">${money(invoice.tax)}</td></tr>
<tr><th colspan="2">${escape(t.total)}</th><th class="n">${money(invoice.total)}</th></tr></tfoot></table>
</body></html>
`;
}
