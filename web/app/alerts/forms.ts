import { z } from 'zod';

/** The price alert forms (spec: target price, percentage drop or back in stock, per product and country). */

export const ALERT_KINDS = ['target_price', 'percentage_drop', 'back_in_stock'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** The countries of the locales (spec §2.1); an alert watches the offers of one. */
export const ALERT_COUNTRIES = ['ch', 'de', 'fr', 'gb'] as const;

/** A price as people type it: "249", "249.9", "249,90". */
const PRICE = /^\d{1,7}(?:[.,]\d{1,2})?$/;
const PERCENT = /^\d{1,2}$/;

export const alertForm = z
  .object({
    product_id: z.string().trim().min(1, 'is required').max(200),
    country: z.enum(ALERT_COUNTRIES),
    kind: z.enum(ALERT_KINDS),
    target_price: z.string().trim().max(12).default(''),
    drop_percent: z.string().trim().max(3).default(''),
    rearm_automatically: z.boolean().default(false),
    /** Also by e-mail (push is always on). */
    notify_email: z.boolean().default(false),
  })
  .superRefine((form, context) => {
    if (form.kind === 'target_price' && !(PRICE.test(form.target_price) && toMinorUnits(form.target_price) > 0)) {
      context.addIssue({
        code: 'custom',
        path: ['target_price'],
        message: 'must be a price',
        params: { rule: 'price' },
      });
    }
    if (form.kind === 'percentage_drop' && !(PERCENT.test(form.drop_percent) && Number(form.drop_percent) >= 1)) {
      context.addIssue({
        code: 'custom',
        path: ['drop_percent'],
        message: 'must be a whole number from 1 to 99',
        params: { rule: 'percent' },
      });
    }
  });

export const alertIdForm = z.object({ alert_id: z.string().trim().min(1, 'is required').max(200) });
/** Re-arming names the version the page showed (the service refuses a stale one). */
export const rearmAlertForm = alertIdForm.extend({ version: z.coerce.number().int().min(0) });

export type AlertFormInput = z.output<typeof alertForm>;

/** "249,9" → 24990 (prices are held in minor units, spec §3). */
export function toMinorUnits(price: string): number {
  const [whole = '0', fraction = ''] = price.replace(',', '.').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
