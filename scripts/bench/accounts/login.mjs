// Sign-in through the real accounts service (app.ts over gRPC, embedded engines): the KDF alone,
// then Login round trips at several concurrencies. Distinct users and client IPs keep the login
// throttle (5 a minute per e-mail and IP) out of the way while its cache hits are still paid.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { AccountsServiceService } from '@pc/proto/accounts/v1/accounts';
import { loadConfig } from '@pc/kit/config/load-config';
import { closeAllChannels } from '@pc/kit/grpc/channel-pool';
import { createServiceClient } from '@pc/kit/grpc/client';
import { createGrpcServer } from '@pc/kit/grpc/server';
import { buildAccountsApp } from '@pc/accounts/dist/app.js';
import { accountsConfigSchema } from '@pc/accounts/dist/config.js';
import { KDF_PARAMETERS, PasswordHasher } from '@pc/accounts/dist/security/password-hasher.js';
import { closedLoop } from '../adapters/stats.mjs';

const USERS = 300;
const ms = (value) => value.toFixed(1);

export async function loginBench() {
  const hasher = new PasswordHasher();
  const hash = await hasher.hash('correct horse battery');
  const verifyOne = await closedLoop(() => hasher.verify(hash, 'correct horse battery'), {
    concurrency: 1,
    durationMs: 3_000,
  });
  const verifyPool = await closedLoop(() => hasher.verify(hash, 'correct horse battery'), {
    concurrency: 4,
    durationMs: 3_000,
  });
  const { memoryCost, timeCost, parallelism } = KDF_PARAMETERS;
  process.stdout.write(
    `\nKDF argon2id m=${memoryCost} KiB (${(memoryCost / 1024).toFixed(0)} MiB), t=${timeCost}, p=${parallelism}\n`,
  );
  process.stdout.write(
    `  one verification: p50 ${ms(verifyOne.p50)} ms, p95 ${ms(verifyOne.p95)} ms; ${verifyOne.perSecond.toFixed(1)}/s on one thread, ${verifyPool.perSecond.toFixed(1)}/s with 4 in flight (libuv pool)\n`,
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-accounts-'));
  const logger = pino({ level: 'silent' });
  const app = await buildAccountsApp({
    config: loadConfig(accountsConfigSchema, { GRPC_PORT: '0', OPS_PORT: '0', DATA_DIR: dataDir }),
    logger,
  });
  const server = createGrpcServer({ services: app.services, logger });
  const address = `127.0.0.1:${await server.listen('127.0.0.1', 0)}`;
  await app.start?.();
  const client = createServiceClient(AccountsServiceService, address, { deadlineMs: 30_000 });
  try {
    const started = performance.now();
    for (let i = 0; i < USERS; i += 1) {
      await client.register({
        name: `Bench ${i}`,
        email: `bench-${i}@example.test`,
        password: 'correct horse battery',
        passwordConfirmation: 'correct horse battery',
        phone: '',
        accountType: 0,
        company: '',
        termsAccepted: true,
        language: 'en',
        rememberMe: false,
        client: { ip: `10.9.${i >> 8}.${i & 255}`, userAgent: 'bench' },
      });
    }
    process.stdout.write(`  ${USERS} registrations in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    process.stdout.write('\n| Login (gRPC, embedded engines) | logins/s | p50 ms | p95 ms |\n|---|---:|---:|---:|\n');
    let call = 0;
    for (const concurrency of [1, 4, 16]) {
      const result = await closedLoop(
        async () => {
          const i = call++;
          await client.login({
            email: `bench-${i % USERS}@example.test`,
            password: 'correct horse battery',
            rememberMe: false,
            client: { ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, userAgent: 'bench' },
          });
        },
        { concurrency, durationMs: 6_000 },
      );
      process.stdout.write(
        `| concurrency ${concurrency} | ${result.perSecond.toFixed(1)} | ${ms(result.p50)} | ${ms(result.p95)} |\n`,
      );
    }
  } finally {
    closeAllChannels();
    await server.shutdown();
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
