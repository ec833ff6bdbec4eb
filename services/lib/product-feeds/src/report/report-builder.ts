import type { FeedIssue } from '../validate/feed-issue.js';
import type { OfferDelta } from './feed-report.js';

const REMOVED_SAMPLE = 20;

/** Tallies items, issues and the comparison with the previous set as a feed streams by. */
export class ReportBuilder {
  rows = 0;
  valid = 0;
  rejected = 0;
  warnings = 0;
  readonly rejectedByReason: Record<string, number> = {};
  readonly rejectedByField: Record<string, number> = {};
  readonly warningsByReason: Record<string, number> = {};
  readonly warningsByField: Record<string, number> = {};
  readonly samples: FeedIssue[] = [];
  private readonly delta = { new: 0, changed: 0, unchanged: 0 };
  private readonly seen = new Set<string>();

  constructor(
    private readonly sampleLimit: number,
    private readonly previous: ReadonlyMap<string, string> | null,
  ) {}

  /** Whether an id was already seen among the valid items (duplicates are rejected). */
  hasSeen(shopOfferId: string): boolean {
    return this.seen.has(shopOfferId);
  }

  item(issues: readonly FeedIssue[], accepted: { shopOfferId: string; fingerprint: string } | null): void {
    this.rows += 1;
    for (const issue of issues) if (this.samples.length < this.sampleLimit) this.samples.push(issue);
    const warnings = issues.filter((issue) => issue.severity === 'warning');
    if (warnings.length > 0) {
      this.warnings += 1;
      tallyOnce(warnings, this.warningsByReason, this.warningsByField);
    }
    if (!accepted) {
      this.rejected += 1;
      tallyOnce(
        issues.filter((issue) => issue.severity === 'error'),
        this.rejectedByReason,
        this.rejectedByField,
      );
      return;
    }
    this.valid += 1;
    this.seen.add(accepted.shopOfferId);
    const before = this.previous?.get(accepted.shopOfferId);
    if (before === undefined) this.delta.new += 1;
    else if (before === accepted.fingerprint) this.delta.unchanged += 1;
    else this.delta.changed += 1;
  }

  /** New, changed, unchanged and removed (previous ids not seen), with a sample of the removed. */
  offers(): { delta: OfferDelta; removedSample: string[] } {
    let removed = 0;
    const removedSample: string[] = [];
    for (const id of this.previous?.keys() ?? []) {
      if (this.seen.has(id)) continue;
      removed += 1;
      if (removedSample.length < REMOVED_SAMPLE) removedSample.push(id);
    }
    return { delta: { ...this.delta, removed }, removedSample };
  }
}

function tallyOnce(
  issues: readonly FeedIssue[],
  byReason: Record<string, number>,
  byField: Record<string, number>,
): void {
  for (const reason of new Set(issues.map((issue) => issue.reason))) byReason[reason] = (byReason[reason] ?? 0) + 1;
  for (const field of new Set(issues.map((issue) => issue.field))) byField[field] = (byField[field] ?? 0) + 1;
}
