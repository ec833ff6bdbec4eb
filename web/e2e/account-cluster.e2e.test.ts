import { describeWithEngines } from '@pc/kit/testing/real-engine';
import { accountTestBed } from './support/account-test-bed';
import { priceDropJourney } from './scenarios/price-drop-journey';

/**
 * Issue 6 on the cluster profile: the same browser journey as account.e2e.test.ts (register →
 * verify → log in → favourite → alert → a price drop on Kafka → push → log out) against
 * `npm run start:cluster`, every service on Kafka, MongoDB, Elasticsearch and Redis, under a
 * PLATFORM_NAMESPACE of this run's own that is dropped afterwards.
 */
describeWithEngines(
  ['KAFKA_BROKERS', 'MONGODB_URI', 'ELASTICSEARCH_URL', 'REDIS_URL'],
  'accounts, alerts and push on the cluster profile',
  ([KAFKA_BROKERS = '', MONGODB_URI = '', ELASTICSEARCH_URL = '', REDIS_URL = '']) => {
    const bed = accountTestBed(10, { KAFKA_BROKERS, MONGODB_URI, ELASTICSEARCH_URL, REDIS_URL });

    it(
      'registers, verifies, signs in, keeps a favourite, sets an alert, gets the push of a price drop, and signs out',
      () => priceDropJourney(bed, 'cluster-'),
      180_000,
    );
  },
);
