/**
 * Proactive content negotiation (RFC 9110 §12): media types by `Accept` with q-values and
 * specificity, content codings by `Accept-Encoding`. Parsing is done by `negotiator`; results are
 * memoised per header value because clients send the same few values over and over.
 */
import Negotiator from 'negotiator';
import type { Coding } from '../body.js';

const MEMO_LIMIT = 512;
/** Slots of the recent values, by length (a power of two). */
const RECENT_SLOTS = 64;

/**
 * `compute` memoised per header value. The values seen last are kept in slots by their length
 * too: the few values most clients send (each browser's, an agent's) differ in length, and
 * comparing a request's value with the one in its slot costs less than hashing it for the map
 * (~130 characters for a browser's Accept).
 */
function memoise<T>(compute: (header: string) => T): (header: string) => T {
  const memo = new Map<string, T>();
  const recentHeaders = new Array<string | undefined>(RECENT_SLOTS).fill(undefined);
  const recentResults = new Array<T | undefined>(RECENT_SLOTS).fill(undefined);
  return (header) => {
    const slot = header.length & (RECENT_SLOTS - 1);
    if (recentHeaders[slot] === header) return recentResults[slot] as T;
    let result = memo.get(header);
    if (result === undefined && !memo.has(header)) {
      result = compute(header);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(header, result);
    }
    recentHeaders[slot] = header;
    recentResults[slot] = result;
    return result as T;
  };
}

const memoByOffers = new Map<string, (header: string) => string | undefined>();
/** The memo of each offers array the routes pass (they pass constants), found without a join. */
const memoByOffersArray = new WeakMap<readonly string[], (header: string) => string | undefined>();

/**
 * The best of `offers` for an Accept header, or `undefined` when none is acceptable (→ 406).
 * A missing header accepts anything (RFC 9110 §12.5.1); ties go to the earlier offer, so `*\/*`
 * and `text/*` get the first one. `q=0` means "not acceptable".
 * @param accept the Accept header value, or undefined when absent
 * @param offers media types in server preference order, e.g. `['text/html', 'text/markdown']`
 */
export function negotiateMediaType(accept: string | undefined, offers: readonly string[]): string | undefined {
  if (accept === undefined || accept.trim() === '') return offers[0];
  let negotiate = memoByOffersArray.get(offers);
  if (negotiate === undefined) {
    const id = offers.join(',');
    negotiate = memoByOffers.get(id) ?? memoise((header) => new Negotiator({ headers: { accept: header } }).mediaType([...offers]));
    memoByOffers.set(id, negotiate);
    memoByOffersArray.set(offers, negotiate);
  }
  return negotiate(accept);
}

/** Codings in server preference order, which decides between codings of equal q-value. */
const CODINGS = ['br', 'gzip', 'identity'];

/** negotiator ≥ 1.0 takes the server's preference; @types/negotiator does not declare the option. */
interface EncodingNegotiator {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
}

const negotiateCoding = memoise((header: string): Coding | undefined => {
  // Without `preferred`, equal q-values go to the client's order, and browsers list gzip before br.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as unknown as EncodingNegotiator;
  const coding = negotiator.encoding(CODINGS, { preferred: CODINGS });
  return coding === 'br' || coding === 'gzip' ? coding : undefined;
});

/**
 * The content coding to send for an Accept-Encoding header: `br` over `gzip`, honouring q-values;
 * `undefined` for identity (also when the header is absent, RFC 9110 §12.5.3).
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Coding | undefined {
  if (acceptEncoding === undefined || acceptEncoding === '') return undefined;
  return negotiateCoding(acceptEncoding);
}

/**
 * The language to answer in (RFC 9110 §12.5.4 `Accept-Language`, RFC 4647 §3.4 lookup as
 * `negotiator` does it: `de-DE` finds `de`, `pt` finds `pt-BR`): the explicit `lang` (the search
 * parameter, the MCP argument) when it matches one of `available`, else the best of
 * `Accept-Language`, else the first (the site's default). `q=0` refuses a language.
 * @param lang an explicit BCP 47 tag, or undefined
 * @param acceptLanguage the Accept-Language header value, or undefined when absent
 * @param available BCP 47 tags of the languages there are, the default first
 * @returns one of `available`, and whether the request chose it (else it is the default)
 */
export function negotiateLanguage(
  lang: string | undefined,
  acceptLanguage: string | undefined,
  available: readonly string[],
): { language: string | undefined; chosen: boolean } {
  for (const wanted of [lang, acceptLanguage]) {
    if (wanted === undefined || wanted.trim() === '') continue;
    const best = new Negotiator({ headers: { 'accept-language': wanted } }).languages([...available])[0];
    if (best !== undefined) return { language: best, chosen: true };
    if (wanted === lang) break;
  }
  return { language: available[0], chosen: false };
}
