import { addFeedForm, FEED_FORMATS, feedIdForm, updateFeedForm } from '~/business/forms';
import type { FeedView } from '~/business/shop-stage';
import { CheckField } from '~/components/auth/CheckField';
import { Field } from '~/components/auth/Field';
import { PageForm } from '~/components/forms/PageForm';
import { formatDate, formatNumber } from '~/i18n/format';
import { useSite } from '~/site/use-site';
import { FeedFailure } from './FeedFailure';
import { SelectField } from './SelectField';

function useFormatOptions() {
  const { t } = useSite();
  return FEED_FORMATS.map((format) => ({ value: format, label: t(`business.feeds.formats.${format}`) }));
}

/** A feed's last analysis (the crawler's fetch of it): counts, HTTP status, its first problems. */
function AnalysisReport({ feed }: { feed: FeedView }) {
  const { t, tag } = useSite();
  const report = feed.lastAnalysis;
  if (!report) return <p className="muted">{t('business.feeds.notAnalysed')}</p>;
  return (
    <div className="feed-report" data-succeeded={report.succeeded}>
      <p>
        {t('business.feeds.lastAnalysis', { date: report.at ? formatDate(report.at, tag) : '' })}
        {report.httpStatus ? ` · ${t('business.feeds.httpStatus', { status: report.httpStatus })}` : null}
      </p>
      <p>
        <strong>
          {t('business.feeds.report', {
            valid: formatNumber(report.valid, tag),
            total: formatNumber(report.total, tag),
            invalid: formatNumber(report.invalid, tag),
          })}
        </strong>
      </p>
      {report.message ? (
        <p className="muted">
          {feed.failure ? t('business.feeds.technicalDetail', { detail: report.message }) : report.message}
        </p>
      ) : null}
      {report.issues.length > 0 ? (
        <details>
          <summary>{t('business.feeds.issues')}</summary>
          <ul className="feed-issues">
            {report.issues.map((issue) => (
              <li key={issue}>
                <code>{issue}</code>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** One feed: status, why and since when it fails, its last analysis, "analyse now", editing, deleting. */
function FeedItem({ feed }: { feed: FeedView }) {
  const { t } = useSite();
  const formats = useFormatOptions();
  return (
    <li className="feed" data-feed={feed.id} data-status={feed.status}>
      <p className="feed-head">
        <code className="feed-url">{feed.url}</code>
        <span className="badge">{t(`business.feeds.statuses.${feed.status}`)}</span>
      </p>
      <FeedFailure feed={feed} />
      <AnalysisReport feed={feed} />
      <div className="row-actions">
        <PageForm
          schema={feedIdForm}
          intent="analyse"
          hidden={{ feed_id: feed.id }}
          submit={t('business.feeds.analyse')}
          submitLabel={t('business.feeds.analyseLabel', { url: feed.url })}
          submitClassName=""
          className="inline-form"
          showResult={false}
        />
        <PageForm
          schema={feedIdForm}
          intent="deleteFeed"
          hidden={{ feed_id: feed.id }}
          submit={t('business.feeds.delete')}
          submitLabel={t('business.feeds.deleteLabel', { url: feed.url })}
          submitClassName="danger"
          className="inline-form"
          showResult={false}
        />
      </div>
      <details>
        <summary>{t('business.feeds.edit')}</summary>
        <PageForm
          schema={updateFeedForm}
          intent="updateFeed"
          hidden={{ feed_id: feed.id }}
          submit={t('business.feeds.save')}
          submitClassName=""
          showResult={false}
        >
          {(errors) => (
            <>
              <Field
                idPrefix={`feed-${feed.id}`}
                name="url"
                type="url"
                label={t('business.feeds.url')}
                defaultValue={feed.url}
                error={errors.url}
              />
              <SelectField
                idPrefix={`feed-${feed.id}`}
                name="format"
                label={t('business.feeds.format')}
                options={formats}
                defaultValue={feed.format}
                error={errors.format}
              />
              <CheckField
                idPrefix={`feed-${feed.id}`}
                name="enabled"
                label={t('business.feeds.enabled')}
                defaultChecked={feed.status !== 'disabled'}
              />
            </>
          )}
        </PageForm>
      </details>
    </li>
  );
}

/** Product feeds of shop settings (spec §2.2): the list with analyses, a new feed; "no product feeds yet". */
export function FeedSection({ feeds }: { feeds: readonly FeedView[] }) {
  const { t } = useSite();
  const formats = useFormatOptions();
  return (
    <>
      {feeds.length === 0 ? (
        <p className="empty-state">{t('business.feeds.empty')}</p>
      ) : (
        <ul className="feed-list">
          {feeds.map((feed) => (
            <FeedItem key={feed.id} feed={feed} />
          ))}
        </ul>
      )}
      <PageForm
        schema={addFeedForm}
        intent="addFeed"
        submit={t('business.feeds.add')}
        resetOnDone
        showResult={false}
        label={t('business.feeds.add')}
      >
        {(errors) => (
          <>
            <Field idPrefix="new-feed" name="url" type="url" label={t('business.feeds.url')} error={errors.url} />
            <SelectField
              idPrefix="new-feed"
              name="format"
              label={t('business.feeds.format')}
              options={formats}
              defaultValue="detect"
              error={errors.format}
            />
          </>
        )}
      </PageForm>
    </>
  );
}
