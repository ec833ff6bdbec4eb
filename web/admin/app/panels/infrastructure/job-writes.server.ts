import { data } from '@remix-run/node';
import { z } from 'zod';
import type { StaffContext } from '../../auth/staff-session.server';
import type { ServiceName } from '../../services/addresses.server';
import { actOnJob, isJobService, jobById, type JobAction, type JobDetail } from '../../services/jobs.server';
import { intent } from '../../writes/staff-write.server';
import { jobPath } from './jobs';

/** The job a page shows (404 for an unknown service or a job it does not know). */
export async function jobOf(context: StaffContext, service: string, jobId: string): Promise<JobDetail> {
  const job = isJobService(service) ? await jobById(context.user.id, service, jobId) : null;
  if (!job) throw data({ notFound: true }, { status: 404 });
  return job;
}

/** What each action turns a job into, as the confirm step shows it. */
const AFTER: Record<JobAction, string> = { retry: 'queued', cancel: 'cancelled', run_now: 'running' };

/** A job page's writes: retry, cancel, run now — each confirmed, checked and audited by the service that runs the job. */
export function jobWrites(service: string, jobId: string) {
  const action = (verb: JobAction) =>
    intent({
      schema: z.object({}),
      destructive: verb === 'cancel',
      summary: async (_fields, context, t) => {
        const job = await jobOf(context, service, jobId);
        return {
          title: t(`jobs.summary.${verb}`, { kind: job.kind, service: job.service }),
          changes: [
            {
              label: t('jobs.state'),
              before: t(`jobs.state.${job.state}`),
              after: t(`jobs.state.${AFTER[verb]}`),
            },
          ],
        };
      },
      perform: async (_fields, context) => {
        await actOnJob(context.user.id, service as ServiceName, jobId, verb);
        return `${jobPath(service, jobId)}?done=1`;
      },
    });
  return { retry: action('retry'), cancel: action('cancel'), run_now: action('run_now') };
}
