/**
 * Bounds of Client ID Metadata Document fetches (security review of issue 30): the resolution of
 * host names goes through c-ares (a DNS server on loopback made here: one that answers, one that
 * never does), so a host whose DNS never answers holds no libuv thread and is cancelled at the time
 * limit; and at most {@link MAX_CONCURRENT_FETCHES} documents are fetched at once, the others refused
 * at once with a message saying the server is busy. No timing is asserted: counts and messages.
 */
import { createSocket, type Socket } from 'node:dgram';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientRefusedError } from '../src/oauth/clients/client.js';
import { createMetadataDocumentResolver, MAX_CONCURRENT_FETCHES } from '../src/oauth/clients/cimd.js';
import { resolveHostAddresses } from '../src/oauth/clients/cimd-fetch.js';
import { REPO_DIR } from './helpers.js';

/** A DNS server on loopback (RFC 1035 §4.1): answers A queries for `public.test` with 93.184.215.14, AAAA with no data; `silent` answers nothing. */
interface DnsServer {
  address: string;
  /** Questions received, as `name type` (type 1 = A, 28 = AAAA). */
  questions: string[];
  /** Resolves once `count` questions arrived. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}

async function startDnsServer(silent: boolean): Promise<DnsServer> {
  const socket: Socket = createSocket('udp4');
  const questions: string[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  socket.on('message', (query, peer) => {
    let offset = 12;
    const labels: string[] = [];
    while (query[offset] !== 0) {
      const length = query[offset] ?? 0;
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('latin1'));
      offset += length + 1;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    questions.push(`${labels.join('.')} ${type}`);
    for (const waiter of waiters.filter((w) => questions.length >= w.count)) waiter.resolve();
    if (silent) return;
    const answers = type === 1 && labels.join('.') === 'public.test' ? 1 : 0;
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8180, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers, 6);
    const answer = Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 93, 184, 215, 14]);
    socket.send(
      Buffer.concat([header, query.subarray(12, questionEnd), answers === 1 ? answer : Buffer.alloc(0)]),
      peer.port,
      peer.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    questions,
    received: (count) =>
      questions.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve: () => resolve() })),
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

let answering: DnsServer;
let silent: DnsServer;

beforeAll(async () => {
  answering = await startDnsServer(false);
  silent = await startDnsServer(true);
});

afterAll(async () => {
  await answering.close();
  await silent.close();
});

/** What a promise settled to: its value, or the error's name and message. */
async function settled(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => value,
    (error: unknown) => ({ name: (error as Error).name, message: (error as Error).message, code: (error as { code?: unknown }).code }),
  );
}

describe('resolution through c-ares (off the threadpool)', () => {
  it('asks A and AAAA; a family without data (ENODATA) leaves the other', async () => {
    expect(await resolveHostAddresses('public.test', new AbortController().signal, [answering.address])).toStrictEqual(['93.184.215.14']);
    expect(answering.questions).toStrictEqual(expect.arrayContaining(['public.test 1', 'public.test 28']));
  });

  it('a name with no address in either family is an error', async () => {
    expect(await settled(resolveHostAddresses('nothing.test', new AbortController().signal, [answering.address]))).toMatchObject({
      code: 'ENODATA',
    });
  });

  it('localhost and *.localhost are loopback without a query (RFC 6761 §6.3)', async () => {
    const before = silent.questions.length;
    for (const host of ['localhost', 'agent.localhost', 'LOCALHOST.'])
      expect(await resolveHostAddresses(host, new AbortController().signal, [silent.address])).toStrictEqual(['127.0.0.1', '::1']);
    expect(silent.questions.length).toBe(before);
  });

  it('a DNS server that never answers: the abort cancels the queries, and the threadpool stays free meanwhile', async () => {
    const controllers = Array.from({ length: 12 }, () => new AbortController());
    const before = silent.questions.length;
    const pending = controllers.map((controller, i) =>
      settled(resolveHostAddresses(`never-${i}.test`, controller.signal, [silent.address])),
    );
    // Two questions (A and AAAA) per name have reached the server and none is answered.
    await silent.received(before + 24);
    // fs uses libuv's threadpool, which 12 hanging getaddrinfo calls would hold (4 threads).
    expect((await readFile(`${REPO_DIR}/package.json`, 'utf8')).length).toBeGreaterThan(0);
    for (const controller of controllers) controller.abort();
    for (const outcome of await Promise.all(pending)) expect(outcome).toMatchObject({ code: 'ECANCELLED' });
  });
});

describe('at most MAX_CONCURRENT_FETCHES fetches at once', () => {
  /** A resolver seam that never settles by itself: each call waits for `release`. */
  function hangingResolver(): { asked: string[]; resolveHost: (hostname: string) => Promise<string[]>; release: () => void } {
    const asked: string[] = [];
    const rejects: ((error: Error) => void)[] = [];
    return {
      asked,
      resolveHost: (hostname) => {
        asked.push(hostname);
        return new Promise<string[]>((_resolve, reject) => rejects.push(reject));
      },
      release: () => {
        for (const reject of rejects.splice(0)) reject(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }));
      },
    };
  }

  const busy = (clientId: string, max: number): { name: string; message: string; reason: string } => ({
    name: 'ClientRefusedError',
    reason: 'bad_metadata_document',
    message: `The client metadata document ${clientId} could not be used: the server is busy fetching ${max} other client metadata documents; retry in a few seconds.`,
  });

  it(`is ${MAX_CONCURRENT_FETCHES} by default: distinct hosts past it are refused at once, a URL being fetched joins its fetch`, async () => {
    const dns = hangingResolver();
    const documents = createMetadataDocumentResolver({ allowPrivateAddresses: false, resolveHost: dns.resolveHost });
    const clientIds = Array.from({ length: 30 }, (_, i) => `https://host-${i}.example/agent.json`);
    const outcomes = clientIds.map((clientId) =>
      documents.resolve(clientId).then(
        () => 'resolved',
        (error: unknown) => error,
      ),
    );
    const joined = documents.resolve(clientIds[0] ?? '').then(
      () => 'resolved',
      (error: unknown) => error,
    );
    const refused = await Promise.all(outcomes.slice(MAX_CONCURRENT_FETCHES));
    expect(dns.asked).toStrictEqual(clientIds.slice(0, MAX_CONCURRENT_FETCHES).map((clientId) => new URL(clientId).hostname));
    refused.forEach((error, i) => {
      expect(error).toBeInstanceOf(ClientRefusedError);
      const { name, reason, message } = error as ClientRefusedError;
      expect({ name, reason, message }).toStrictEqual(busy(clientIds[MAX_CONCURRENT_FETCHES + i] ?? '', MAX_CONCURRENT_FETCHES));
    });

    dns.release();
    const doesNotResolve = (clientId: string): string =>
      `The client metadata document ${clientId} could not be used: the host ${new URL(clientId).hostname} does not resolve.`;
    for (const [i, error] of (await Promise.all([...outcomes.slice(0, MAX_CONCURRENT_FETCHES), joined])).entries())
      expect((error as ClientRefusedError).message).toBe(doesNotResolve(clientIds[i % MAX_CONCURRENT_FETCHES] ?? ''));
    expect(dns.asked).toHaveLength(MAX_CONCURRENT_FETCHES);
  });

  it('frees a place when a fetch ends, and a busy refusal is not cached', async () => {
    const dns = hangingResolver();
    const documents = createMetadataDocumentResolver({
      allowPrivateAddresses: false,
      resolveHost: dns.resolveHost,
      maxConcurrentFetches: 2,
    });
    const first = settled(documents.resolve('https://a.example/agent.json'));
    const second = settled(documents.resolve('https://b.example/agent.json'));
    expect(await settled(documents.resolve('https://c.example/agent.json'))).toMatchObject({
      message: busy('https://c.example/agent.json', 2).message,
    });
    dns.release();
    await Promise.all([first, second]);
    const third = settled(documents.resolve('https://c.example/agent.json'));
    expect(dns.asked).toStrictEqual(['a.example', 'b.example', 'c.example']);
    dns.release();
    expect(await third).toMatchObject({
      message: 'The client metadata document https://c.example/agent.json could not be used: the host c.example does not resolve.',
    });
  });
});
