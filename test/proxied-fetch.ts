/**
 * A `fetch` through a reverse proxy in front of a test app (app.inject), for discovery tests with a
 * base URL at a path (README: a proxy serving the site under `/docs` strips it, and forwards
 * `/.well-known/…` on the host's root unchanged).
 */
import type { TestApp } from './helpers.js';

/** A fetch function, as oauth4webapi and the MCP SDKs take one. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * GETs through the proxy: requests under the base path arrive without it, `/.well-known/…` on the
 * host's root as it is, anything else (another origin, another path, a path `forwards` refuses)
 * is the proxy's own 404.
 * @param baseUrl the app's public base URL
 * @param forwards which root `/.well-known/…` paths the proxy forwards (default: all)
 */
export function proxiedFetch(t: TestApp, baseUrl: string, forwards: (path: string) => boolean = () => true): FetchLike {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/$/, '');
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    let path: string | undefined;
    if (url.origin !== base.origin) path = undefined;
    else if (basePath !== '' && (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`)))
      path = url.pathname.slice(basePath.length) || '/';
    else if ((basePath === '' || url.pathname.startsWith('/.well-known/')) && forwards(url.pathname)) path = url.pathname;
    if (path === undefined) return new Response('not proxied', { status: 404 });
    const headers = Object.fromEntries(new Headers(input instanceof Request ? input.headers : init?.headers).entries());
    const res = await t.app.inject({ method: 'GET', url: path + url.search, headers });
    const out = new Headers();
    for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') out.set(name, value);
    return new Response(res.body, { status: res.statusCode, headers: out });
  };
}
