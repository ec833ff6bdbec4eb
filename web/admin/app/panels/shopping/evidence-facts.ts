import type { Translate } from '../../i18n/languages';

/** The matcher's evidence for a pair of products, as catalog's CompareProducts tells it. */
export interface EvidenceView {
  readonly rule: string;
  readonly sameProduct: boolean;
  /** 0..1, and the title stage's threshold on it. */
  readonly confidence: number;
  readonly threshold: number;
  readonly features: readonly { readonly name: string; readonly value: number; readonly contribution: number }[];
  readonly sharedGtins: readonly string[];
  readonly foundBy: readonly string[];
}

const percent = (value: number): string => `${(value * 100).toFixed(1)} %`;

/** The match evidence as the duplicates page and the merge's confirm step word it. */
export function evidenceFacts(evidence: EvidenceView, t: Translate): { label: string; value: string }[] {
  return [
    { label: t('merge.verdict'), value: t(evidence.sameProduct ? 'merge.same' : 'merge.different') },
    { label: t('merge.rule'), value: t(`merge.rule.${evidence.rule || 'title'}`) },
    {
      label: t('merge.confidence'),
      value: t('merge.confidenceValue', {
        confidence: percent(evidence.confidence),
        threshold: percent(evidence.threshold),
      }),
    },
    {
      label: t('merge.features'),
      value: evidence.features
        .map((feature) => `${feature.name} ${feature.contribution >= 0 ? '+' : ''}${feature.contribution.toFixed(2)}`)
        .join(', '),
    },
    { label: t('merge.sharedGtins'), value: evidence.sharedGtins.join(', ') },
  ];
}
