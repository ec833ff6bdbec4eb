/**
 * One problem found in an item. `error`: the item is rejected (no offer from it); `warning`:
 * the item is kept without the offending value (a GTIN failing its check digit is dropped, an
 * unknown availability becomes unknown, …). Reasons are stable labels, listed in the README.
 */
export interface FeedIssue {
  /** 1-based line (CSV/TSV) or item position (XML). */
  readonly position: number;
  /** The item's id, when readable. */
  readonly shopOfferId: string;
  /** The attribute, Google's name (`gtin`, `price`, `shipping.country`, …). */
  readonly field: string;
  readonly reason: string;
  /** The offending value, shortened to 200 characters. */
  readonly value: string;
  readonly severity: 'error' | 'warning';
}

/** The issues of one item, collected while it is validated. */
export class IssueList {
  readonly issues: FeedIssue[] = [];

  constructor(
    private readonly position: number,
    private shopOfferId = '',
  ) {}

  named(shopOfferId: string): void {
    this.shopOfferId = shopOfferId;
  }

  error(field: string, reason: string, value = ''): void {
    this.add(field, reason, value, 'error');
  }

  warning(field: string, reason: string, value = ''): void {
    this.add(field, reason, value, 'warning');
  }

  get rejected(): boolean {
    return this.issues.some((issue) => issue.severity === 'error');
  }

  private add(field: string, reason: string, value: string, severity: FeedIssue['severity']): void {
    this.issues.push({
      position: this.position,
      shopOfferId: this.shopOfferId,
      field,
      reason,
      value: value.length > 200 ? `${value.slice(0, 199)}…` : value,
      severity,
    });
  }
}
