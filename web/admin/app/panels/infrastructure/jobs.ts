import { panelPath } from '../panels';

/** The job dashboard's sorts (JobsService's sort keys) and the states of a job (ADR 055). */
export const JOB_SORTS = ['created_at', 'run_at', 'duration', 'kind'] as const;
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'retrying', 'cancelled'] as const;

/** A job's page in the infrastructure panel. */
export const jobPath = (service: string, jobId: string): string =>
  panelPath('infrastructure', `jobs/${encodeURIComponent(service)}/${encodeURIComponent(jobId)}`);
