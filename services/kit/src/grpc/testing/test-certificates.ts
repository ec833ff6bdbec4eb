import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface KeyPair {
  readonly cert: string;
  readonly key: string;
}

export interface TestCertificates {
  /** The CA that signed `server` and `client`. */
  readonly ca: string;
  /** For localhost and 127.0.0.1 (server authentication). */
  readonly server: KeyPair;
  /** A client certificate (client authentication). */
  readonly client: KeyPair;
  /** A client certificate from another CA, which a server trusting `ca` must refuse. */
  readonly stranger: KeyPair;
}

const openssl = (dir: string, args: readonly string[]): void =>
  void execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

function makeCa(dir: string, name: string): void {
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.crt`,
  ]);
}

function makeLeaf(dir: string, name: string, ca: string, extensions: string): KeyPair {
  writeFileSync(join(dir, `${name}.ext`), extensions);
  openssl(dir, [
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-subj',
    `/CN=${name}`,
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.csr`,
  ]);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    `${name}.csr`,
    '-CA',
    `${ca}.crt`,
    '-CAkey',
    `${ca}.key`,
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    `${name}.ext`,
    '-out',
    `${name}.crt`,
  ]);
  return { cert: join(dir, `${name}.crt`), key: join(dir, `${name}.key`) };
}

/** Makes a CA and certificates signed by it with the openssl CLI, in `dir` (valid two days). */
export function makeTestCertificates(dir: string): TestCertificates {
  makeCa(dir, 'test-ca');
  makeCa(dir, 'other-ca');
  return {
    ca: join(dir, 'test-ca.crt'),
    server: makeLeaf(
      dir,
      'server',
      'test-ca',
      'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n',
    ),
    client: makeLeaf(dir, 'client', 'test-ca', 'extendedKeyUsage=clientAuth\n'),
    stranger: makeLeaf(dir, 'stranger', 'other-ca', 'extendedKeyUsage=clientAuth\n'),
  };
}
