import type { DocumentStore } from '@pc/kit/ports/document-store';
import type { HostRecord, JobRecord, RobotsRecord, ScheduleRecord, ShopRecord } from '../domain/records.js';
import { SimpleRepository } from './simple-repository.js';
import { UrlRepository } from './url-repository.js';

/** Every collection of the crawler's store. */
export interface CrawlerStore {
  readonly urls: UrlRepository;
  readonly hosts: SimpleRepository<HostRecord>;
  readonly robots: SimpleRepository<RobotsRecord>;
  readonly shops: SimpleRepository<ShopRecord>;
  readonly jobs: SimpleRepository<JobRecord>;
  readonly schedules: SimpleRepository<ScheduleRecord>;
}

export async function openCrawlerStore(documents: DocumentStore): Promise<CrawlerStore> {
  const [urls, hosts, robots, shops, jobs, schedules] = await Promise.all([
    UrlRepository.open(documents),
    SimpleRepository.open<HostRecord>(documents, { name: 'hosts', indexes: [{ fields: ['shopId'] }] }),
    SimpleRepository.open<RobotsRecord>(documents, { name: 'robots' }),
    SimpleRepository.open<ShopRecord>(documents, { name: 'shops', indexes: [{ fields: ['hosts'] }] }),
    SimpleRepository.open<JobRecord>(documents, {
      name: 'jobs',
      indexes: [{ fields: ['openKey'], unique: true }, { fields: ['createdAt'] }, { fields: ['host', 'createdAt'] }, { fields: ['status', 'createdAt'] }],
    }),
    SimpleRepository.open<ScheduleRecord>(documents, { name: 'schedules', indexes: [{ fields: ['enabled', 'nextRunAt'] }, { fields: ['host'] }] }),
  ]);
  return { urls, hosts, robots, shops, jobs, schedules };
}
