/**
 * The MDX reader (index.ts), loaded when a thread may need it. Its parser family (micromark with
 * the MDX and GFM grammars, acorn) takes some 200 ms of CPU to load: every thread that reads
 * pages paid it, though only `.mdx` pages and MDX in Docusaurus `.md` pages use it. So:
 * - every thread loads it as this module loads (a top-level `await import`), as before, so a
 *   synchronous build on any thread finds it, except
 * - a build worker started with `workerData.mdxOnDemand === true` (snapshot/build-worker.ts, for a
 *   site with no `.mdx` file): there {@link mdxReader} throws {@link MdxNotLoadedError} at the first
 *   page that needs it, and the worker loads it ({@link loadMdx}) and reads that page again.
 */
import { workerData } from 'node:worker_threads';

/** The MDX reader's module. */
export type MdxModule = typeof import('./index.js');

/** Thrown by {@link mdxReader} in a thread that has not loaded the reader yet; the page is read again once {@link loadMdx} resolves. */
export class MdxNotLoadedError extends Error {
  readonly code = 'MDX_NOT_LOADED';
  constructor() {
    super('the MDX reader is not loaded in this thread (content/mdx/on-demand.ts loadMdx)');
  }
}

const onDemand = (workerData as { mdxOnDemand?: unknown } | null | undefined)?.mdxOnDemand === true;
let loaded: MdxModule | undefined = onDemand ? undefined : await import('./index.js');

/** Loads the MDX reader in this thread, once; resolves when {@link mdxReader} will answer. */
export async function loadMdx(): Promise<void> {
  loaded ??= await import('./index.js');
}

/**
 * The MDX reader of this thread.
 * @throws {MdxNotLoadedError} in a build worker started with `mdxOnDemand` before {@link loadMdx} resolved
 */
export function mdxReader(): MdxModule {
  if (loaded === undefined) throw new MdxNotLoadedError();
  return loaded;
}
