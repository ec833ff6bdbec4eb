import { load } from 'cheerio';
import type {
  GetExtractionRulesRequest,
  GetExtractionRulesResponse,
  SetExtractionRulesRequest,
  SetExtractionRulesResponse,
} from '@pc/proto/crawler/v1/crawler';
import type { ExtractionRules } from '@pc/proto/crawler/v1/types';
import { InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import { selectorRuleProblems, type SelectorRules } from '../extraction/selector-rules.js';
import { ensureHost } from '../workflows/host-registry.js';
import type { CrawlerDependencies } from './dependencies.js';
import { rulesMessage } from './messages.js';
import { hostField } from './request-fields.js';

export async function getExtractionRules(
  request: GetExtractionRulesRequest,
  deps: CrawlerDependencies,
): Promise<GetExtractionRulesResponse> {
  const key = hostField('host', request.host);
  const host = await deps.store.hosts.get(key);
  if (!host?.rules) throw new NotFoundError('extraction rules of host', key);
  return { rules: rulesMessage(host.rules, host.rulesUpdatedAt) };
}

function selectorRulesOf(rules: ExtractionRules): SelectorRules {
  const trimmed = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());
  return {
    name: rules.name.trim(),
    price: rules.price.trim(),
    currency: trimmed(rules.currency),
    availability: trimmed(rules.availability),
    gtin: trimmed(rules.gtin),
    mpn: trimmed(rules.mpn),
    sku: trimmed(rules.sku),
    brand: trimmed(rules.brand),
    image: trimmed(rules.image),
  };
}

/** The rules of a request, every selector checked to compile (INVALID_ARGUMENT on `rules.<field>`). */
export function checkedRules(message: ExtractionRules): SelectorRules {
  const rules = selectorRulesOf(message);
  const problems = selectorRuleProblems(load(''), { ...rules });
  const violations = Object.entries(problems).map(([field, reason]) => ({
    field: `rules.${field}`,
    reason,
    rule: reason === 'is required' ? 'required' : 'regex',
  }));
  if (violations.length > 0) throw new InvalidArgumentError(violations);
  return rules;
}

/** Sets (every selector checked to compile first) or clears a host's rules (admin); audited. */
export async function setExtractionRules(
  request: SetExtractionRulesRequest,
  deps: CrawlerDependencies,
): Promise<SetExtractionRulesResponse> {
  const key = hostField('host', request.host);
  const rules = request.rules ? checkedRules(request.rules) : null;
  await deps.staff.require(request.actorUserId, 'setting extraction rules');
  const now = deps.now();
  const before = (await deps.store.hosts.get(key))?.rules ?? null;
  await ensureHost(deps.store, key, now);
  const updated = await deps.store.hosts.update(key, (current) =>
    current ? { ...current, rules, rulesUpdatedAt: rules ? now.toISOString() : null } : null,
  );
  await deps.audit.record({
    actorUserId: request.actorUserId,
    panel: 'crawler',
    action: rules ? 'extraction_rules.set' : 'extraction_rules.clear',
    entityType: 'host',
    entityId: key,
    before,
    after: updated?.rules ?? null,
  });
  return { rules: updated?.rules ? rulesMessage(updated.rules, updated.rulesUpdatedAt) : undefined };
}
