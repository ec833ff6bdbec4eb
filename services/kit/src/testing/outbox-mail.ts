import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outboxDirectory } from '../mail/outbox-mailer.js';

/** A mail as the local outbox wrote it, decoded enough for a test to read. */
export interface ReadMail {
  readonly to: string;
  readonly subject: string;
  readonly kind: string;
  /** The text part, quoted-printable decoded. */
  readonly text: string;
  /** The List-Unsubscribe and List-Unsubscribe-Post headers (RFC 2369, RFC 8058); empty when none. */
  readonly listUnsubscribe: string;
  readonly listUnsubscribePost: string;
}

const decodeQuotedPrintable = (text: string): string =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), as nodemailer writes non-ASCII headers. */
const decodeWords = (value: string): string =>
  value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );

function header(eml: string, name: string): string {
  // A long value may start on the next line (folded right after the colon).
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)$`, 'mi').exec(eml);
  return decodeWords((match?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ').trim());
}

function textPart(eml: string): string {
  const start = eml.search(/^Content-Type: text\/plain/m);
  if (start < 0) return '';
  const part = eml.slice(start);
  const bodyStart = part.search(/\r?\n\r?\n/);
  const body =
    part
      .slice(bodyStart)
      .replace(/^\s+/, '')
      .split(/\r?\n--/)[0] ?? '';
  return /Content-Transfer-Encoding: quoted-printable/i.test(part.slice(0, bodyStart))
    ? decodeQuotedPrintable(body)
    : body;
}

/** The local profile's outbox folder (<DATA_DIR>/mail/outbox), read as the developer would. */
export class MailBox {
  constructor(private readonly dataDir: string) {}

  all(): ReadMail[] {
    const directory = outboxDirectory(this.dataDir);
    if (!existsSync(directory)) return [];
    return readdirSync(directory)
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .map((file) => {
        const eml = readFileSync(join(directory, file), 'utf8');
        return {
          to: header(eml, 'To'),
          subject: header(eml, 'Subject'),
          kind: header(eml, 'X-Pricecompare-Kind'),
          text: textPart(eml),
          listUnsubscribe: header(eml, 'List-Unsubscribe'),
          listUnsubscribePost: header(eml, 'List-Unsubscribe-Post'),
        };
      });
  }

  /** The newest mail to an address (of a kind), if any. */
  latest(to: string, kind?: string): ReadMail | undefined {
    return this.all()
      .filter((mail) => mail.to === to && (!kind || mail.kind === kind))
      .at(-1);
  }

  /** The first link in the newest mail of a kind, parsed. */
  link(to: string, kind: string): URL {
    const mail = this.latest(to, kind);
    const url = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
    if (!url) throw new Error(`no ${kind} mail with a link to ${to}`);
    return new URL(url);
  }
}
