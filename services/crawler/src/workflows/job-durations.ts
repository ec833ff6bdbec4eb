import type { Logger } from 'pino';
import type { JobRecord } from '../domain/records.js';
import type { SimpleRepository } from '../store/simple-repository.js';
import { runDurationMs } from './job-progress.js';

const BATCH = 500;

/**
 * Gives jobs written before their duration was kept one (from their start and end), so the job
 * dashboard's duration sort orders every job by its duration. Runs once at start, in batches;
 * when every job has one, it costs one indexed read.
 */
export async function fillJobDurations(jobs: SimpleRepository<JobRecord>, logger: Logger): Promise<number> {
  let filled = 0;
  for (;;) {
    const missing = await jobs.find({ durationMs: { $exists: false } }, { limit: BATCH });
    for (const job of missing) {
      await jobs.update(job._id, (current) =>
        current && current.durationMs === undefined
          ? { ...current, durationMs: current.finishedAt ? runDurationMs(current.startedAt, current.finishedAt) : 0 }
          : null,
      );
    }
    filled += missing.length;
    if (missing.length < BATCH) break;
  }
  if (filled > 0) logger.info({ filled }, 'durations given to earlier crawl jobs');
  return filled;
}
