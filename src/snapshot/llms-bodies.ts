/**
 * Step of the snapshot build: every llms file (llmstxt.org) by URL path. The index files
 * (`/llms.txt`, section files) are built by the snapshot's warm-up (snapshot.ts `warm`), in steps, or
 * at once by the first request that needs them before it ran (some 0.4 s at 100k pages, kept out of
 * a `serve --watch` rebuild); the full-text files (`/llms-full.txt` and its parts) on first request,
 * then cached.
 */
import { makeBody, type Body } from '../body.js';
import { renderPageMarkdown } from '../content/page-content.js';
import {
  buildLlmsFilesInSteps,
  isLlmsFileName,
  llmsFileText,
  planFullText,
  renderFullTextPart,
  type FullTextPlan,
  type LlmsFileParts,
} from '../discovery/llms.js';
import { runSteps, type BuildSteps } from '../build-steps.js';
import { CONTENT_TYPES } from './bodies.js';
import { LazyMap, type BodyCache } from './lazy-map.js';
import type { SiteView } from './site-view.js';

/** Characters of index files made into bodies (bytes, ETag) per step: some 1-2 ms, 10 on a busy core. */
const BODY_STEP_CHARS = 250_000;

/** The llms files of a snapshot. */
export interface LlmsBodies {
  /** `/llms.txt` (empty when the site has none). */
  readonly llmsTxt: Body;
  /** Every llms file by URL path, including `/llms.txt`, section files and llms-full parts. */
  readonly llmsFiles: ReadonlyMap<string, Body>;
  /** Builds the index files, if no request has, a step per section file (build-steps.ts). */
  warm(): BuildSteps<void>;
}

/**
 * The llms index files one build made, kept for the next (snapshot/read-cache.ts `llmsFiles`): a
 * `serve --watch` rebuild after an edit keeps the body of every file whose parts are unchanged, so
 * it makes one section file's text and bytes again, not the 10 MB of them at 100,000 pages (issue 34).
 */
export class LlmsMemo {
  /** URL path → the file's parts and body, as the last build that made them left them. */
  files = new Map<string, { parts: LlmsFileParts; body: Body }>();
}

/** Whether two builds of a file hold the same text: its lines are mostly the same strings (discovery/llms.ts `pageLine`), so this is a pass of pointer compares. */
function sameParts(a: LlmsFileParts, b: LlmsFileParts): boolean {
  return a.head === b.head && a.lines.length === b.lines.length && a.lines.every((line, i) => line === b.lines[i]);
}

/**
 * The llms files of `view`'s site; full-text parts are kept in `cache` under `llms:<path>`.
 * @param maxChars size bound of llms index files (default 50,000: LLMS_MAX_CHARS)
 * @param api whether `/llms.txt` ends with the API section (discovery/llms.ts `LlmsOptions.api`; default true)
 * @param memo the last build's index files, whose bodies are kept where a file is unchanged; updated with this build's
 */
export function llmsBodiesOf(view: SiteView, cache: BodyCache, maxChars: number | undefined, api?: boolean, memo?: LlmsMemo): LlmsBodies {
  const { site, baseUrl } = view;
  const llmsOptions = { baseUrl, maxChars, api };
  let indexFiles: Map<string, Body> | undefined;
  function* buildIndexFiles(): BuildSteps<Map<string, Body>> {
    const files = yield* buildLlmsFilesInSteps(site, llmsOptions);
    const bodies = new Map<string, Body>();
    const made = new Map<string, { parts: LlmsFileParts; body: Body }>();
    let chars = 0;
    for (const [path, parts] of files) {
      const last = memo?.files.get(path);
      const body = last !== undefined && sameParts(last.parts, parts) ? last.body : makeBody(llmsFileText(parts), CONTENT_TYPES.text);
      bodies.set(path, body);
      made.set(path, { parts, body });
      if (body === last?.body) continue;
      chars += body.bytes.length;
      if (chars < BODY_STEP_CHARS) continue;
      chars = 0;
      yield;
    }
    if (memo !== undefined) memo.files = made;
    // A request may have built them meanwhile: the first build wins, so every answer is one body.
    return (indexFiles ??= bodies);
  }
  const indexFilesNow = (): Map<string, Body> => indexFiles ?? runSteps(buildIndexFiles());
  let full: { plan: FullTextPlan; paths: Set<string> } | undefined;
  const fullNow = (): { plan: FullTextPlan; paths: Set<string> } => {
    if (full !== undefined) return full;
    const plan = planFullText(site, llmsOptions);
    // Asked of every llms-named request path (snapshot/lookup.ts), so a set rather than the plan's array.
    return (full = { plan, paths: new Set(plan.paths) });
  };
  const fullParts = new LazyMap<Body>(
    {
      keys: () => fullNow().plan.paths,
      has: (path) => isLlmsFileName(path) && fullNow().paths.has(path),
      make: (path) => {
        const { plan } = fullNow();
        const text = renderFullTextPart(site, plan, plan.paths.indexOf(path), baseUrl, (page) => {
          try {
            return renderPageMarkdown(site, page, baseUrl);
          } catch {
            // The source vanished since the build: the page is left out, as its URL now answers 404.
            return undefined;
          }
        });
        return makeBody(text, CONTENT_TYPES.text);
      },
    },
    cache,
    'llms:',
  );
  const llmsFiles = new LazyMap<Body>(
    {
      keys: () => {
        const index = indexFilesNow();
        return [...index.keys(), ...fullNow().plan.paths.filter((path) => !index.has(path))];
      },
      // Every page request's path is asked (snapshot/lookup.ts): a page's is told by its name, and builds nothing.
      has: (path) => isLlmsFileName(path) && (indexFilesNow().has(path) || fullParts.has(path)),
      make: (path) => (isLlmsFileName(path) ? (indexFilesNow().get(path) ?? fullParts.get(path)) : undefined),
    },
    // Index files are held by `indexFiles`, full-text parts by the cache of `fullParts`.
    undefined,
  );
  return {
    get llmsTxt() {
      return indexFilesNow().get('/llms.txt') ?? makeBody('', CONTENT_TYPES.text);
    },
    llmsFiles,
    *warm() {
      if (indexFiles === undefined) yield* buildIndexFiles();
    },
  };
}
