/**
 * Fetching a Client ID Metadata Document with the SSRF defences of
 * draft-ietf-oauth-client-id-metadata-document §8.6 (SSRF) and §8.7 (size): anyone can make the
 * authorization endpoint fetch any URL, so the fetch
 * - resolves the host itself and refuses every address that is not public unicast (IPv4-mapped
 *   IPv6 unwrapped), unless private addresses are allowed (private networks, tests);
 * - connects to the very address it checked (undici's `connect.lookup`), so a second DNS answer
 *   (rebinding) cannot swap it;
 * - follows no redirect, accepts 200 only (draft §5), stops after {@link FETCH_TIMEOUT_MS} in all
 *   and after {@link DOCUMENT_MAX_BYTES} read.
 * TLS is verified against Node's trust store (`NODE_EXTRA_CA_CERTS` adds a CA).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';

/** Time a whole fetch may take, DNS to the last byte (ms). */
export const FETCH_TIMEOUT_MS = 5_000;
/** Largest document read (bytes); the draft suggests 5 KB, real documents are under 1 KB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024;

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
  /** Resolves a host name to its addresses (default: the system's resolver, every address). */
  resolveHost?: ((hostname: string) => Promise<string[]>) | undefined;
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

async function systemResolve(hostname: string): Promise<string[]> {
  return (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
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
    const resolve = options.resolveHost ?? systemResolve;
    try {
      addresses = await abortable(resolve(hostname), signal);
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
