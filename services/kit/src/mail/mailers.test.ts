import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { UnavailableError } from '../errors/domain-errors.js';
import { createOutboxMailer } from './outbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

const FROM = 'pricecompare <no-reply@pricecompare.test>';
const mail = {
  to: 'anna@example.test',
  subject: 'Reset your password',
  text: 'Open https://site.test/reset?token=abc',
  html: '<p>Open <a href="https://site.test/reset?token=abc">this link</a></p>',
};

interface Received {
  readonly from: string;
  readonly to: string[];
  readonly user: string;
  readonly data: string;
}

/** A tiny SMTP server of our own (smtp-server): the true external boundary of the SMTP adapter. */
async function startSmtpServer(
  options: { refuse?: string } = {},
): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
      else callback(new Error('invalid credentials'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address === options.refuse)
        callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: String(session.user ?? ''),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('SMTP mailer (nodemailer) against a local SMTP server', () => {
  it('authenticates and delivers the message with its headers, text and HTML', async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpMailer({ url: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, from: FROM });
    try {
      expect(await mailer.isReady()).toBe(true);
      const sent = await mailer.send({ ...mail, id: 'reset-1', headers: { 'X-Pricecompare-Kind': 'password-reset' } });
      expect(sent.messageId).toBe('<reset-1@pricecompare.test>');
      expect(smtp.received).toHaveLength(1);
      const [message] = smtp.received;
      expect(message).toMatchObject({ from: 'no-reply@pricecompare.test', to: ['anna@example.test'], user: 'mailer' });
      expect(message?.data).toContain('Subject: Reset your password');
      expect(message?.data).toContain('Message-ID: <reset-1@pricecompare.test>');
      expect(message?.data).toContain('X-Pricecompare-Kind: password-reset');
      expect(message?.data).toContain('https://site.test/reset?token=abc');
      expect(message?.data).toContain('Content-Type: text/html');
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('fails with UnavailableError when the server refuses the recipient or the credentials', async () => {
    const smtp = await startSmtpServer({ refuse: 'gone@example.test' });
    const mailer = createSmtpMailer({ url: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, from: FROM });
    const wrongPassword = createSmtpMailer({ url: `smtp://mailer:wrong@127.0.0.1:${smtp.port}`, from: FROM });
    try {
      await expect(mailer.send({ ...mail, to: 'gone@example.test' })).rejects.toBeInstanceOf(UnavailableError);
      await expect(wrongPassword.send(mail)).rejects.toBeInstanceOf(UnavailableError);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await mailer.close();
      await wrongPassword.close();
      await smtp.close();
    }
  });

  it('is not ready and fails sends when no server listens', async () => {
    const smtp = await startSmtpServer();
    await smtp.close();
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${smtp.port}`, from: FROM, timeoutMs: 2_000 });
    try {
      expect(await mailer.isReady()).toBe(false);
      await expect(mailer.send(mail)).rejects.toBeInstanceOf(UnavailableError);
    } finally {
      await mailer.close();
    }
  });
});

describe('outbox mailer (local profile)', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'outbox-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('writes one complete .eml file per mail, in send order, that a mail client can open', async () => {
    let tick = Date.parse('2026-11-24T10:00:00Z');
    const mailer = createOutboxMailer({ directory, from: FROM, now: () => new Date((tick += 1_000)) });
    const first = await mailer.send({ ...mail, id: 'first' });
    await mailer.send({ ...mail, to: 'ben@example.test', subject: 'Verify your e-mail', id: 'second' });
    const files = readdirSync(directory);
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    expect(files.sort()[0]).toContain('anna@example.test');
    expect(first.path).toBe(join(directory, files.sort()[0] ?? ''));
    const text = readFileSync(first.path ?? '', 'utf8');
    expect(text).toContain('From: pricecompare <no-reply@pricecompare.test>');
    expect(text).toContain('To: anna@example.test');
    expect(text).toContain('Subject: Reset your password');
    expect(text).toContain('Message-ID: <first@pricecompare.test>');
    expect(text).toContain('https://site.test/reset?token=abc');
    await mailer.close();
    await expect(mailer.send(mail)).rejects.toBeInstanceOf(UnavailableError);
  });
});
