/**
 * deploy/sitegate.service (docs/deploy.md "systemd"), checked the two ways systemd offers without
 * starting it (no systemd runs as PID 1 here): `systemd-analyze verify` (syntax, every key known,
 * every value parsed, the command executable) and `systemd-analyze security --offline` (the
 * exposure of its sandbox). The unit runs `sitegate` by bare name, which this machine has not
 * installed globally: the copy checked names the repository's bin/sitegate.js instead.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from './cli-process.js';
import { REPO_DIR } from './helpers.js';

const UNIT = readFileSync(path.join(REPO_DIR, 'deploy/sitegate.service'), 'utf8');
const SETTINGS = JSON.parse(readFileSync(path.join(REPO_DIR, 'deploy/sitegate.json'), 'utf8')) as Record<string, unknown>;
const EXEC_START = 'ExecStart=sitegate serve --config /etc/sitegate/sitegate.json';
const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-systemd-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `unit` as DIR/NAME (verify reads the unit's name from the file name) and returns the path. */
function unitFile(name: string, unit: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, unit);
  return file;
}

/** The example unit with its command at the repository's bin/sitegate.js. */
function testedUnit(): string {
  expect(UNIT.split('\n').filter((line) => line.startsWith('ExecStart='))).toStrictEqual([EXEC_START]);
  return UNIT.replace(EXEC_START, EXEC_START.replace('=sitegate ', `=${BIN} `));
}

function analyze(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('systemd-analyze', args, { encoding: 'utf8', env: { ...process.env, SYSTEMD_COLORS: '0' } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The unit's settings as systemd reads them: `Key=value` lines of each section, comments left out. */
function directives(unit: string): string[] {
  return unit.split('\n').filter((line) => /^[A-Z]\w*=/.test(line));
}

describe('deploy/sitegate.service', () => {
  it('passes systemd-analyze verify without a warning', () => {
    const result = analyze(['verify', unitFile('sitegate.service', testedUnit())]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('is refused by verify when a key or value is wrong, so the check above can fail', () => {
    const typo = analyze(['verify', unitFile('sitegate.service', testedUnit().replace('ProtectSystem=strict', 'ProtectSytem=strict'))]);
    expect(typo.stderr).toContain("Unknown key 'ProtectSytem' in section [Service], ignoring.");
    const value = analyze(['verify', unitFile('sitegate.service', testedUnit().replace('ProtectSystem=strict', 'ProtectSystem=strictt'))]);
    expect(value.stderr).toContain('Failed to parse protect system value, ignoring: strictt');
    const missing = analyze([
      'verify',
      unitFile('sitegate.service', UNIT.replace(EXEC_START, EXEC_START.replace('=sitegate ', '=/nonexistent/sitegate '))),
    ]);
    expect(missing.stderr).toContain('Command /nonexistent/sitegate is not executable');
    expect(missing.status).not.toBe(0);
  });

  it('runs sitegate serve as its own user, restarted on failure, with the data folder as its state directory', () => {
    expect(directives(UNIT)).toEqual(
      expect.arrayContaining([
        'Type=exec',
        'User=sitegate',
        'Group=sitegate',
        EXEC_START,
        'Restart=on-failure',
        'StateDirectory=sitegate',
        'StateDirectoryMode=0700',
        'ConfigurationDirectory=sitegate',
        'UMask=0077',
        'ProtectSystem=strict',
        `ReadWritePaths=${String(SETTINGS.dataDir)}`,
        'NoNewPrivileges=yes',
      ]),
    );
    // The config the unit names keeps its data in the state directory systemd makes writable.
    expect(SETTINGS.dataDir).toBe('/var/lib/sitegate');
  });

  it('has an overall exposure of at most 1.5 under systemd-analyze security, leaving open only what a web server needs', () => {
    const file = unitFile('sitegate.service', testedUnit());
    const text = analyze(['security', '--offline=yes', file]);
    expect(text.status).toBe(0);
    const level = /Overall exposure level for sitegate\.service: (\d+\.\d)/.exec(text.stdout)?.[1];
    expect(Number(level)).toBeLessThanOrEqual(1.5);
    const json = analyze(['security', '--offline=yes', '--json=short', file]);
    const open = (JSON.parse(json.stdout) as { name: string; exposure: string | null }[])
      .filter((check) => Number(check.exposure ?? 0) > 0)
      .map((check) => check.name);
    expect(open).toStrictEqual([
      // node raises its open-file limit at start (setrlimit, in @resources).
      'SystemCallFilter=~@resources',
      'RootDirectory=/RootImage=',
      // V8 compiles JavaScript to machine code in memory it maps writable and executable.
      'MemoryDenyWriteExecute=',
      // A web server with a database and an identity provider to reach.
      'RestrictAddressFamilies=~AF_UNIX',
      'RestrictAddressFamilies=~AF_(INET|INET6)',
      'PrivateNetwork=',
      'DeviceAllow=',
      'IPAddressDeny=',
    ]);
  });
});
