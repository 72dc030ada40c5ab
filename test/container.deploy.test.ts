/**
 * deploy/Dockerfile and deploy/compose.yaml (docs/deploy.md "Docker"). No container engine runs
 * where this suite runs, so neither is built or started: what they name is checked against the
 * package instead. The files the image copies exist and the build context lets them in; the
 * command is the package's `sitegate` bin; every sitegate variable the image and compose set is a
 * setting, and compose's settings load into the config they mean; the data folder is the volume;
 * the image runs as a user other than root; and its health check, run as written against a
 * sitegate server, passes while sitegate answers and fails when it does not.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { OPERATIONS } from '../src/api/operations.js';
import { loadConfig } from '../src/config/config.js';
import { readEnv } from '../src/config/env.js';
import { SETTINGS } from '../src/config/settings.js';
import { BIN } from './cli-process.js';
import { freePort } from './free-port.js';
import { REPO_DIR } from './helpers.js';
import { listeningApp, type ListeningApp } from './source-address.js';

const DOCKERFILE = readFileSync(path.join(REPO_DIR, 'deploy/Dockerfile'), 'utf8');
const DOCKERIGNORE = readFileSync(path.join(REPO_DIR, 'deploy/Dockerfile.dockerignore'), 'utf8');
const PACKAGE = JSON.parse(readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
  scripts: Record<string, string>;
};
const SETTING_VARIABLES = new Set(SETTINGS.flatMap((setting) => (setting.env === undefined ? [] : [setting.env])));

/** One Dockerfile instruction: its keyword (upper case) and arguments, continuation lines joined. */
interface Instruction {
  keyword: string;
  args: string;
  /** 0 for the build stage, 1 for the next… */
  stage: number;
}

/** The Dockerfile's instructions (Dockerfile reference: `\` continues a line; `#` lines are comments). */
function instructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  let stage = -1;
  return joined
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [, keyword = '', args = ''] = /^\s*(\w+)\s+(.*)$/.exec(line) ?? [];
      if (keyword.toUpperCase() === 'FROM') stage++;
      return { keyword: keyword.toUpperCase(), args: args.trim(), stage };
    });
}

const STEPS = instructions(DOCKERFILE);
const RUNTIME = Math.max(...STEPS.map((step) => step.stage));
const runtime = (keyword: string): Instruction[] => STEPS.filter((step) => step.stage === RUNTIME && step.keyword === keyword);

/** The runtime stage's ENV, by name (`ENV A=1 B=2` form). */
function runtimeEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const { args } of runtime('ENV')) for (const [, name = '', value = ''] of args.matchAll(/(\w+)=(\S+)/g)) env[name] = value;
  return env;
}

/** The exec (JSON) form of an instruction's arguments, after options like `--interval=30s`. */
function execForm(args: string): string[] {
  const json = args.replace(/^(--\w[\w-]*=\S+\s+)*(CMD\s+)?/, '');
  return JSON.parse(json) as string[];
}

describe('deploy/Dockerfile', () => {
  it('copies files that exist and that Dockerfile.dockerignore lets into the context', () => {
    const allowed = new Set(DOCKERIGNORE.split('\n').flatMap((line) => (line.startsWith('!') ? [line.slice(1)] : [])));
    const sources = STEPS.filter((step) => step.keyword === 'COPY' && !step.args.startsWith('--from')).flatMap((step) =>
      step.args.split(/\s+/).slice(0, -1),
    );
    expect(sources).toStrictEqual(['package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'bin', 'src', 'examples']);
    for (const source of sources) {
      expect(existsSync(path.join(REPO_DIR, source)), source).toBe(true);
      expect(allowed.has(source), source).toBe(true);
    }
    expect(DOCKERIGNORE.split('\n')).toContain('*');
    expect(PACKAGE.scripts.build).toBeDefined();
  });

  it('runs the package’s sitegate command as a user other than root, its data folder a volume', () => {
    expect(execForm(runtime('ENTRYPOINT')[0]?.args ?? '')).toStrictEqual(['sitegate']);
    expect(execForm(runtime('CMD')[0]?.args ?? '')).toStrictEqual(['serve']);
    expect(PACKAGE.bin.sitegate).toBe('bin/sitegate.js');
    expect(runtime('USER').map((step) => step.args)).toStrictEqual(['node']);
    const env = runtimeEnv();
    expect(
      Object.keys(env)
        .filter((name) => !SETTING_VARIABLES.has(name))
        .sort(),
    ).toStrictEqual(['NODE_ENV', 'PATH']);
    expect(runtime('VOLUME').map((step) => execForm(step.args))).toStrictEqual([[env.SITEGATE_DATA_DIR]]);
    const config = loadConfig({}, readEnv(env), {}, '/');
    expect([config.host, config.contentDir, config.dataDir]).toStrictEqual(['0.0.0.0', '/srv/docs', '/var/lib/sitegate']);
  });

  describe('its health check', () => {
    let server: ListeningApp | undefined;
    beforeAll(async () => {
      server = await listeningApp({});
    });
    afterAll(async () => {
      await server?.app.close();
    });
    /** Runs the HEALTHCHECK command with PORT set, in a child process (the server answers from this one); resolves with its exit code. */
    const healthCheck = (port: number): Promise<number | null> => {
      const [command = '', ...args] = execForm(runtime('HEALTHCHECK')[0]?.args ?? '');
      expect(command).toBe('node');
      const child = spawn(process.execPath, args, { env: { ...process.env, PORT: String(port) }, stdio: 'ignore', timeout: 30_000 });
      return new Promise((resolve, reject) => {
        child.once('error', reject);
        child.once('close', (code) => resolve(code));
      });
    };

    it('asks /api/v1/health, which answers without a credential', () => {
      expect(runtime('HEALTHCHECK')[0]?.args).toContain("/api/v1/health'");
      expect(OPERATIONS.find((op) => op.path === '/api/v1/health')).toMatchObject({ id: 'getHealth', method: 'GET', credential: 'none' });
    });

    it('passes while sitegate answers on PORT and fails when nothing listens there', async () => {
      expect(await healthCheck(server?.port ?? 0)).toBe(0);
      expect(await healthCheck(await freePort())).toBe(1);
    });
  });
});

/** compose.yaml's `${NAME:?message}` interpolations, given test values. */
const INTERPOLATED: Record<string, string> = {
  POSTGRES_PASSWORD: 'compose-test-password',
  DOCS_DIR: '/srv/sitegate/docs',
  SECRET_FILE: '/etc/sitegate/secret',
};

interface ComposeService {
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  secrets?: string[];
  volumes?: string[];
}
interface Compose {
  services: Record<string, ComposeService>;
  networks: { default: { ipam: { config: { subnet: string; gateway: string }[] } } };
  secrets: Record<string, { file: string }>;
}

function compose(): Compose {
  const text = readFileSync(path.join(REPO_DIR, 'deploy/compose.yaml'), 'utf8');
  const interpolated = text.replace(/\$\{(\w+):\?[^}]*\}/g, (_match, name: string) => {
    const value = INTERPOLATED[name];
    expect(value, name).toBeDefined();
    return value ?? '';
  });
  return parseYaml(interpolated) as Compose;
}

describe('deploy/compose.yaml', () => {
  it('builds deploy/Dockerfile from the repository’s root', () => {
    const { build } = compose().services.sitegate ?? {};
    expect(build).toStrictEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
    expect(path.resolve(REPO_DIR, 'deploy', build?.context ?? '', build?.dockerfile ?? '')).toBe(path.join(REPO_DIR, 'deploy/Dockerfile'));
  });

  it('gives sitegate settings it has, which load into PostgreSQL, Redis, the base URL and the trusted gateway', () => {
    const file = compose();
    const sitegate = file.services.sitegate ?? {};
    const environment = sitegate.environment ?? {};
    expect(Object.keys(environment).filter((name) => !SETTING_VARIABLES.has(name))).toStrictEqual([]);
    // ENTRYPOINT sitegate + command: the flags are serve's own.
    const [subcommand, ...flags] = sitegate.command ?? [];
    expect(subcommand).toBe('serve');
    const help = spawnSync(process.execPath, [BIN, 'serve', '--help'], { encoding: 'utf8' }).stdout;
    for (const flag of flags.filter((arg) => arg.startsWith('--'))) expect(help).toContain(`${flag} <`);
    expect(flags).toStrictEqual(['--secret-file', `/run/secrets/${sitegate.secrets?.[0] ?? ''}`]);
    expect(file.secrets[sitegate.secrets?.[0] ?? '']).toStrictEqual({ file: INTERPOLATED.SECRET_FILE });

    const config = loadConfig({ secretFile: flags[1] }, readEnv({ ...runtimeEnv(), ...environment }), {}, '/');
    expect({
      databaseUrl: config.databaseUrl,
      redisUrl: config.redisUrl,
      baseUrl: config.baseUrl,
      trustProxy: config.trustProxy,
      host: config.host,
      dataDir: config.dataDir,
      contentDir: config.contentDir,
    }).toStrictEqual({
      databaseUrl: `postgres://sitegate:${INTERPOLATED.POSTGRES_PASSWORD ?? ''}@postgres:5432/sitegate`,
      redisUrl: 'redis://redis:6379',
      baseUrl: 'https://example.com/docs',
      trustProxy: [file.networks.default.ipam.config[0]?.gateway],
      host: '0.0.0.0',
      dataDir: '/var/lib/sitegate',
      contentDir: '/srv/docs',
    });
    // The volumes land on the image's content and data folders; PostgreSQL has the URL's user and database.
    expect(sitegate.volumes).toStrictEqual([`${INTERPOLATED.DOCS_DIR ?? ''}:/srv/docs:ro`, 'sitegate-data:/var/lib/sitegate']);
    expect(file.services.postgres?.environment).toStrictEqual({
      POSTGRES_USER: 'sitegate',
      POSTGRES_DB: 'sitegate',
      POSTGRES_PASSWORD: INTERPOLATED.POSTGRES_PASSWORD,
    });
  });
});
