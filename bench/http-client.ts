/**
 * One request with `node:http`, keeping the exact status, header lines and body bytes. `fetch` is
 * not used on purpose: it adds `Accept-Encoding` and decodes the body, and the raw baseline must
 * replay exactly the bytes the load generator receives.
 */
import http from 'node:http';

/** A response as it came over the wire (body not decoded). */
export interface CapturedReply {
  status: number;
  /** Header lines in wire order, names lower-cased. */
  headers: [name: string, value: string][];
  body: Buffer;
}

/** What to send. Only the given headers (plus Host) are sent, as the load generator does. */
export interface RequestSpec {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Time allowed for one probe request, ms. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Sends one request and collects the whole response.
 * @param url absolute http:// URL
 * @throws on connection errors and after {@link PROBE_TIMEOUT_MS}
 */
export function sendRequest(url: string, spec: RequestSpec): Promise<CapturedReply> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: spec.method, headers: spec.headers, agent: false, timeout: PROBE_TIMEOUT_MS });
    request.on('timeout', () => request.destroy(new Error(`${spec.method} ${url}: no response in ${PROBE_TIMEOUT_MS} ms`)));
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const headers: [string, string][] = [];
        const raw = response.rawHeaders;
        for (let i = 0; i + 1 < raw.length; i += 2) headers.push([raw[i]!.toLowerCase(), raw[i + 1]!]);
        resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    request.end(spec.body);
  });
}

/** The value of a response header (the first, if repeated), or undefined. */
export function headerOf(reply: CapturedReply, name: string): string | undefined {
  return reply.headers.find(([key]) => key === name)?.[1];
}
