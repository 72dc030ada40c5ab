/**
 * What the property and fuzz tests share: the seed (fixed, or `SITEGATE_FUZZ_SEED`), the case
 * counter the summary reporter totals, a raw-socket client for targets inject cannot express, and
 * the invariants every answer must keep (issue 6): no 5xx, the SPEC.md error object with a code of
 * the table, nothing internal in a body, no internal page in a public answer.
 */
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import type { Parameters as FcParameters } from 'fast-check';
import { expect } from 'vitest';
import { ERROR_CODES, ERROR_TABLE, type ErrorCode } from '../src/errors.js';
import { REPO_DIR } from './helpers.js';

declare module 'vitest' {
  interface TaskMeta {
    /** Generated cases a fuzz test ran; the summary reporter prints their total. */
    fuzzCases?: number;
  }
}

/** The seed of every fuzz run: `SITEGATE_FUZZ_SEED`, else a fixed one so CI runs are reproducible. */
export const FUZZ_SEED = readSeed(process.env.SITEGATE_FUZZ_SEED);
/** Multiplies every run count: `SITEGATE_FUZZ_SCALE=10` for a long local hunt. */
export const FUZZ_SCALE = readScale(process.env.SITEGATE_FUZZ_SCALE);

function readSeed(value: string | undefined): number {
  if (value === undefined || value === '') return 20_261_122;
  const seed = Number(value);
  if (!Number.isSafeInteger(seed)) throw new Error(`SITEGATE_FUZZ_SEED: "${value}" is not an integer`);
  return seed;
}

function readScale(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!(scale > 0)) throw new Error(`SITEGATE_FUZZ_SCALE: "${value}" is not a positive number`);
  return scale;
}

/**
 * fast-check parameters for one property: the run's seed, `runs` scaled, and the seed and path
 * in the failure message so a failing case replays with `SITEGATE_FUZZ_SEED`.
 */
export function fuzzParameters<T>(runs: number): FcParameters<T> {
  return { seed: FUZZ_SEED, numRuns: Math.max(1, Math.round(runs * FUZZ_SCALE)), endOnFailure: true };
}

/** Counts generated cases of one test and stores the count where the summary reporter finds it. */
export class CaseCounter {
  count = 0;
  constructor(private readonly meta: { fuzzCases?: number }) {}
  /** Counts one case. */
  tick(): void {
    this.count++;
    this.meta.fuzzCases = this.count;
  }
}

/** An HTTP answer, from inject or a socket. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** What an answer may show: whether the request held internal:read, and what the request was. */
export interface AnswerContext {
  /** True when the request's credential is valid and carries internal:read. */
  internalAllowed: boolean;
  /** Path of the request (no query), for the exemptions below. */
  path: string;
  /** Base URL of the app, for `docs` links. */
  baseUrl: string;
}

/** Text that only internal pages of the fuzz site hold (title, description, body). */
export const INTERNAL_MARKER = 'Kq7InternalMarker';
/** Text that only a draft page holds: never served to anyone. */
export const DRAFT_MARKER = 'Dr4ftOnlyMarker';

/** What must never appear in any body: stack frames, SQL, file paths of this machine, module paths. */
const INTERNAL_LEAKS: readonly RegExp[] = [
  /\n\s+at .+:\d+:\d+/, // a V8 stack frame
  /\bnode_modules\b/,
  /\bSQLITE_[A-Z]+\b/,
  /\b(SELECT .+ FROM|INSERT INTO|UPDATE .+ SET|DELETE FROM)\b/i,
  new RegExp(escapeRegExp(REPO_DIR.replace(/\/$/, ''))),
  new RegExp(`${escapeRegExp(tmpdir())}/sitegate-`),
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The token endpoints, whose form-encoded and Basic requests get the RFC 6749 §5.2 body. */
const OAUTH_PATHS = new Set(['/api/v1/oauth/token', '/api/v1/oauth/revoke', '/api/v1/oauth/introspect']);
const ERROR_FIELDS = ['error', 'code', 'message', 'resolution', 'status', 'docs', 'scopes'];
const SCOPES = ['search:read', 'content:read', 'internal:read'];

/**
 * Asserts the invariants of issue 6 on one answer (vitest `expect`, so a failure names the field).
 * A JSON error body must be SPEC.md's error object (or, at the token endpoints, the RFC 6749 §5.2
 * body DESIGN.md adds; at `/mcp`, the JSON-RPC error the MCP transport requires).
 */
export function expectSafeAnswer(answer: Answer, context: AnswerContext): void {
  const where = `${answer.status} ${context.path}`;
  expect(answer.status, where).toBeGreaterThanOrEqual(100);
  expect(answer.status, where).toBeLessThan(500);
  for (const leak of INTERNAL_LEAKS) expect(answer.body, `${where}: internal detail ${String(leak)}`).not.toMatch(leak);
  expect(answer.body, where).not.toContain(DRAFT_MARKER);
  if (!context.internalAllowed) {
    expect(answer.body, `${where}: internal page in a public answer`).not.toContain(INTERNAL_MARKER);
    expect(JSON.stringify(answer.headers), where).not.toContain(INTERNAL_MARKER);
  }
  const type = String(answer.headers['content-type'] ?? '');
  if (answer.status >= 400 && answer.body !== '' && type.startsWith('application/json')) expectErrorObject(answer, context);
  if (answer.status >= 400)
    expect(type === '' || /^(application\/json|text\/html|text\/markdown)/.test(type), `${where} ${type}`).toBe(true);
}

function expectErrorObject(answer: Answer, context: AnswerContext): void {
  const where = `${answer.status} ${context.path}`;
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  if (context.path === '/mcp' && body.jsonrpc === '2.0') {
    expect(typeof (body.error as { code?: unknown } | undefined)?.code, where).toBe('number');
    return;
  }
  const code = body.code as ErrorCode;
  expect(ERROR_CODES, where).toContain(code);
  const oauthShape = OAUTH_PATHS.has(context.path) && body.error === code;
  const fields = oauthShape ? [...ERROR_FIELDS, 'error_description', 'error_uri'] : ERROR_FIELDS;
  for (const key of Object.keys(body)) expect(fields, `${where}: unexpected field`).toContain(key);
  expect(body.error, where).toBe(oauthShape ? code : true);
  expect(typeof body.message, where).toBe('string');
  expect(body.resolution, where).toBe(ERROR_TABLE[code].resolution);
  expect(body.status, where).toBe(answer.status);
  expect(ERROR_TABLE[code].status, `${where}: the status of ${code} in the error table`).toBe(answer.status);
  expect(body.docs, where).toBe(`${context.baseUrl}/developers#error-${code}`);
  if (body.scopes !== undefined) for (const scope of body.scopes as string[]) expect(SCOPES, where).toContain(scope);
}

/**
 * One raw HTTP/1.1 exchange on a fresh connection: the bytes as given, then the first answer,
 * read until it is complete (Content-Length, chunked end, or close), or '' when the server closes
 * without a word. Rejects when nothing complete arrives within `timeoutMs` (a hang).
 * @param head true for a HEAD request, whose answer has no body whatever its Content-Length
 */
export function rawRequest(
  port: number,
  bytes: string | Buffer,
  options: { head?: boolean; timeoutMs?: number } = {},
): Promise<Answer & { raw: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks).toString('latin1');
      if (error !== undefined) return reject(error);
      if (raw === '') return resolve({ status: 0, headers: {}, body: '', raw });
      try {
        const answer = parseResponse(raw);
        resolve({ ...answer, body: options.head === true ? '' : answer.body, raw });
      } catch (parseError) {
        reject(parseError instanceof Error ? parseError : new Error(String(parseError)));
      }
    };
    const timer = setTimeout(
      () => finish(new Error(`no complete answer within ${options.timeoutMs ?? 10_000} ms (hang)`)),
      options.timeoutMs ?? 10_000,
    );
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (isComplete(Buffer.concat(chunks).toString('latin1'), options.head === true)) finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? finish() : finish(error),
    );
    socket.on('close', () => finish());
  });
}

function isComplete(raw: string, head: boolean): boolean {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const status = Number(raw.slice(9, 12));
  if (head || status === 204 || status === 304 || (status >= 100 && status < 200)) return true;
  const length = /\r\ncontent-length: *(\d+)/i.exec(raw.slice(0, end));
  if (length?.[1] !== undefined) return Buffer.byteLength(raw.slice(end + 4), 'latin1') >= Number(length[1]);
  return /\r\ntransfer-encoding: *chunked/i.test(raw.slice(0, end)) && raw.endsWith('\r\n0\r\n\r\n');
}

/** Parses the first HTTP/1.1 response of a raw byte string (Content-Length or close-delimited). */
export function parseResponse(raw: string): Answer {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`no HTTP response: ${JSON.stringify(raw.slice(0, 200))}`);
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = Buffer.from(raw.slice(end + 4), 'latin1');
  const length = headers['content-length'];
  const body = length === undefined ? rest : rest.subarray(0, Number(length));
  return { status, headers, body: body.toString('utf8') };
}
