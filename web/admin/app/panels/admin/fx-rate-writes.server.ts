import { data } from '@remix-run/node';
import { z } from 'zod';
import { isEcbFileProblem, MAX_ECB_FILE_BYTES, parseEcbCsv } from '@pc/fx-rates/ecb-file';
import { ecbRatePairs, withInverse } from '@pc/fx-rates/ecb-pairs';
import { inverseRate, isCurrencyCode, isoDay, normalizeRate } from '@pc/fx-rates/rate-text';
import { requireStaff, type StaffContext } from '../../auth/staff-session.server';
import { pickLanguage } from '../../i18n/language.server';
import { translator, type Translate } from '../../i18n/languages';
import { fxRateRows, setFxRates, type NewFxRate } from '../../services/fx-rates.server';
import { intent } from '../../writes/staff-write.server';
import type { ConfirmSummary, WriteState } from '../../writes/write-state';
import { panelPath } from '../panels';
import { ECB_UPLOAD_INTENT, todayUtc } from './fx-rate-input';

/** SetFxRates' source of each way in (the page lists it beside every rate). */
export const FX_SOURCES = { manual: 'manual', ecb: 'ECB' } as const;

/** A post larger than the ECB's file with the form's other fields and the multipart framing is refused unread. */
const MAX_POST_BYTES = MAX_ECB_FILE_BYTES + 8 * 1024;

export const isOversized = (request: Request): boolean =>
  Number(request.headers.get('content-length') ?? 0) > MAX_POST_BYTES;

const currency = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .refine(isCurrencyCode, 'field.currency');

const rate = z.string().transform((text, ctx) => {
  const normalized = normalizeRate(text);
  if (!normalized) ctx.addIssue({ code: 'custom', message: 'field.rate' });
  return normalized ?? '';
});

/** A day up to today (UTC): a rate applies from the start of its day; none is set ahead. */
const day = z.string().transform((text, ctx) => {
  const valid = isoDay(text);
  if (!valid) ctx.addIssue({ code: 'custom', message: 'field.date' });
  else if (valid > todayUtc()) ctx.addIssue({ code: 'custom', message: 'field.future' });
  return valid ?? '';
});

const oneRate = z
  .object({ base: currency, quote: currency, rate, asOf: day, inverse: z.string().optional() })
  .refine((fields) => fields.base !== fields.quote, { path: ['quote'], message: 'field.sameCurrency' })
  .refine((fields) => !fields.inverse || inverseRate(fields.rate) !== null, { path: ['rate'], message: 'field.rate' });

/** The ECB's rates as the confirm step carries them: "USD=1.0541;JPY=162.23", units per 1 EUR. */
const ecbRates = z.object({
  asOf: day,
  rates: z.string().transform((text, ctx) => {
    const rates = text.split(';').map((pair) => {
      const [code = '', value = ''] = pair.split('=');
      return { currency: code, rate: normalizeRate(value) ?? '' };
    });
    const valid = rates.every(
      (entry, index) =>
        isCurrencyCode(entry.currency) &&
        entry.currency !== 'EUR' &&
        entry.rate !== '' &&
        inverseRate(entry.rate) !== null &&
        rates.findIndex((other) => other.currency === entry.currency) === index,
    );
    if (!valid || rates.length === 0) ctx.addIssue({ code: 'custom', message: 'field.invalid' });
    return rates;
  }),
  missing: z.string().optional(),
});

/** What the ECB's file sets, against the pairs offers holds now (@pc/fx-rates, as offers' ECB job does). */
async function ecbPairs(
  asOf: string,
  rates: readonly { currency: string; rate: string }[],
  context: StaffContext,
): Promise<NewFxRate[]> {
  return ecbRatePairs({ day: asOf, rates }, await fxRateRows(context.user.id));
}

/** The confirm step's table: each pair's rate in effect now and the one it gets. */
async function changesOf(rates: readonly NewFxRate[], context: StaffContext, t: Translate) {
  const current = new Map((await fxRateRows(context.user.id)).map((row) => [`${row.base}>${row.quote}`, row]));
  return rates.map((next) => {
    const held = current.get(`${next.base}>${next.quote}`);
    return {
      label: `${next.base} → ${next.quote}`,
      before: held ? t('fx.rateWas', { rate: held.rate, day: held.asOf.slice(0, 10), source: held.source }) : '',
      after: next.rate,
    };
  });
}

const done = (stored: number, source: string, day: string): string =>
  `${panelPath('admin', 'fx-rates')}?${new URLSearchParams({ done: '1', stored: String(stored), source, day })}`;

/** The FX rates page's writes: one rate by hand, or the ECB's daily file; offers checks staff:admin and audits each. */
export function fxRateWrites() {
  return {
    setRate: intent({
      schema: oneRate,
      summary: async ({ base, quote, rate: value, asOf, inverse }, context, t): Promise<ConfirmSummary> => {
        const rates = withInverse(base, quote, value, asOf, Boolean(inverse));
        return {
          title: t('fx.summary.set', { pairs: rates.map((next) => `${next.base} → ${next.quote}`).join(', ') }),
          facts: [
            { label: t('fx.source'), value: FX_SOURCES.manual },
            { label: t('fx.asOf'), value: asOf },
          ],
          changes: await changesOf(rates, context, t),
        };
      },
      perform: async ({ base, quote, rate: value, asOf, inverse }, context) => {
        const rates = withInverse(base, quote, value, asOf, Boolean(inverse));
        return done(await setFxRates(context.user.id, rates, FX_SOURCES.manual), FX_SOURCES.manual, asOf);
      },
    }),
    ecb: intent({
      schema: ecbRates,
      summary: async ({ asOf, rates, missing }, context, t): Promise<ConfirmSummary> => {
        const pairs = await ecbPairs(asOf, rates, context);
        return {
          title: t('fx.summary.ecb', { count: pairs.length, day: asOf }),
          facts: [
            { label: t('fx.source'), value: FX_SOURCES.ecb },
            { label: t('fx.asOf'), value: asOf },
            ...(missing ? [{ label: t('fx.missing'), value: missing }] : []),
          ],
          changes: await changesOf(pairs, context, t),
        };
      },
      perform: async ({ asOf, rates }, context) => {
        const pairs = await ecbPairs(asOf, rates, context);
        return done(await setFxRates(context.user.id, pairs, FX_SOURCES.ecb), FX_SOURCES.ecb, asOf);
      },
    }),
  };
}

/**
 * The upload of the ECB's daily file (`_intent=uploadEcb`, multipart): read and checked by
 * @pc/fx-rates — a file that is not the daily file is a field error, nothing written — then
 * shown as the `ecb` write's confirm step (every pair before and after), whose post stores them.
 */
export async function ecbUpload(request: Request) {
  const context = await requireStaff(request, 'admin');
  const t = translator((await pickLanguage(request)).language);
  const headers = { 'Set-Cookie': context.setCookie };
  const fail = (errors: Record<string, string>, status = 400) =>
    data({ stage: 'errors', intent: ECB_UPLOAD_INTENT, fields: {}, errors } satisfies WriteState, { status, headers });
  if (isOversized(request)) return fail({ file: t('fx.ecb.tooLarge') }, 413);
  const form = await request.formData();
  if (form.get('_csrf') !== context.session.csrf) return fail({ _form: t('field.csrf') }, 403);
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return fail({ file: t('fx.ecb.noFile') });
  if (file.size > MAX_ECB_FILE_BYTES) return fail({ file: t('fx.ecb.tooLarge') }, 413);
  const parsed = parseEcbCsv(await file.text());
  if (isEcbFileProblem(parsed)) return fail({ file: t(`fx.ecb.${parsed.error}`, parsed.params) });
  if (parsed.day > todayUtc()) return fail({ file: t('fx.ecb.future', { day: parsed.day }) });
  const fields = {
    asOf: parsed.day,
    rates: parsed.rates.map((entry) => `${entry.currency}=${entry.rate}`).join(';'),
    ...(parsed.missing.length > 0 ? { missing: parsed.missing.join(', ') } : {}),
  };
  const write = fxRateWrites().ecb;
  const checked = write.schema.safeParse(fields);
  if (!checked.success) return fail({ file: t('field.invalid') });
  const summary = await write.summary(checked.data, context, t);
  return data(
    { stage: 'confirm', intent: 'ecb', fields, summary, destructive: false, needsPassword: false } satisfies WriteState,
    { headers },
  );
}
