import { z } from 'zod';
import { panelPath } from '../panels';
import { hostRules, saveHostRules } from '../../services/crawler-pages.server';
import { RULE_FIELDS, type RuleSet } from './crawler-fields';
import { intent } from '../../writes/staff-write.server';

const selector = z.string().trim().max(500, 'field.tooLong');
const hostField = z.string().trim().min(1, 'field.required').max(253, 'field.tooLong');

const setSchema = z.object({
  host: hostField,
  name: selector.min(1, 'field.required'),
  price: selector.min(1, 'field.required'),
  currency: selector,
  availability: selector,
  gtin: selector,
  mpn: selector,
  sku: selector,
  brand: selector,
  image: selector,
});

const rulesPath = (host: string) => `${panelPath('crawler', 'rules')}?${new URLSearchParams({ host, done: '1' })}`;

/**
 * A host's extraction rules: set (each selector before → after) and clear (destructive), each
 * confirmed, then stored by the crawler — which compiles every selector, checks staff:crawler and
 * audits the change.
 */
export function ruleWrites() {
  return {
    setRules: intent({
      schema: setSchema,
      summary: async ({ host, ...rules }, _context, t) => {
        const current = (await hostRules(host))?.rules;
        return {
          title: t('rules.summary.set', { host }),
          changes: RULE_FIELDS.filter((field) => (current?.[field] ?? '') !== rules[field]).map((field) => ({
            label: t(`rules.field.${field}`),
            before: current?.[field] || t('app.none'),
            after: rules[field] || t('app.none'),
          })),
        };
      },
      perform: async ({ host, ...rules }, context) => {
        await saveHostRules(context.user.id, host, rules satisfies RuleSet);
        return rulesPath(host);
      },
    }),
    clearRules: intent({
      schema: z.object({ host: hostField }),
      destructive: true,
      summary: async ({ host }, _context, t) => {
        const current = (await hostRules(host))?.rules;
        return {
          title: t('rules.summary.clear', { host }),
          changes: RULE_FIELDS.filter((field) => current?.[field]).map((field) => ({
            label: t(`rules.field.${field}`),
            before: current?.[field] ?? '',
            after: t('app.none'),
          })),
        };
      },
      perform: async ({ host }, context) => {
        await saveHostRules(context.user.id, host, null);
        return rulesPath(host);
      },
    }),
  };
}
