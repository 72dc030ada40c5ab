/**
 * The page route over a generator's build (issue 33, `serve --html DIR`): people get the built
 * files byte for byte, with sitegate's caching (strong ETag, `Cache-Control`, conditional GET),
 * content coding of text (body.ts) and single byte ranges (RFC 9110 §14); every built page that
 * matches a source answers `Accept: text/markdown` and its `.md` URL with sitegate's markdown of
 * that source, answered by sitegate's own page answer (answers/pages.ts) at the page's URL. What
 * the build does not hold (sitegate's `/_sitegate/` files, pages with no built page, unknown paths)
 * is sitegate's; an unknown path asked for as HTML gets the generator's own 404 page.
 *
 * Access (DESIGN.md "Scopes on concrete endpoints"): a built file that built/view.ts calls internal
 * answers exactly as sitegate's internal pages do (reader-access.ts: 401 without a credential, 403
 * without `internal:read`, `private, no-store` for those who may read it).
 */
import type { AssetFile } from '../content/assets.js';
import { decodeRequestPath, encodePath } from '../content/paths.js';
import { ApiError } from '../errors.js';
import type { Principal } from '../auth/principal.js';
import type { Snapshot } from '../snapshot/snapshot.js';
import { resolvePath } from '../snapshot/lookup.js';
import { builtViewOf, type BuiltView, type BuiltViewOptions } from '../built/view.js';
import type { BuildIndex, BuiltFile } from '../built/build-index.js';
import { publishedUrlOf } from '../built/build-index.js';
import { ReaderError } from './error-answer.js';
import { bodyAnswer, plainAnswer, type Answer, type HeaderFields, type RequestFacts } from './answer.js';
import { assetAnswer } from './assets.js';
import { bodyRangeAnswer } from './body-range.js';
import { PUBLIC_CACHE } from './conditional.js';
import { PUBLIC_CORS_HEADERS, agentLinks, markdownAlternateLink } from './headers.js';
import { negotiateMediaType } from './negotiation.js';
import { requireReaderScopes, signInFacts, type PageConfig } from './reader-access.js';

/** Internal files must not be kept by shared caches or the browser's disk cache (as answers/pages.ts). */
const PRIVATE_CACHE = 'private, no-store';
/** A built page matched to a source offers both; one without a source its HTML only. */
const NEGOTIATED = ['text/html', 'text/markdown'];
const HTML_ONLY = ['text/html'];

/**
 * What the built answer needs of one file for one view, decided once (the view is immutable: a
 * snapshot's, built/view.ts): whether it is internal (built/view.ts `isInternal`, which follows
 * content/access.ts), the canonical path it serves, and its header fields.
 */
interface FileFacts {
  readonly internal: boolean;
  /** The canonical path (answer.ts `resource`): a page's published URL, any other file's own path. */
  readonly resource: string;
  readonly headers: HeaderFields;
}

/** What the built answer reads of the config. */
export type BuiltPagesConfig = PageConfig & Pick<BuiltViewOptions, 'inject' | 'routePaths'>;

/**
 * Answers the page route from the build, or leaves the request to sitegate's pages.
 * @param answerAt sitegate's page answer for the same request at another path (a source page's URL)
 * @returns the answer, or undefined when sitegate's pages answer the request as it is
 * @throws {ApiError} `credential_required` (a {@link ReaderError}), `insufficient_scope`, `not_acceptable`, `not_found`
 */
export type BuiltAnswer = (
  facts: RequestFacts,
  snapshot: Snapshot,
  principal: Principal | undefined,
  answerAt: (path: string) => Answer | Promise<Answer>,
) => Answer | Promise<Answer> | undefined;

/**
 * The built answer of one build folder.
 */
export function builtPages(config: BuiltPagesConfig, index: BuildIndex): BuiltAnswer {
  const options: BuiltViewOptions = { routePaths: config.routePaths, inject: config.inject, baseUrl: config.baseUrl };
  const factsCache = new WeakMap<BuiltView, Map<BuiltFile, FileFacts>>();
  /**
   * The facts of a built file, made on its first request per view: a request then does no string
   * work for them, and the writer, which caches by the header object, gets the same one each time.
   */
  const factsOf = (view: BuiltView, file: BuiltFile): FileFacts => {
    let cache = factsCache.get(view);
    if (cache === undefined) factsCache.set(view, (cache = new Map<BuiltFile, FileFacts>()));
    let facts = cache.get(file);
    if (facts === undefined) {
      const internal = view.isInternal(file);
      const match = view.matches.get(file.rel);
      const headers: HeaderFields = {
        ...(internal ? {} : PUBLIC_CORS_HEADERS),
        'x-content-type-options': 'nosniff',
        'cache-control': internal ? PRIVATE_CACHE : PUBLIC_CACHE,
        'accept-ranges': 'bytes',
        ...(match === undefined
          ? {}
          : {
              vary: 'Accept',
              link: `${markdownAlternateLink(config.baseUrl + match.page.markdownUrl)}, ${agentLinks(config.baseUrl)}`,
            }),
      };
      facts = { internal, resource: file.page ? encodePath(publishedUrlOf(file)) : encodePath(file.key), headers };
      cache.set(file, facts);
    }
    return facts;
  };

  return function builtAnswer(facts, snapshot, principal, answerAt) {
    const key = decodeRequestPath(facts.path);
    if (key === undefined) return undefined;
    const view = builtViewOf(index, snapshot, options);
    if (key.endsWith('.md')) return markdownTwin(view, index, key, facts.path, answerAt);
    const route = index.routes.get(key);
    // A redirect's target is the folder's page (build-index.ts): who may read it may follow it.
    const target = route === undefined ? undefined : route.kind === 'file' ? route.file : folderPage(index, key);
    if (route === undefined || target === undefined || view.replaced.has(target.rel)) return notInBuild(facts, snapshot, index, view);
    const { internal, resource, headers } = factsOf(view, target);
    if (internal) {
      if (principal === undefined) throw new ReaderError(signInFacts(config, snapshot, facts), 'credential_required');
      requireReaderScopes(principal, ['internal:read']);
    } else if (principal !== undefined) requireReaderScopes(principal, ['content:read']);
    if (route.kind === 'redirect')
      return withResource(
        plainAnswer(308, { ...PUBLIC_CORS_HEADERS, location: `${route.location}${facts.search}` }, undefined),
        route.location,
      );
    const match = view.matches.get(target.rel);
    if (target.page) {
      const type = negotiateMediaType(facts.headers.accept, match === undefined ? HTML_ONLY : NEGOTIATED);
      if (type === undefined)
        throw new ApiError('not_acceptable', {
          message: `This page is available as ${match === undefined ? 'text/html' : 'text/html or text/markdown'}.`,
        });
      if (type === 'text/markdown' && match !== undefined) return answerAt(match.page.url);
    }
    return withResource(fileAnswer(facts, view, target, index, headers), resource);
  };
}

/** The `index.html` that answers the folder URL of `key` (`/guide` → `/guide/`). */
function folderPage(index: BuildIndex, key: string): BuiltFile | undefined {
  const route = index.routes.get(`${key}/`);
  return route?.kind === 'file' ? route.file : undefined;
}

/**
 * The `.md` URL of a built page (`/guide/index.md`, `/guide.md`, `/a/b.md` for `a/b.html`): sitegate's
 * markdown of its source, at the source page's own `.md` URL; undefined (sitegate answers the path
 * as it is) when the path is that URL already or names no built page.
 */
function markdownTwin(
  view: BuiltView,
  index: BuildIndex,
  key: string,
  rawPath: string,
  answerAt: (path: string) => Answer | Promise<Answer>,
): Answer | Promise<Answer> | undefined {
  const stem = key.slice(0, -'.md'.length);
  const pageKey = stem.endsWith('/index') ? stem.slice(0, -'index'.length) : stem;
  const route = index.routes.get(pageKey) ?? index.routes.get(`${pageKey}/`);
  if (route?.kind !== 'file') return undefined;
  const match = view.matches.get(route.file.rel);
  if (match === undefined || match.page.markdownUrl === rawPath) return undefined;
  return answerAt(match.page.markdownUrl);
}

/**
 * A path the build does not hold, or holds only a file sitegate replaces: sitegate's answer, but
 * for a path nothing answers asked for as HTML, which gets the generator's own 404 page.
 */
function notInBuild(facts: RequestFacts, snapshot: Snapshot, index: BuildIndex, view: BuiltView): Answer | undefined {
  const notFound = index.notFound === undefined ? undefined : view.bodyOf(index.notFound);
  if (notFound === undefined || resolvePath(snapshot, facts.path).kind !== 'not_found') return undefined;
  if (negotiateMediaType(facts.headers.accept, NEGOTIATED) !== 'text/html') return undefined;
  return plainAnswer(404, NOT_FOUND_HEADERS, notFound.bytes);
}

/** Headers of the generator's 404 page: not cached, as any other answer to a missing page. */
const NOT_FOUND_HEADERS: HeaderFields = {
  'content-type': 'text/html; charset=utf-8',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-cache',
  vary: 'Accept',
};

/** The answer of a built file: a held body (the writer picks 304 and the coding), a range of it, or the file read from disk. */
function fileAnswer(facts: RequestFacts, view: BuiltView, file: BuiltFile, index: BuildIndex, headers: HeaderFields): Answer {
  const body = view.bodyOf(file);
  if (body !== undefined) return bodyRangeAnswer(facts, body, headers) ?? bodyAnswer(body, headers);
  // Binary files get the static files' answer (ETag, ranges, the sandboxing CSP: answers/assets.ts).
  const asset: AssetFile = {
    key: file.key,
    url: encodePath(file.key),
    file: file.rel,
    realPath: file.realPath,
    root: index.root,
    internal: false,
  };
  return assetAnswer(facts, asset, headers['cache-control'] ?? PRIVATE_CACHE);
}

/** Marks an answer with the canonical path it serves (answer.ts `resource`), for analytics. */
function withResource(answer: Answer, resource: string): Answer {
  if (answer.kind !== 'raw') answer.resource = resource;
  return answer;
}
