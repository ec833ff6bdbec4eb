/** Crawl job statuses as the crawler panel names them (the crawler's CrawlJobStatus, lower case). */
export const CRAWL_JOB_STATUSES = [
  'queued',
  'running',
  'backing_off',
  'succeeded',
  'failed',
  'blocked_by_robots',
  'canceled',
] as const;
export type CrawlJobStatusName = (typeof CRAWL_JOB_STATUSES)[number];

/** The statuses of a job still waiting or running: the ones CancelCrawl stops. */
export const OPEN_CRAWL_JOB_STATUSES: readonly CrawlJobStatusName[] = ['queued', 'running', 'backing_off'];

/** The jobs table's status filter: a status, or `open` for every job not finished. */
export const CRAWL_JOB_FILTERS = ['open', ...CRAWL_JOB_STATUSES] as const;

/** The statuses a filter value stands for; none for anything else (every job). */
export function statusesOfFilter(value: string | undefined): readonly CrawlJobStatusName[] {
  if (value === 'open') return OPEN_CRAWL_JOB_STATUSES;
  const status = CRAWL_JOB_STATUSES.find((name) => name === value);
  return status ? [status] : [];
}

export const isOpenCrawlJob = (status: string): boolean =>
  (OPEN_CRAWL_JOB_STATUSES as readonly string[]).includes(status);
