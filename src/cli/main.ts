/**
 * The `sitegate` command table (commander). Usage errors print one line and exit 2, never a stack.
 */
import { Command, CommanderError, Option } from 'commander';
import { ConfigError, LOG_LEVELS } from '../config/config.js';
import { ContentDirError, ContentError } from '../content/load.js';
type KeysModule = typeof import('./keys.js');
type KeysCommand =
  | 'createKeyCommand'
  | 'listKeysCommand'
  | 'showKeyCommand'
  | 'revokeKeyCommand'
  | 'rotateKeyCommand'
  | 'rotateSigningKeyCommand'
  | 'auditCommand';

/** A commander action that loads the keys module when it runs: `keys list` need not load the web server. */
function keysAction<K extends KeysCommand>(name: K): (...args: Parameters<KeysModule[K]>) => Promise<void> {
  return async (...args) => {
    const command = (await import('./keys.js'))[name] as (...given: Parameters<KeysModule[K]>) => Promise<void>;
    await command(...args);
  };
}
type SessionsModule = typeof import('./sessions.js');
type SessionsCommand = 'listSessionsCommand' | 'revokeSessionsCommand';

/** A commander action that loads the sessions module when it runs, as {@link keysAction} does. */
function sessionsAction<K extends SessionsCommand>(name: K): (...args: Parameters<SessionsModule[K]>) => Promise<void> {
  return async (...args) => {
    const command = (await import('./sessions.js'))[name] as (...given: Parameters<SessionsModule[K]>) => Promise<void>;
    await command(...args);
  };
}
import { CommandError, EXIT_USAGE, printError, UsageError } from './output.js';
import { GENERATORS } from '../content/conventions/types.js';
import { PACKAGE_VERSION } from '../version.js';

/** Flags of `serve`, as commander parses them. */
interface ServeOptions {
  port?: string;
  metricsPort?: string;
  host?: string;
  baseUrl?: string;
  dataDir?: string;
  logLevel?: string;
  tokenTtl?: string;
  contentSignal?: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisKeyPrefix?: string;
  watch?: boolean;
  drainTimeout?: string;
  pageMaxChars?: string;
  siteTitle?: string;
  logo?: string;
  favicon?: string;
  accentColor?: string;
  theme?: string;
  editUrl?: string;
  allowContentErrors?: boolean;
  trustProxy?: string;
  mcpAllowedOrigin?: string[];
  secretFile?: string;
  oidcIssuer?: string;
  conventions?: string;
  static?: string[];
  html?: string;
  config?: string;
  logFormat?: string;
}

/** `--static DIR`, repeatable: each folder's files are served at the site root. */
const staticOption = [
  '--static <dir>',
  'a folder of static files served at the site root (repeatable; default: static/ or public/ beside the content folder, public/ inside it)',
  (dir: string, dirs: string[] | undefined) => [...(dirs ?? []), dir],
] as const;
const configFile = ['--config <file>', 'settings file (also SITEGATE_CONFIG; default: ./sitegate.json when it exists)'] as const;
const dataDirHelp =
  "folder of keys and the database (also SITEGATE_DATA_DIR; default: ~/.local/share/sitegate/SITE-HASH or the platform's data folder)";

const secretFile = [
  '--secret-file <path>',
  'file holding the secret that encrypts signing keys (also SITEGATE_SECRET; default: generated into the data folder on SQLite, required on PostgreSQL)',
] as const;

/** `--html DIR` (issue 33): the generator's build folder, served to people as built. */
const htmlOption = [
  '--html <dir>',
  "the generator's build folder (site/, public/, build/…): people get its files as built, agents the sources' markdown",
] as const;

/** `--conventions NAME|plain`, shared by serve and check (a fresh Option each: commander keeps state in it). */
function conventionsOption(): Option {
  return new Option(
    '--conventions <name>',
    "generator whose nav, titles and unpublished files apply, or plain (default: recognised from the folder's files)",
  ).choices(GENERATORS);
}

function program(setExit: (code: number) => void): Command {
  const root = new Command('sitegate')
    .description('Serve a folder of markdown as a website for people and agents.')
    .version(PACKAGE_VERSION, '-V, --version', 'print the version and exit')
    .exitOverride()
    .configureOutput({ outputError: (text) => printError(text.replace(/^error: /, '').trim()) })
    .showSuggestionAfterError(true);

  root
    .command('serve')
    .description('Serve a folder of markdown pages (default: the bundled example site).')
    .argument('[dir]', 'folder of markdown pages')
    .option('--port <n>', 'TCP port (default 3000; 0 picks a free one)')
    .option('--host <host>', 'interface to bind (default 127.0.0.1)')
    .option('--metrics-port <n>', 'serve Prometheus metrics and the readiness probe on this port of the same host (default: off)')
    .option('--base-url <url>', 'public URL of the site (default http://HOST:PORT)')
    .option('--upstream <url>', "proxy people's page and file requests to this origin serving the generator's build (default: none)")
    .option(...configFile)
    .option('--data-dir <dir>', dataDirHelp)
    .addOption(new Option('--log-level <level>', 'log level').choices(LOG_LEVELS))
    .addOption(
      new Option('--log-format <format>', 'log lines for people or JSON lines (default: pretty on a terminal, else json)').choices([
        'pretty',
        'json',
      ]),
    )
    .option('--token-ttl <seconds>', 'lifetime of access tokens (default 3600)')
    .option('--content-signal <signals>', 'Content-Signal for robots.txt and markdown (default "search=yes, ai-input=yes, ai-train=no")')
    .option('--database-url <url>', 'postgres:// URL of a store shared by replicas (default: SQLite in the data folder)')
    .option('--redis-url <url>', 'redis:// URL of rate-limit counters shared by replicas (default: in memory)')
    .option('--redis-key-prefix <prefix>', 'prefix of sitegate\'s Redis keys (default "sitegate:")')
    .option('--watch', 'rebuild the site when the content folder changes')
    .option('--drain-timeout <seconds>', 'on SIGTERM, how long requests in flight may take to finish (default 10)')
    .option('--page-max-chars <n>', 'serve pages whose markdown is longer in parts (default 50000; 0 = never)')
    .option('--site-title <title>', "site name (default: the generator's title, else the public root page's title, else the folder name)")
    .option('--logo <image>', 'header logo: an image path in the content folder or an https URL (default: the site title alone)')
    .option('--favicon <image>', 'site icon: an image path in the content folder or an https URL')
    .option('--accent-color <colour>', 'accent colour of the pages, any CSS colour (default #0969da)')
    .option('--theme <theme>', 'colour theme before a reader picks one: light, dark or auto (default auto)')
    .option('--edit-url <url>', '"Edit this page" base URL, or one with :path for the source path (default: the generator\'s)')
    .addOption(conventionsOption())
    .option('--allow-content-errors', 'start even when pages with unreadable access/draft frontmatter are held back')
    .option('--trust-proxy <list>', 'comma-separated proxy addresses or CIDR ranges whose X-Forwarded-For names the client (default: none)')
    .option(
      '--mcp-allowed-origin <origin>',
      "an origin (https://app.example.com) whose browser pages may call /mcp besides the site's own (repeatable; default: none)",
      (origin: string, origins: string[] | undefined) => [...(origins ?? []), origin],
    )
    .option(...secretFile)
    .option(
      '--oidc-issuer <url>',
      'issuer of the OpenID Connect provider people sign in with (also SITEGATE_OIDC_ISSUER; default: sign-in off)',
    )
    .option(...staticOption)
    .option(...htmlOption)
    .action(async (dir: string | undefined, options: ServeOptions) => {
      const { serve } = await import('./serve.js');
      await serve({ contentDir: dir, ...options });
    });

  root
    .command('check')
    .description(
      'List content problems by kind, with a fix for each: broken links, missing titles, duplicate URLs… Exits 1 on errors not ignored.',
    )
    .argument('[dir]', 'folder of markdown pages')
    .option('--page-max-chars <n>', 'the page limit to check against, as serve takes it (default 50000; 0 = never split)')
    .addOption(conventionsOption())
    .option(...staticOption)
    .option(...htmlOption)
    .option(...configFile)
    .option(
      '--verbose',
      "list every finding of a kind, each link left to the site's render-link hook and each link to a known-missing target",
    )
    .option('--format <format>', 'text (default), or json: one object, its shape in docs/writing.md')
    .action(
      async (
        dir: string | undefined,
        options: {
          pageMaxChars?: string;
          conventions?: string;
          static?: string[];
          html?: string;
          config?: string;
          verbose?: boolean;
          format?: string;
        },
      ) => {
        const { runCheck } = await import('./check.js');
        setExit(runCheck(dir, options));
      },
    );
  root
    .command('export')
    .description(
      'Write the public site as static files: HTML, .md twins, llms files, sitemap, feeds, search index, assets, nginx.conf and _headers.',
    )
    .argument('<dir>', 'folder to write (must be empty or missing; --force replaces it)')
    .option('--content <dir>', 'folder of markdown pages (default: as serve finds it)')
    .option('--force', 'replace a folder that is not empty')
    .option('--base-url <url>', 'public URL the export will be served at (default: as serve)')
    .option('--nginx-listen <address>', 'listen parameters of the server in the nginx.conf written (default 80)')
    .option('--page-max-chars <n>', 'serve pages whose markdown is longer in parts, as serve does (default 50000; 0 = never)')
    .option('--site-title <title>', 'site name, as serve takes it')
    .addOption(conventionsOption())
    .option(...staticOption)
    .option(...configFile)
    .action(async (dir: string, options: import('./export.js').ExportFlags) => {
      const { exportCommand } = await import('./export.js');
      await exportCommand(dir, options);
    });
  root
    .command('init')
    .description('Write a starter site: a few pages (one private, under internal/) and a sitegate.json.')
    .argument('[dir]', 'folder to write (default: the working folder); must not hold a sitegate.json yet')
    .action(async (dir: string | undefined) => {
      const { initCommand } = await import('./init.js');
      initCommand(dir);
    });
  const dataDir = ['--data-dir <dir>', dataDirHelp] as const;
  const databaseUrl = [
    '--database-url <url>',
    'postgres:// URL of the store shared by replicas (default: SQLite in the data folder)',
  ] as const;
  /** Adds the options of the store (settings file, data folder, PostgreSQL URL, secret file) to a keys or audit command, and its action. */
  const onStore = (command: Command, action: KeysCommand | SessionsCommand): void => {
    command
      .option(...configFile)
      .option(...dataDir)
      .option(...databaseUrl)
      .option(...secretFile)
      .action(action === 'listSessionsCommand' || action === 'revokeSessionsCommand' ? sessionsAction(action) : keysAction(action));
  };
  const keys = root
    .command('keys')
    .description('Issue, list, revoke and rotate API keys (operator only; there is no self-service signup).');
  onStore(
    keys
      .command('create')
      .description('Issue a key; prints client_id, client_secret and the X-API-Key value once.')
      .requiredOption('--name <name>', 'who or what the key is for')
      .requiredOption('--scopes <list>', 'comma-separated: search:read, content:read, internal:read')
      .option('--expires <duration>', 'lifetime, e.g. 90d (default: never)')
      .option('--json', 'print one JSON object'),
    'createKeyCommand',
  );
  onStore(
    keys.command('list').description('List keys: id, name, scopes, created, last used, expires, status.').option('--json', 'print JSON'),
    'listKeysCommand',
  );
  onStore(keys.command('show').description('Show one key.').argument('<id>', 'client_id').option('--json', 'print JSON'), 'showKeyCommand');
  onStore(
    keys.command('revoke').description('Revoke a key and every token issued for it.').argument('<id>', 'client_id'),
    'revokeKeyCommand',
  );
  onStore(
    keys
      .command('rotate')
      .description('Give a key a new secret; the old one keeps working during the grace period.')
      .argument('<id>', 'client_id')
      .option('--grace <duration>', 'how long the old secret keeps working (default 24h)')
      .option('--json', 'print one JSON object'),
    'rotateKeyCommand',
  );
  onStore(
    keys
      .command('rotate-signing')
      .description('Make a new signing key the active one; the old one keeps verifying until its last token has expired.')
      .option('--token-ttl <seconds>', 'the lifetime of tokens the servers issue (default: as serve reads it, 3600)')
      .option('--json', 'print one JSON object'),
    'rotateSigningKeyCommand',
  );
  const sessions = root.command('sessions').description('List and revoke the sessions of people signed in through the identity provider.');
  onStore(
    sessions
      .command('list')
      .description('List live sessions (id, subject, name, scopes, created, last seen, expires), then agent grants (with their client).')
      .option('--json', 'print JSON'),
    'listSessionsCommand',
  );
  onStore(
    sessions
      .command('revoke')
      .description('Revoke one session, every session of a person, or all; they must sign in again.')
      .argument('[id]', 'session id (sgs_…; its agent grants go with it) or agent grant id (sga_…)')
      .option('--subject <sub>', "every session of this person (the identity provider's sub)")
      .option('--all', 'every session'),
    'revokeSessionsCommand',
  );
  onStore(
    root
      .command('audit')
      .description(
        'Show audit events: keys created, rotated, revoked; tokens issued; failed authentications; sign-ins, refused sign-ins, sign-outs and revoked sessions.',
      )
      .option('--since <duration>', 'how far back, e.g. 1h (default 24h)')
      .option('--limit <n>', 'at most this many events (default 1000)')
      .option('--json', 'print JSON'),
    'auditCommand',
  );
  root
    .command('backup')
    .description(
      "Save the data folder (the SQLite database, copied online while servers run, and the secret) to FILE, a .tar.gz made 0600. On PostgreSQL: the secret only (the database is pg_dump's).",
    )
    .argument('<file>', 'backup file to write (replaced atomically), e.g. sitegate-backup.tar.gz')
    .option(...configFile)
    .option(...dataDir)
    .option(...databaseUrl)
    .option(...secretFile)
    .action(async (file: string, options: import('./keys.js').StoreFlags) => {
      const { backupCommand } = await import('./backup.js');
      await backupCommand(file, options);
    });
  root
    .command('restore')
    .description('Check a backup made by sitegate backup, then put it in the data folder (stop the server first).')
    .argument('<file>', 'backup file')
    .option('--force', 'replace a data folder that is not empty (it is moved aside to DIR.before-restore-TIME, not deleted)')
    .option(...configFile)
    .option(...dataDir)
    .option(...databaseUrl)
    .option(...secretFile)
    .action(async (file: string, options: import('./keys.js').StoreFlags & { force?: boolean }) => {
      const { restoreCommand } = await import('./backup.js');
      await restoreCommand(file, options);
    });
  root
    .command('stats')
    .description(
      'Show what agents, browsers and API clients did: agents over time, top pages, markdown share, searches that found nothing, use per key.',
    )
    .option('--since <duration>', 'how far back, e.g. 24h or 30d (default 7d)')
    .option('--json', 'print one JSON object')
    .option('--html <file>', 'also write a self-contained HTML report with charts to this file')
    .option(...configFile)
    .option(...dataDir)
    .option(...databaseUrl)
    .option(...secretFile)
    .action(async (options: import('./stats.js').StatsFlags) => {
      const { statsCommand } = await import('./stats.js');
      await statsCommand(options);
    });
  return root;
}

/**
 * Runs the CLI.
 * @param argv `process.argv`
 * @returns the process exit code
 */
export async function main(argv: readonly string[]): Promise<number> {
  let exitCode = 0;
  const cli = program((code) => {
    exitCode = code;
  });
  try {
    if (argv.length <= 2) {
      cli.outputHelp();
      return EXIT_USAGE;
    }
    await cli.parseAsync([...argv]);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit 0; parse errors were already printed as one line.
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    if (error instanceof ConfigError || error instanceof ContentDirError || error instanceof ContentError || error instanceof UsageError) {
      printError(error.message);
      return EXIT_USAGE;
    }
    if (error instanceof CommandError) {
      printError(error.message);
      return 1;
    }
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      printError(`port already in use: ${(error as Error).message.replace(/^listen EADDRINUSE: address already in use /, '')}`);
      return EXIT_USAGE;
    }
    printError(`unexpected error: ${(error as Error).message}`);
    return 1;
  }
}
