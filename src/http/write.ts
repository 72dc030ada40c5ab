/**
 * The one writer: every answer of every route goes out here (RFC 9110 §13.1.2 conditional
 * requests and §12.5.3 content coding for precomputed bodies), with the transport headers (HSTS)
 * of every response. A precomputed answer depends only on its header object, its body and the
 * variant (coding, 304), so each is planned once and afterwards only written: header lists are
 * flattened once per variant, as writeHead takes them.
 */
import { close, closeSync, createReadStream, readSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { Body } from '../body.js';
import type { Answer, FileAnswer, HeaderFields, PlainAnswer } from '../answers/answer.js';
import { PUBLIC_CACHE, ifNoneMatchHits } from '../answers/conditional.js';
import { negotiateEncoding } from '../answers/negotiation.js';

const NO_HEADERS: HeaderFields = {};

/** The response chosen for a precomputed body: status, headers and the bytes to send (none for 304). */
export interface PlannedResponse {
  status: 200 | 304;
  headers: Record<string, string>;
  payload: Buffer | undefined;
}

/**
 * Chooses the response for a precomputed body: 304 when If-None-Match matches the representation
 * (any coding of it), else the best content coding the client accepts, with ETag, Vary,
 * Cache-Control (default {@link PUBLIC_CACHE}) and Content-Type.
 * @param requestHeaders the request's headers (lower-case names)
 */
export function planBody(requestHeaders: IncomingHttpHeaders, body: Body, headers: HeaderFields = NO_HEADERS): PlannedResponse {
  const coding = body.compressible ? negotiateEncoding(requestHeaders['accept-encoding']) : undefined;
  const encoded = coding === undefined ? undefined : body.encoded(coding);
  const given = headers.vary;
  // Callers may pass a vary that already names Accept-Encoding (precomputed header objects).
  const vary =
    !body.compressible || given?.endsWith('Accept-Encoding') === true
      ? given
      : given === undefined
        ? 'Accept-Encoding'
        : `${given}, Accept-Encoding`;
  const out: Record<string, string> = {
    ...headers,
    etag: encoded?.etag ?? body.etag,
    'cache-control': headers['cache-control'] ?? PUBLIC_CACHE,
  };
  if (vary !== undefined) out.vary = vary;
  const inm = requestHeaders['if-none-match'];
  if (inm !== undefined && ifNoneMatchHits(inm, body.etag)) return { status: 304, headers: out, payload: undefined };
  out['content-type'] = body.type;
  if (encoded !== undefined && coding !== undefined) {
    out['content-encoding'] = coding;
    return { status: 200, headers: out, payload: encoded.bytes };
  }
  return { status: 200, headers: out, payload: body.bytes };
}

/** Files up to this many bytes are read and sent at once; larger ones are streamed. */
const SMALL_FILE_BYTES = 256 * 1024;

/**
 * Streams a file answer: its header fields, Content-Length, then bytes `start`…`end` from its
 * descriptor (none for HEAD), which is closed in every case. A read error ends the response early,
 * which the client sees as a short body.
 */
function writeFile(response: ServerResponse, answer: FileAnswer, transportFields: readonly string[], head: boolean): Promise<void> {
  const length = Math.max(0, answer.end - answer.start + 1);
  response.writeHead(answer.status, [...Object.entries(answer.headers).flat(), ...transportFields, 'content-length', String(length)]);
  if (head || length === 0) {
    close(answer.fd, () => undefined);
    response.end();
    return Promise.resolve();
  }
  if (length <= SMALL_FILE_BYTES) {
    // Small files (most images) go out in the same tick, as precomputed bodies do: one read, one
    // write, and a client that half-closes after its request still gets them.
    const bytes = Buffer.allocUnsafe(length);
    let read = 0;
    try {
      while (read < length) {
        const n = readSync(answer.fd, bytes, read, length - read, answer.start + read);
        if (n === 0) break;
        read += n;
      }
    } catch {
      response.destroy();
      return Promise.resolve();
    } finally {
      closeSync(answer.fd);
    }
    response.end(read === length ? bytes : bytes.subarray(0, read));
    return Promise.resolve();
  }
  const stream = createReadStream('', { fd: answer.fd, start: answer.start, end: answer.end, autoClose: true });
  return pipeline(stream, response).catch(() => {
    stream.destroy();
    response.destroy();
  });
}

/** A planned precomputed response as writeHead takes it. */
interface Flat {
  status: number;
  fields: string[];
  payload: Buffer | undefined;
}

/** Sends an answer on a node:http response. */
export type Writer = (request: IncomingMessage, response: ServerResponse, answer: Answer) => Promise<void> | undefined;

/**
 * Makes the writer of one server.
 * @param transport header fields of every response (transportHeaders(): HSTS for an https base URL)
 * @param onConditional told, for each precomputed body asked for with If-None-Match, whether it
 *   matched (304) or the body went out (metrics)
 * @returns a function that writes an answer; it returns a promise only for raw answers (MCP) and files
 */
export function createWriter(transport: HeaderFields, onConditional?: (hit: boolean) => void): Writer {
  const transportFields = Object.entries(transport).flat();
  // By header object, body and variant: a precomputed response depends on nothing else.
  const planned = new WeakMap<HeaderFields, WeakMap<Body, Map<string, Flat>>>();
  // Computed answers: header fields flattened once per header object (constants per variant).
  const flattened = new WeakMap<HeaderFields, string[]>();

  const planOnce = (request: IncomingMessage, body: Body, headers: HeaderFields): Flat => {
    const coding = body.compressible ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
    const inm = request.headers['if-none-match'];
    const notModified = inm !== undefined && ifNoneMatchHits(inm, body.etag);
    const variant = `${coding === undefined || body.encoded(coding) === undefined ? '' : coding}${notModified ? ':304' : ''}`;
    let byBody = planned.get(headers);
    if (byBody === undefined) planned.set(headers, (byBody = new WeakMap()));
    let variants = byBody.get(body);
    if (variants === undefined) byBody.set(body, (variants = new Map<string, Flat>()));
    let flat = variants.get(variant);
    if (flat === undefined) {
      const plan = planBody(request.headers, body, headers);
      const fields = [...Object.entries(plan.headers).flat(), ...transportFields];
      if (plan.status !== 304) fields.push('content-length', String(plan.payload?.length ?? 0));
      flat = { status: plan.status, fields, payload: plan.payload };
      variants.set(variant, flat);
    }
    return flat;
  };

  /** A computed answer's header fields; 204 and 304 carry no Content-Length (RFC 9110 §8.6), every other answer does. */
  const plainFields = (headers: HeaderFields, status: number, body: string | Buffer | undefined): string[] => {
    let fields = flattened.get(headers);
    if (fields === undefined) flattened.set(headers, (fields = [...Object.entries(headers).flat(), ...transportFields]));
    if (status === 204 || status === 304) return fields;
    return [...fields, 'content-length', String(body === undefined ? 0 : Buffer.byteLength(body))];
  };

  // Computed answers with a Buffer body are the ones handed over again (whoami's, by principal):
  // their fields, Content-Length included, by answer object, so a repeat costs one lookup.
  const bufferAnswerFields = new WeakMap<PlainAnswer, string[]>();

  return function write(request, response, answer) {
    const head = request.method === 'HEAD';
    switch (answer.kind) {
      case 'body': {
        const flat = planOnce(request, answer.body, answer.headers);
        if (onConditional !== undefined && request.headers['if-none-match'] !== undefined) onConditional(flat.status === 304);
        response.writeHead(flat.status, flat.fields);
        response.end(head ? undefined : flat.payload);
        return undefined;
      }
      case 'plain': {
        const { status, body } = answer;
        // Only a Buffer body marks an answer handed over again; string bodies are made per request.
        const reused = Buffer.isBuffer(body);
        let fields = reused ? bufferAnswerFields.get(answer) : undefined;
        if (fields === undefined) {
          fields = plainFields(answer.headers, status, body);
          if (reused) bufferAnswerFields.set(answer, fields);
        }
        response.writeHead(status, fields);
        response.end(head ? undefined : body);
        return undefined;
      }
      case 'file':
        return writeFile(response, answer, transportFields, head);
      case 'raw':
        for (let i = 0; i < transportFields.length; i += 2)
          response.setHeader(transportFields[i] as string, transportFields[i + 1] as string);
        return answer.run(request, response);
    }
  };
}
