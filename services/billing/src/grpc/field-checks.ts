import type { BillingDetails } from '@pc/proto/billing/v1/types';
import { FieldChecks, isHttpUrl } from '@pc/kit/errors/field-checks';
import type { BillingDetailsRecord } from '../domain/account-record.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Postal codes of the platform's countries (spec §2.1 regions); others: 2–10 letters, digits, spaces, dashes. */
const POSTAL: Readonly<Record<string, RegExp>> = {
  CH: /^\d{4}$/,
  LI: /^\d{4}$/,
  AT: /^\d{4}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  PT: /^\d{4}-\d{3}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  US: /^\d{5}(-\d{4})?$/,
};

/** The kit's field checks plus billing's own: provider ids, return URLs of the site, billing details. */
export class BillingChecks extends FieldChecks {
  /** A provider object id such as "pm_…" ('' allowed unless required). */
  providerId(field: string, value: string, prefixes: readonly string[], required: boolean): string {
    const id = value.trim();
    if (!id) {
      if (required) this.add(field, 'is required', 'required');
    } else if (!prefixes.some((prefix) => new RegExp(`^${prefix}_[A-Za-z0-9_]{1,250}$`).test(id))) {
      this.add(field, `must be a provider id starting with ${prefixes.map((p) => `"${p}_"`).join(' or ')}`, 'regex');
    }
    return id;
  }

  /** A page of the site (same origin as SITE_URL): the provider sends the browser there. */
  returnUrl(field: string, value: string, siteUrl: string, required: boolean): string {
    const url = this.url(field, value, { required });
    if (url && isHttpUrl(url) && new URL(url).origin !== new URL(siteUrl).origin)
      this.add(field, `must be a page of the site (${new URL(siteUrl).origin})`, 'url');
    return url;
  }

  details(field: string, details: BillingDetails): BillingDetailsRecord {
    const country = details.country.trim().toUpperCase();
    const zipCode = details.zipCode.trim();
    const email = details.email.trim().toLowerCase();
    if (!country) this.add(`${field}.country`, 'is required', 'required');
    else if (!/^[A-Z]{2}$/.test(country))
      this.add(`${field}.country`, 'must be an ISO 3166-1 alpha-2 code such as "CH"', 'in');
    if (!zipCode) this.add(`${field}.zip_code`, 'is required', 'required');
    else if (!(POSTAL[country] ?? /^[A-Za-z0-9 -]{2,10}$/).test(zipCode))
      this.add(`${field}.zip_code`, 'is not a postal code of the country', 'postal_code');
    if (!email) this.add(`${field}.email`, 'is required', 'required');
    else if (!EMAIL.test(email) || email.length > 254)
      this.add(`${field}.email`, 'must be a valid e-mail address', 'email');
    return {
      name: this.text(`${field}.name`, details.name, { required: true, max: 200 }),
      company: this.text(`${field}.company`, details.company, { max: 200 }),
      email,
      line1: this.text(`${field}.line1`, details.line1, { required: true, max: 200 }),
      line2: this.text(`${field}.line2`, details.line2, { max: 200 }),
      zipCode,
      city: this.text(`${field}.city`, details.city, { required: true, max: 100 }),
      country,
      vatId: this.text(`${field}.vat_id`, details.vatId, { max: 40 }),
    };
  }
}
