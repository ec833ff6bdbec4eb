// A service run by runService as the launcher runs one (started by run-service-restart.test.ts).
// FAIL_WITH=exception|rejection: it warns, then fails once ready. Otherwise it reports over IPC
// the records its log ring holds at start, i.e. what it was seeded with.
import { serviceConfigSchema } from '../../config/service-config.js';
import { processLogRing } from '../../logging/log-ring.js';
import { runService } from '../run-service.js';

export type RingReport = {
  type: 'ring';
  records: { level: string; message: string; time: string; fieldsJson: string }[];
};

const failWith = process.env.FAIL_WITH;

void runService({
  name: 'offers',
  configSchema: serviceConfigSchema({}),
  build: async ({ logger }) => ({
    services: [],
    readiness: {},
    stop: async () => {},
    start: async () => {
      if (failWith) {
        logger.warn('state looks odd');
        setImmediate(() => {
          if (failWith === 'rejection') void Promise.reject(new Error('a promise no one awaited'));
          else throw new Error('an unexpected state');
        });
        return;
      }
      const { records } = processLogRing().query({ minLevel: 'warn', limit: 100 });
      process.send?.({
        type: 'ring',
        records: records.map(({ level, message, time, fieldsJson }) => ({
          level,
          message,
          time: time.toISOString(),
          fieldsJson,
        })),
      } satisfies RingReport);
    },
  }),
});
