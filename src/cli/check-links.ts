/**
 * What `check` makes of the links a page could not resolve (content/render.ts `unresolvedLinks`):
 * an error per broken or escaping link, but for the links it cannot verify and says so in one
 * place: those left to the site's own render-link hook (one warning, content/links.ts `hook`) and
 * those to targets the `check.knownMissing` setting names (one summary line). `--verbose` lists both.
 */
import { isAssetName } from '../content/assets.js';
import { linkTargetPath, type LinkRules } from '../content/links.js';
import type { RenderLinkHook } from '../content/conventions/hugo-hooks.js';
import type { PageContent } from '../content/page-content.js';
import type { ContentProblem } from '../content/problems.js';

/** A link of a page, as written, with its line in the file. */
export interface LinkAt {
  file: string;
  line?: number;
  href: string;
  /** The decoded site path it names (content/links.ts `linkTargetPath`), for a known-missing one. */
  target?: string;
}

/** The unresolved links of a site's pages, sorted: problems, links left to the hook, links to known-missing targets. */
export class LinkSorter {
  readonly hook: LinkAt[] = [];
  readonly knownMissing: LinkAt[] = [];
  private readonly missing: ReadonlySet<string>;

  /**
   * @param knownMissing the `check.knownMissing` setting: decoded site paths
   * @param rules the generator's link rules, by which a relative link names its target
   */
  constructor(
    knownMissing: readonly string[],
    private readonly rules: LinkRules | undefined,
  ) {
    this.missing = new Set(knownMissing);
  }

  /** Sorts one unresolved link of `file`; returns its problem, or undefined when it is counted instead. */
  sort(file: string, link: PageContent['unresolvedLinks'][number]): ContentProblem | undefined {
    const at: LinkAt = { file, ...(link.line === undefined ? {} : { line: link.line }), href: link.href };
    if (link.kind === 'hook') {
      this.hook.push(at);
      return undefined;
    }
    const target = linkTargetPath(file, link.href, this.rules);
    if (target !== undefined && this.missing.has(target)) {
      this.knownMissing.push({ ...at, target });
      return undefined;
    }
    return linkProblem(file, { ...link, kind: link.kind });
  }

  /** The one warning for the links left to the site's render-link hook, when there are any. */
  hookWarning(hook: RenderLinkHook | undefined): ContentProblem | undefined {
    if (hook === undefined || this.hook.length === 0) return undefined;
    const by = hook.table === undefined ? '' : ` (${hook.table}; its template is not in the folder)`;
    const count = this.hook.length === 1 ? '1 link' : `${this.hook.length} links`;
    return {
      severity: 'warning',
      file: hook.file,
      message: `${count} left to the site's render-link hook${by}, not verified: sitegate cannot run it (--verbose lists them)`,
    };
  }
}

/**
 * The problem of a link that leads nowhere. GitBook writes `broken-reference` for a link whose
 * target page was deleted (its editor shows it as a broken link): a warning, since the site's
 * authors were already told; every other link is an error.
 */
function linkProblem(file: string, link: PageContent['unresolvedLinks'][number] & { kind: 'escapes' | 'broken' }): ContentProblem {
  const at = link.line === undefined ? {} : { line: link.line };
  if (link.href === 'broken-reference')
    return { severity: 'warning', file, ...at, message: 'link marked broken by GitBook (broken-reference): its target was deleted' };
  const message =
    link.kind === 'escapes'
      ? `link escapes the content folder: ${link.href}`
      : !link.href.startsWith('/')
        ? `broken relative link: ${link.href}`
        : isAssetName(
              link.href
                .replace(/[?#][\s\S]*/, '')
                .split('/')
                .pop() ?? '',
            )
          ? `no static file at: ${link.href}`
          : `no page at: ${link.href}`;
  return { severity: 'error', file, ...at, message };
}

/** `1 link to 1 known-missing target ignored (setting check.knownMissing)`; undefined when no link was. */
export function knownMissingLine(knownMissing: readonly LinkAt[]): string | undefined {
  if (knownMissing.length === 0) return undefined;
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const targets = new Set(knownMissing.map((link) => link.target)).size;
  return `${plural(knownMissing.length, 'link')} to ${plural(targets, 'known-missing target')} ignored (setting check.knownMissing)`;
}

/**
 * The lines `check --verbose` adds before the summary: each link left to the site's render-link
 * hook, then each link to a known-missing target (`file:line: note: …`).
 */
export function verboseLines(hookLinks: readonly LinkAt[], knownMissing: readonly LinkAt[]): string[] {
  const at = (link: LinkAt): string => `${link.file}${link.line === undefined ? '' : `:${link.line}`}`;
  return [
    ...hookLinks.map((link) => `${at(link)}: note: left to the site's render-link hook: ${link.href}`),
    ...knownMissing.map((link) => `${at(link)}: note: known missing (check.knownMissing): ${link.href}`),
  ];
}
