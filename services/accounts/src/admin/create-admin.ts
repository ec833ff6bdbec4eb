// `npm run admin:create -- --email admin@example.com --password '…' [--name 'Ada Admin']
//  [--panels shopping,crawler]`: creates a verified staff user with the roles of those panels (all
// five without --panels), or gives an existing user the missing ones, in the accounts store the environment
// selects — <DATA_DIR>/accounts for the local profile (DATA_DIR defaults to .data, as for
// `npm start`), MongoDB and Kafka with DOCUMENT_STORE=mongodb MONGODB_URI=… EVENT_BUS=kafka ….
// Services check a staff call's panel role with accounts.GetUser (@pc/staff-access). Safe while the
// platform runs (the embedded store takes writers from several processes).
import { parseArgs } from 'node:util';
import { isStaffPanel, panelEnum, STAFF_PANELS } from '@pc/staff-access/staff-panels';
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
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      panels: { type: 'string' },
    },
  });
  const panels = values.panels
    ?.split(',')
    .map((panel) => panel.trim())
    .filter(Boolean);
  const unknown = panels?.filter((panel) => !isStaffPanel(panel)) ?? [];
  if (
    !values.email ||
    !values.password ||
    values.password.length < PASSWORD_MIN ||
    unknown.length > 0 ||
    panels?.length === 0
  ) {
    if (unknown.length > 0) process.stderr.write(`unknown panel(s): ${unknown.join(', ')}\n`);
    process.stderr.write(
      `usage: npm run admin:create -- --email <address> --password <at least ${PASSWORD_MIN} characters> [--name <name>] [--panels ${STAFF_PANELS.join(',')}]\n`,
    );
    return 2;
  }
  const config = loadConfig(accountsConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', ...process.env });
  const logger = pino({ level: 'warn' });
  const documents = await openDocumentStore(config, 'accounts');
  const bus = await openEventBus(config, logger, 'accounts-admin');
  try {
    const users = await UserRepository.open(documents);
    const outcome = await ensureAdmin(
      {
        users,
        hasher: new PasswordHasher(),
        outbox: new Outbox(bus, 'accounts', logger),
        clock: () => new Date(),
        logger,
      },
      {
        email: values.email,
        password: values.password,
        name: values.name,
        panels: panels?.filter(isStaffPanel).map(panelEnum),
      },
    );
    const said = {
      created: 'created (e-mail verified)',
      promoted: 'promoted; its password is unchanged',
      'roles-added': 'given the missing roles',
      'already-admin': 'already held these roles',
    }[outcome];
    const roles = (panels ?? STAFF_PANELS).map((panel) => `staff:${panel}`).join(', ');
    // The id is what operator tools take to act as this staff user (`shop:activate --as`).
    const id = (await users.getByEmail(values.email))?._id ?? '';
    process.stdout.write(`${values.email.toLowerCase()}: ${said} (${roles}), id ${id}\n`);
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
