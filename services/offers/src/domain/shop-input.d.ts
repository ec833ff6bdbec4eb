import type { FieldViolation } from '@pc/kit/errors/domain-errors';
import type { AddressRecord } from './shop-record.js';
/** Field checks of the register-shop and shop-settings forms (spec §5 rule names). */
export declare class ShopInputChecks {
    readonly violations: FieldViolation[];
    text(field: string, value: string, options: {
        required?: boolean;
        max: number;
    }): string;
    /** An http(s) URL; returns its normalised form and the registrable-ish domain. */
    homepage(field: string, value: string, required: boolean): {
        url: string;
        domain: string;
    } | null;
    /** Any http(s) URL (images), or '' when empty. */
    url(field: string, value: string): string;
    email(field: string, value: string, required: boolean): string;
    /**
     * A phone number valid for its country (libphonenumber's rules; without a +country prefix,
     * the address country's), stored in international format.
     */
    phone(field: string, value: string, country?: string): string;
    country(field: string, value: string, required: boolean): string;
    countries(field: string, values: readonly string[]): string[];
    /** An address; its postal code must be one of its country's (postcode-validator's rules, where it has them). */
    address(field: string, value: AddressInput | undefined, required: boolean): AddressRecord;
}
export interface AddressInput {
    readonly line1: string;
    readonly line2: string;
    readonly zipCode: string;
    readonly city: string;
    readonly country: string;
}
/**
 * The shop's domain from its homepage: the lower-cased host without a leading "www.". (A full
 * registrable-domain rule needs the public suffix list; shops register their main host.)
 */
export declare function domainOf(homepageUrl: string): string | null;
//# sourceMappingURL=shop-input.d.ts.map