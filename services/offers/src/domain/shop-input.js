"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.ShopInputChecks = void 0;
exports.domainOf = domainOf;
const libphonenumber_js_1 = require("libphonenumber-js");
const postcode_validator_1 = require("postcode-validator");
const currency_js_1 = require("./currency.js");
/** Field checks of the register-shop and shop-settings forms (spec §5 rule names). */
class ShopInputChecks {
    violations = [];
    text(field, value, options) {
        const text = value.trim();
        if (options.required && !text)
            this.violations.push({ field, reason: 'is required', rule: 'required' });
        else if (text.length > options.max)
            this.violations.push({
                field,
                reason: `at most ${options.max} characters`,
                rule: 'max',
                params: { max: String(options.max) },
            });
        return text;
    }
    /** An http(s) URL; returns its normalised form and the registrable-ish domain. */
    homepage(field, value, required) {
        const text = value.trim();
        if (!text) {
            if (required)
                this.violations.push({ field, reason: 'is required', rule: 'required' });
            return null;
        }
        const domain = domainOf(text);
        if (!domain || text.length > 2048) {
            this.violations.push({ field, reason: 'must be an http(s) URL with a domain', rule: 'url' });
            return null;
        }
        return { url: new URL(text).toString(), domain };
    }
    /** Any http(s) URL (images), or '' when empty. */
    url(field, value) {
        const text = value.trim();
        if (!text)
            return '';
        try {
            const url = new URL(text);
            if ((url.protocol === 'http:' || url.protocol === 'https:') && text.length <= 2048)
                return url.toString();
        }
        catch {
            // reported below
        }
        this.violations.push({ field, reason: 'must be an http(s) URL', rule: 'url' });
        return '';
    }
    email(field, value, required) {
        const text = this.text(field, value, { required, max: 254 });
        if (text && !EMAIL.test(text))
            this.violations.push({ field, reason: 'must be a valid email address', rule: 'email' });
        return text.toLowerCase();
    }
    /**
     * A phone number valid for its country (libphonenumber's rules; without a +country prefix,
     * the address country's), stored in international format.
     */
    phone(field, value, country = '') {
        const text = this.text(field, value, { max: 32 });
        if (!text)
            return text;
        const parsed = (0, libphonenumber_js_1.parsePhoneNumberFromString)(text, ((0, currency_js_1.isCountryCode)(country) ? country : undefined));
        if (!parsed?.isValid()) {
            this.violations.push({
                field,
                reason: 'must be a valid phone number (with the country code, or of the address country)',
                rule: 'phone',
            });
            return text;
        }
        return parsed.formatInternational();
    }
    country(field, value, required) {
        const code = value.trim().toUpperCase();
        if (!code) {
            if (required)
                this.violations.push({ field, reason: 'is required', rule: 'required' });
        }
        else if (!(0, currency_js_1.isCountryCode)(code)) {
            this.violations.push({ field, reason: 'must be an ISO 3166-1 alpha-2 code such as "CH"', rule: 'in' });
        }
        return code;
    }
    countries(field, values) {
        const codes = values.map((value, index) => this.country(`${field}[${index}]`, value, true));
        return [...new Set(codes)];
    }
    /** An address; its postal code must be one of its country's (postcode-validator's rules, where it has them). */
    address(field, value, required) {
        const address = value ?? { line1: '', line2: '', zipCode: '', city: '', country: '' };
        const line1 = this.text(`${field}.line1`, address.line1, { required, max: 200 });
        const line2 = this.text(`${field}.line2`, address.line2, { max: 200 });
        const zipCode = this.text(`${field}.zip_code`, address.zipCode, { required, max: 12 });
        const city = this.text(`${field}.city`, address.city, { required, max: 100 });
        const country = this.country(`${field}.country`, address.country, required);
        if (zipCode && !isPostalCode(zipCode, country))
            this.violations.push({
                field: `${field}.zip_code`,
                reason: `must be a postal code${country ? ` of ${country}` : ''}`,
                rule: 'postal_code',
            });
        return { line1, line2, zipCode, city, country };
    }
}
exports.ShopInputChecks = ShopInputChecks;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ZIP = /^[A-Za-z0-9][A-Za-z0-9 -]{1,11}$/;
/** A postal code of the country, where postcode-validator knows its format; else of a plausible form. */
const isPostalCode = (zipCode, country) => country && (0, postcode_validator_1.postcodeValidatorExistsForCountry)(country) ? (0, postcode_validator_1.postcodeValidator)(zipCode, country) : ZIP.test(zipCode);
/**
 * The shop's domain from its homepage: the lower-cased host without a leading "www.". (A full
 * registrable-domain rule needs the public suffix list; shops register their main host.)
 */
function domainOf(homepageUrl) {
    try {
        const url = new URL(homepageUrl);
        if (url.protocol !== 'http:' && url.protocol !== 'https:')
            return null;
        const host = url.hostname.toLowerCase().replace(/^www\./, '');
        return host.includes('.') && !host.endsWith('.') ? host : null;
    }
    catch {
        return null;
    }
}
//# sourceMappingURL=shop-input.js.map