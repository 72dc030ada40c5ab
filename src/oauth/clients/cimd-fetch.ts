/**
 * Fetching a Client ID Metadata Document with the SSRF defences of
 * draft-ietf-oauth-client-id-metadata-document §8.6 (SSRF) and §8.7 (size): anyone can make the
 * authorization endpoint fetch any URL, so the fetch
 * - resolves the host itself and refuses every address that is not public unicast (IPv4-mapped
 *   IPv6 unwrapped), unless private addresses are allowed (private networks, tests). The resolution
 *   asks DNS through c-ares (`dns.promises.Resolver`: A and AAAA, {@link DNS_TRY_TIMEOUT_MS} ×
 *   {@link DNS_TRIES}), not `dns.lookup`: getaddrinfo runs on libuv's threadpool (4 threads, shared
 *   with fs, crypto and zlib), and a lookup cannot be stopped, so hosts whose DNS never answers would
 *   pin the pool; a c-ares query runs on the event loop and is cancelled at the time limit. So
 *   /etc/hosts is not read: `localhost` and `*.localhost` are loopback (RFC 6761 §6.3), an IP
 *   literal needs no resolution;
 * - connects to the very address it checked (undici's `connect.lookup`), so a second DNS answer
 *   (rebinding) cannot swap it;
 * - follows no redirect, accepts 200 only (draft §5), stops after {@link FETCH_TIMEOUT_MS} in all
 *   and after {@link DOCUMENT_MAX_BYTES} read.
 * TLS is verified against Node's trust store (`NODE_EXTRA_CA_CERTS` adds a CA).
 */
import { Resolver } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';

/** Time a whole fetch may take, DNS to the last byte (ms). */
export const FETCH_TIMEOUT_MS = 5_000;
/** Largest document read (bytes); the draft suggests 5 KB, real documents are under 1 KB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024;

/** Time c-ares waits for one DNS answer before it asks again (ms). */
export const DNS_TRY_TIMEOUT_MS = 2_000;
/** DNS attempts per address family (the whole fetch stays within {@link FETCH_TIMEOUT_MS}). */
export const DNS_TRIES = 2;
/** Addresses of `localhost` and `*.localhost` (RFC 6761 §6.3), IPv4 first: the one connected to. */
const LOCALHOST_ADDRESSES: readonly string[] = ['127.0.0.1', '::1'];

/** A fetched document: the response's status and header fields (for HTTP caching) and its body. */
export interface FetchedDocument {
  status: number;
  /** Header fields, lower-case names (http-cache-semantics reads them). */
  headers: Record<string, string | string[] | undefined>;
  /** The body as UTF-8 text, at most {@link DOCUMENT_MAX_BYTES}. */
  body: string;
}

/** What a fetch may do; tests inject the resolver, the CA and a shorter limit. */
export interface FetchOptions {
  /** Allow addresses that are not public unicast (`auth.clientIdMetadataDocuments.allowPrivateAddresses`). */
  allowPrivateAddresses: boolean;
  /**
   * Resolves a host name (never an IP literal) to its addresses; `signal` aborts at the time limit.
   * Default {@link resolveHostAddresses} (c-ares, DNS only).
   */
  resolveHost?: ((hostname: string, signal: AbortSignal) => Promise<string[]>) | undefined;
  /** CA certificates trusted instead of Node's store (tests only; operators use `NODE_EXTRA_CA_CERTS`). */
  ca?: string | undefined;
  /** Time limit (ms), default {@link FETCH_TIMEOUT_MS}. */
  timeoutMs?: number | undefined;
}

/** A fetch that cannot give a usable document; `message` completes "The client metadata document … could not be used: ". */
export class FetchRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

/** DNS answers that mean "no address of this family" rather than a failure. */
const NO_ADDRESS_CODES: ReadonlySet<string> = new Set(['ENODATA', 'ENOTFOUND']);

/**
 * A host name's addresses through DNS (A then AAAA, RFC 1035 / RFC 3596) with c-ares, off libuv's
 * threadpool; `localhost` and `*.localhost` answer loopback without a query (RFC 6761 §6.3).
 * @param servers DNS servers to ask (`host:port`); default the system's (/etc/resolv.conf)
 * @throws the first family's error (`ENOTFOUND`, `ETIMEOUT`, `ECANCELLED` when `signal` aborted…)
 *   when neither family has an address; one family without addresses (`ENODATA`) is no error
 */
export async function resolveHostAddresses(hostname: string, signal: AbortSignal, servers?: string[]): Promise<string[]> {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return [...LOCALHOST_ADDRESSES];
  const resolver = new Resolver({ timeout: DNS_TRY_TIMEOUT_MS, tries: DNS_TRIES });
  if (servers !== undefined) resolver.setServers(servers);
  const cancel = (): void => resolver.cancel();
  if (signal.aborted) cancel();
  else signal.addEventListener('abort', cancel, { once: true });
  try {
    const answers = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
    const addresses = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
    if (addresses.length > 0) return addresses;
    const failures = answers.map((answer) => (answer.status === 'rejected' ? (answer.reason as { code?: unknown }) : undefined));
    const failure = failures.find((error) => typeof error?.code !== 'string' || !NO_ADDRESS_CODES.has(error.code)) ?? failures[0];
    throw failure instanceof Error ? failure : new Error('ENODATA');
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/**
 * The address to connect to for a host: the first of its addresses, once every one of them passed.
 * @throws {FetchRefusedError} when the host does not resolve, or one address is not public unicast
 */
async function checkedAddress(hostname: string, options: FetchOptions, signal: AbortSignal): Promise<string> {
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const isLiteral = ipaddr.isValid(literal);
  let addresses: string[];
  if (isLiteral) addresses = [literal];
  else {
    const resolve = options.resolveHost ?? resolveHostAddresses;
    try {
      addresses = await abortable(resolve(hostname, signal), signal);
    } catch (error) {
      if (error instanceof FetchRefusedError) throw error;
      throw new FetchRefusedError(`the host ${hostname} does not resolve.`);
    }
  }
  const [first] = addresses;
  if (first === undefined) throw new FetchRefusedError(`the host ${hostname} does not resolve.`);
  if (!options.allowPrivateAddresses) {
    for (const address of addresses) {
      const range = ipaddr.process(address).range();
      if (range !== 'unicast')
        throw new FetchRefusedError(
          `${isLiteral ? 'its host' : `the host ${hostname}`} is a ${range} address, not a public one (auth.clientIdMetadataDocuments.allowPrivateAddresses is off).`,
        );
    }
  }
  return ipaddr.process(first).toString();
}

/** A lookup (net.connect's) that answers the checked address and nothing else. */
function pinnedLookup(address: string): LookupFunction {
  const family = address.includes(':') ? 6 : 4;
  return function pinnedLookup(_hostname, options, callback) {
    if (options.all === true)
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** Rejects with the time-limit refusal when `signal` aborts first. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Fetches a metadata document.
 * @param url the client_id (an https URL that passed cimd-document.ts `checkClientIdUrl`)
 * @throws {FetchRefusedError} saying why the document cannot be had (address, time, size, status, network)
 */
export async function fetchMetadataDocument(url: string, options: FetchOptions): Promise<FetchedDocument> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new FetchRefusedError(`it did not arrive within ${timeoutMs} ms.`)), timeoutMs);
  const target = new URL(url);
  let agent: Agent | undefined;
  try {
    const address = await checkedAddress(target.hostname, options, controller.signal);
    agent = new Agent({
      connect: { lookup: pinnedLookup(address), ...(options.ca === undefined ? {} : { ca: options.ca }) },
      // One request per agent: no socket outlives the fetch.
      pipelining: 0,
    });
    const response = await request(url, {
      dispatcher: agent,
      method: 'GET',
      headers: { accept: 'application/json' },
      signal: controller.signal,
    });
    if (response.statusCode !== 200) {
      discard(response.body);
      const redirect = response.statusCode >= 300 && response.statusCode < 400;
      throw new FetchRefusedError(
        redirect
          ? `it answered a redirect (HTTP ${response.statusCode}); the document must be served at the client_id itself.`
          : `it answered HTTP ${response.statusCode}, not 200.`,
      );
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > DOCUMENT_MAX_BYTES) {
      discard(response.body);
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let received = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > DOCUMENT_MAX_BYTES) {
        discard(response.body);
        throw tooLarge();
      }
      chunks.push(chunk);
    }
    return { status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') };
  } catch (error) {
    if (error instanceof FetchRefusedError) throw error;
    if (controller.signal.aborted) throw controller.signal.reason as FetchRefusedError;
    throw new FetchRefusedError(`it could not be fetched (${networkReason(error)}).`);
  } finally {
    clearTimeout(timer);
    void agent?.destroy().catch(() => undefined);
  }
}

/** Stops reading a body; the abort it raises has nobody left to tell. */
function discard(body: NodeJS.ReadableStream & { destroy(): void }): void {
  body.on('error', () => undefined);
  body.destroy();
}

function tooLarge(): FetchRefusedError {
  return new FetchRefusedError(`it is larger than ${DOCUMENT_MAX_BYTES} bytes.`);
}

/** A short, address-free reason for a network failure: the error code (`ECONNREFUSED`, `UNABLE_TO_VERIFY_LEAF_SIGNATURE`…). */
function networkReason(error: unknown): string {
  const code = (error as { code?: unknown; cause?: { code?: unknown } }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,64}$/.test(code) ? code : 'network error';
}
