import { data } from '@remix-run/node';
import { z } from 'zod';
import { cancelCrawlJob, crawlJobById, type CrawlJobRow } from '../../services/crawler-jobs.server';
import { intent } from '../../writes/staff-write.server';
import { crawlerPagePath } from './crawler-paths';

const jobField = z.object({ jobId: z.string().trim().min(1, 'field.required').max(200, 'field.tooLong') });

async function knownJob(jobId: string): Promise<CrawlJobRow> {
  const job = await crawlJobById(jobId);
  if (!job) throw data({ notFound: true }, { status: 404 });
  return job;
}

/** The jobs page the write goes back to: the job's host's jobs when it has one. */
const jobsPath = (job: CrawlJobRow, extra: Readonly<Record<string, string>>) =>
  crawlerPagePath('jobs', { host: job.host, ...extra });

/**
 * The jobs page's write: a queued or running job cancelled (CancelCrawl) after a confirm step; the
 * crawler checks staff:crawler and audits it. A job that has finished is refused with a message —
 * before the confirm step, or by the crawler (JOB_FINISHED) when it finished in between.
 */
export function jobWrites() {
  return {
    cancel: intent({
      schema: jobField,
      check: async ({ jobId }, _context, t) => {
        const job = await knownJob(jobId);
        return job.open
          ? null
          : { _form: t('crawlJobs.finished', { id: job.id, status: t(`schedules.status.${job.status}`) }) };
      },
      summary: async ({ jobId }, _context, t) => {
        const job = await knownJob(jobId);
        return {
          title: t('crawlJobs.summary.cancel', { target: job.target }),
          facts: [
            { label: t('crawlJobs.job'), value: job.id },
            { label: t('crawlJobs.reason'), value: job.reason || t('app.none') },
          ],
          changes: [
            {
              label: t('crawlJobs.status'),
              before: t(`schedules.status.${job.status}`),
              after: t('schedules.status.canceled'),
            },
          ],
        };
      },
      perform: async ({ jobId }, context) => {
        const job = await knownJob(jobId);
        const outcome = await cancelCrawlJob(context.user.id, jobId);
        return outcome === 'canceled' ? jobsPath(job, { done: '1' }) : jobsPath(job, { finished: jobId });
      },
    }),
  };
}
