import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testdataDir } from './testdata.js';

/** One expectation of Google's robots.txt compliance tests, with its robots.txt body. */
export interface RobotsSpecCase {
  /** e.g. "correctness/groups.textproto #3.1" (test 3, expectation 1). */
  readonly id: string;
  readonly robotsTxt: Buffer;
  /** The URL as the file gives it (bytes as latin1 → the suite's raw URL string). */
  readonly url: string;
  readonly userAgent: string;
  readonly allowed: boolean;
  readonly googleSpecific: boolean;
}

interface SuiteJson {
  readonly files: readonly {
    readonly name: string;
    readonly spec: {
      readonly tests?: readonly {
        readonly robotstxt?: string;
        readonly testExpectations?: readonly {
          readonly testurl?: string;
          readonly useragent?: string;
          readonly expectedOutcome: string;
          readonly testType?: string;
        }[];
      }[];
    };
  }[];
}

const repo = join(__dirname, '..', '..', '..', '..');
const base64 = (text: string | undefined): Buffer => Buffer.from(text ?? '', 'base64');

/**
 * Reads every .textproto of the suite through `buf convert` (protobuf text format is buf's to
 * parse, not ours): the files are wrapped in one `Suite` message so one call reads them all.
 */
export function loadRobotsSpecSuite(): RobotsSpecCase[] {
  const dir = testdataDir('robots-spec-test');
  const files = ['correctness', 'stress'].flatMap((folder) =>
    readdirSync(join(dir, folder))
      .filter((name) => name.endsWith('.textproto'))
      .sort()
      .map((name) => `${folder}/${name}`),
  );
  const text = files
    .map((name) => `files {\n name: "${name}"\n spec {\n${readFileSync(join(dir, name), 'latin1')}\n }\n}\n`)
    .join('');
  const json = execFileSync(
    join(repo, 'node_modules', '.bin', 'buf'),
    [
      'convert',
      join(__dirname, 'robots-spec.proto'),
      '--type',
      'robotsspec.Suite',
      '--from',
      '-#format=txtpb',
      '--to',
      '-#format=json',
    ],
    { input: Buffer.from(text, 'latin1'), maxBuffer: 64 * 1024 * 1024 },
  );
  const suite = JSON.parse(json.toString('utf8')) as SuiteJson;
  return suite.files.flatMap((file) =>
    (file.spec.tests ?? []).flatMap((test, t) =>
      (test.testExpectations ?? []).map((expectation, e) => ({
        id: `${file.name} #${t + 1}.${e + 1}`,
        robotsTxt: base64(test.robotstxt),
        url: base64(expectation.testurl).toString('latin1'),
        userAgent: base64(expectation.useragent).toString('latin1'),
        allowed: expectation.expectedOutcome === 'ALLOWED',
        googleSpecific: expectation.testType === 'GOOGLE_SPECIFIC',
      })),
    ),
  );
}
