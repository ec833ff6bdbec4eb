// `npm run admin:create -- --email admin@example.com --password '…' [--name 'Ada Admin']`:
// creates a verified admin (or promotes an existing user) in the accounts store the environment
// selects — <DATA_DIR>/accounts for the local profile (DATA_DIR defaults to .data, as for
// `npm start`), MongoDB and Kafka with DOCUMENT_STORE=mongodb MONGODB_URI=… EVENT_BUS=kafka ….
// Staff writes in catalog and offers check is_admin with accounts.GetUser. Safe while the
// platform runs (the embedded store takes writers from several processes).
import { parseArgs } from 'node:util';
import { pino } from 'pino';
import { loadConfig } from '@pc/kit/config/load-config';
import { Outbox } from '@pc/kit/events/outbox';
import { openDocumentStore } from '@pc/engine-profile/open-document-store';
import { openEventBus } from '@pc/engine-profile/open-event-bus';
import { accountsConfigSchema } from '../config.js';
import { PASSWORD_MIN } from '../domain/field-checks.js';
import { PasswordHasher } from '../security/password-hasher.js';
import { UserRepository } from '../store/user-repository.js';
import { ensureAdmin } from '../workflows/bootstrap-admin.js';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
  if (!values.email || !values.password || values.password.length < PASSWORD_MIN) {
    process.stderr.write(`usage: npm run admin:create -- --email <address> --password <at least ${PASSWORD_MIN} characters> [--name <name>]\n`);
    return 2;
  }
  const config = loadConfig(accountsConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', ...process.env });
  const logger = pino({ level: 'warn' });
  const documents = await openDocumentStore(config, 'accounts');
  const bus = await openEventBus(config, logger, 'accounts-admin');
  try {
    const users = await UserRepository.open(documents);
    const outcome = await ensureAdmin({ users, hasher: new PasswordHasher(), outbox: new Outbox(bus, 'accounts', logger), clock: () => new Date(), logger }, { email: values.email, password: values.password, name: values.name });
    const said = { created: 'created (e-mail verified)', promoted: 'promoted; its password is unchanged', 'already-admin': 'was already an admin' }[outcome];
    process.stdout.write(`${values.email.toLowerCase()}: ${said}\n`);
    return 0;
  } finally {
    await bus.close();
    await documents.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`admin:create failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
