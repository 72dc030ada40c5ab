/**
 * The rules of settings that JSON Schema cannot state (settings.ts `check`). Each returns what is
 * wrong as "must be …" words, or undefined when the value is fine; the loader puts the value's
 * source in front (config.ts).
 */
import { compile as compileProxyTrust } from '@fastify/proxy-addr';

/** The smallest page limit (characters): room for a part's navigation lines and some text. */
export const PAGE_MAX_CHARS_MIN = 5_000;

/**
 * A public URL: absolute, http or https, without query, fragment or credentials.
 * @param value a string (the schema checked the type)
 */
export function checkBaseUrl(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must use http or https';
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    return 'must not carry a query, fragment or credentials';
  return undefined;
}

/** A base URL as sitegate uses it: origin and path prefix, no trailing slash (`https://example.com/docs`). */
export function normalizeBaseUrl(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** A page limit: 0 (pages are served whole) or at least {@link PAGE_MAX_CHARS_MIN} (the schema checks the integer and the maximum). */
export function checkPageMaxChars(value: number): string | undefined {
  return value !== 0 && value < PAGE_MAX_CHARS_MIN ? `must be 0 (serve every page whole) or at least ${PAGE_MAX_CHARS_MIN}` : undefined;
}

/** A site title: one line of 1 to 200 characters once trimmed. */
export function checkSiteTitle(value: string): string | undefined {
  const title = value.trim();
  return title === '' || title.length > 200 || /[\r\n]/.test(title) ? 'must be one line of 1 to 200 characters' : undefined;
}

/**
 * Trusted proxies as @fastify/proxy-addr (the proxy-addr of express) reads them: IP addresses, CIDR
 * ranges (`10.0.0.0/8`, `10.0.0.0/255.0.0.0`) and the names `loopback`, `linklocal`, `uniquelocal`.
 * @param value the entries (the schema checked they are strings)
 */
export function checkTrustProxy(value: readonly string[]): string | undefined {
  for (const entry of value.map((item) => item.trim())) {
    try {
      // Throws TypeError "invalid IP address: …" or "invalid range on address: …".
      compileProxyTrust(entry);
    } catch {
      return `must hold IP addresses, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal; "${entry}" is none`;
    }
  }
  return undefined;
}
