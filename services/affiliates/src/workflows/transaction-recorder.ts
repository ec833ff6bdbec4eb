import type { RecordTransactionResponse } from '@pc/proto/affiliates/v1/affiliates';
import { Events } from '@pc/proto/event-catalog';
import type { Outbox } from '@pc/kit/events/outbox';
import { ConflictError, InvalidArgumentError, NotFoundError } from '@pc/kit/errors/domain-errors';
import type { Stored } from '@pc/kit/ports/document-store';
import { ACCOUNTING_CURRENCY } from '../domain/money.js';
import type { AttributedClick, TransactionRecord } from '../domain/transaction-record.js';
import { toDonationMessage, toTransactionMessage } from '../domain/transaction-message.js';
import {
  earnsDonation,
  transactionIdOf,
  transition,
  type EcoTipTerms,
  type TransactionReport,
} from '../domain/transaction-transition.js';
import type { OutboxPump } from '../events/outbox-pump.js';
import type { FxRates } from '../grpc/fx-rates.js';
import type { ClickRepository } from '../store/click-repository.js';
import type { LedgerRepository } from '../store/ledger-repository.js';
import type { TransactionRepository } from '../store/transaction-repository.js';

const ATTEMPTS = 5;

export interface TransactionRecorderDependencies {
  readonly transactions: TransactionRepository;
  readonly ledger: LedgerRepository;
  readonly clicks: ClickRepository;
  readonly fx: FxRates;
  readonly outbox: Outbox;
  readonly pump: OutboxPump;
  readonly terms: EcoTipTerms;
  readonly clock: () => Date;
  /** Told after ledger entries were appended (the totals read the ledger again). */
  readonly ledgerChanged: () => void;
}

/**
 * Records a network's report of a sale (RecordTransaction, postbacks): attributes it to its
 * click once (later reports keep that attribution), moves it forward, and books its EcoTip
 * donation in the ledger (ADR 043b). Idempotent per (network, id): a repeat changes nothing.
 * The transaction, its TransactionRecorded and its new ledger entries are one atomic write; the
 * entries are then copied into the ledger (and again at start after a crash).
 */
export class TransactionRecorder {
  constructor(private readonly deps: TransactionRecorderDependencies) {}

  /** The click a report names (NOT_FOUND when unknown), checked against the report's shop. */
  async attribution(
    report: TransactionReport & { clickId: string },
    field = 'click_id',
  ): Promise<AttributedClick | null> {
    if (!report.clickId) return null;
    const click = await this.deps.clicks.get(report.clickId);
    if (!click) throw new NotFoundError('click', report.clickId);
    if (report.shopId && click.shopId !== report.shopId)
      throw new InvalidArgumentError([{ field, reason: 'belongs to another shop than shop_id', rule: 'same' }]);
    return {
      clickId: click._id,
      shopId: click.shopId,
      offerId: click.offerId,
      productId: click.productId,
      country: click.country,
      origin: click.origin,
      isGreen: click.isGreen,
    };
  }

  /**
   * Everything that could refuse a report once it is well-formed, checked for all reports of a
   * call before the first is written: a currency other than the sale's first, or one without a
   * rate to CHF for a new donation.
   */
  async checkRecordable(items: readonly { report: TransactionReport; click: AttributedClick | null }[]): Promise<void> {
    for (const { report, click } of items) {
      const current = await this.deps.transactions.get(transactionIdOf(report.network, report.externalId));
      this.checkCurrency(current, report);
      if (!current?.donation && earnsDonation(current ? current.click : click))
        await this.rateOf(report.orderValue.currency);
    }
  }

  /** Records a checked report (the caller checked the actor and the attribution). */
  async record(report: TransactionReport, click: AttributedClick | null): Promise<RecordTransactionResponse> {
    const shopReport = { ...report, shopId: report.shopId || (click?.shopId ?? '') };
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.tryRecord(shopReport, click);
      } catch (error) {
        if (!(error instanceof ConflictError) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  /** Copies ledger entries a crash left staged (at start). */
  async repairLedger(): Promise<number> {
    let repaired = 0;
    for (;;) {
      const pending = await this.deps.transactions.withPendingLedger(100);
      if (pending.length === 0) return repaired;
      for (const transaction of pending) await this.copyLedger(transaction);
      repaired += pending.length;
    }
  }

  private async tryRecord(
    report: TransactionReport,
    click: AttributedClick | null,
  ): Promise<RecordTransactionResponse> {
    const current = await this.deps.transactions.get(transactionIdOf(report.network, report.externalId));
    this.checkCurrency(current, report);
    const needsRate = !current?.donation && earnsDonation(current ? current.click : click);
    const fxRate = needsRate ? await this.rateOf(report.orderValue.currency) : '1';
    const now = this.deps.clock();
    const change = transition(current, report, click, fxRate, this.deps.terms, now);
    if (!change) return this.answer(current!, false);
    const event = {
      type: Events.transactionRecorded,
      key: change.next._id,
      payload: {
        transactionId: change.next._id,
        version: change.next.version,
        transaction: toTransactionMessage(change.next),
        previousStatus: change.previousStatus,
        donation: change.next.donation ? toDonationMessage(change.next) : undefined,
        recordedAt: now,
      },
    };
    const prepared = this.deps.outbox.prepare(current, [event], now);
    const stored = await this.deps.transactions.save(
      { ...change.next, ...prepared.fields },
      current?._version ?? 0,
      prepared.records,
    );
    await this.copyLedger(stored);
    this.deps.pump.poke();
    return this.answer(stored, true);
  }

  private checkCurrency(current: TransactionRecord | null, report: TransactionReport): void {
    if (current && current.orderValue.currency !== report.orderValue.currency) {
      throw new InvalidArgumentError([
        {
          field: 'order_value.currency',
          reason: `must stay ${current.orderValue.currency}, the currency the sale was first reported in`,
          rule: 'same',
        },
      ]);
    }
  }

  private async rateOf(currency: string): Promise<string> {
    const rate = await this.deps.fx.latest(currency, ACCOUNTING_CURRENCY);
    if (!rate)
      throw new InvalidArgumentError([
        { field: 'order_value.currency', reason: `has no exchange rate to ${ACCOUNTING_CURRENCY}`, rule: 'currency' },
      ]);
    return rate.rate;
  }

  private async copyLedger(transaction: Stored<TransactionRecord>): Promise<void> {
    if (transaction.ledgerOutbox.length === 0) return;
    await this.deps.ledger.append(transaction.ledgerOutbox);
    this.deps.ledgerChanged();
    await this.deps.transactions.clearLedgerOutbox(
      transaction._id,
      new Set(transaction.ledgerOutbox.map((entry) => entry._id)),
    );
  }

  private answer(transaction: TransactionRecord, changed: boolean): RecordTransactionResponse {
    return {
      transaction: toTransactionMessage(transaction),
      donation: transaction.donation ? toDonationMessage(transaction) : undefined,
      changed,
    };
  }
}
