/**
 * TEST ONLY: a throw-away certificate authority and a server certificate for `localhost`,
 * `127.0.0.1`, `::1` and `client.test`, made with openssl in a temporary folder for one test file
 * (nothing is checked in). Tests trust the CA by handing its PEM to the code under test, the way
 * `NODE_EXTRA_CA_CERTS` adds it to Node's store in production.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** PEM texts of a test CA and of a server certificate it signed, with its key. */
export interface TestCertificates {
  /** The CA certificate (PEM): what a client trusts. */
  ca: string;
  /** The server's certificate (PEM). */
  cert: string;
  /** The server's private key (PEM). */
  key: string;
  /** The CA's file, for `NODE_EXTRA_CA_CERTS` in a child process. */
  caFile: string;
  /** Deletes the temporary folder. */
  remove(): void;
}

/** Host names and addresses the server certificate names (subjectAltName). */
export const TEST_CERT_NAMES = 'DNS:localhost,DNS:client.test,IP:127.0.0.1,IP:::1';

/**
 * Makes a CA (P-256, valid one day) and a server certificate signed by it.
 * @throws {Error} when openssl (/usr/bin/openssl) fails
 */
export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-test-ca-'));
  const file = (name: string): string => path.join(dir, name);
  const openssl = (...args: string[]): void => {
    execFileSync('/usr/bin/openssl', args, { stdio: 'pipe' });
  };
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.pem'),
    '-days',
    '1',
    '-subj',
    '/CN=sitegate TEST ONLY CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl('req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=localhost');
  writeFileSync(file('server.ext'), `subjectAltName=${TEST_CERT_NAMES}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('server.pem'),
    '-days',
    '1',
    '-extfile',
    file('server.ext'),
  );
  return {
    ca: readFileSync(file('ca.pem'), 'utf8'),
    cert: readFileSync(file('server.pem'), 'utf8'),
    key: readFileSync(file('server.key'), 'utf8'),
    caFile: file('ca.pem'),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
