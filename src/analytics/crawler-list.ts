/**
 * The crawler list of analytics/classify.ts: the crawler-user-agents project's list
 * (monperrus/crawler-user-agents: one regular expression per crawler, tagged `ai-crawler`,
 * `search-engine`, `seo`, `http-library`…), compiled once, each crawler named and categorised.
 */
import { createRequire } from 'node:module';
import type { AgentCategory } from './classify.js';

/** An entry of the crawler-user-agents list (its README: `pattern` is a regular expression, `instances` examples). */
interface ListedCrawler {
  pattern: string;
  instances: string[];
  tags?: string[];
}

/** A crawler of the list, compiled. */
export interface Crawler {
  pattern: RegExp;
  category: AgentCategory;
  name: string;
}

/** Tags that make a crawler an AI crawler or a search engine; in that order when a crawler has both (PerplexityBot). */
function categoryOf(tags: readonly string[] | undefined): AgentCategory {
  if (tags?.includes('ai-crawler') === true) return 'ai-crawler';
  if (tags?.includes('search-engine') === true) return 'search-engine';
  return 'bot';
}

/** `text` from its first word character up to its last word character or `)`, read from both ends (a User-Agent is request input). */
function trimmedName(text: string): string {
  const isWord = (char: string | undefined): boolean => char !== undefined && /\w/.test(char);
  let start = 0;
  let end = text.length;
  while (start < end && !isWord(text[start])) start++;
  while (end > start && !isWord(text[end - 1]) && text[end - 1] !== ')') end--;
  return text.slice(start, end);
}

/**
 * A crawler's name: what its pattern matches in the list's example User-Agents, preferring a
 * product token (`Name/version`, RFC 9110 §10.1.5) and then the spelling most examples use;
 * else the pattern without regex syntax.
 */
function nameOf(pattern: RegExp, source: string, instances: readonly string[]): string {
  const votes = new Map<string, number>();
  for (const instance of instances) {
    const found = pattern.exec(instance);
    if (found === null) continue;
    const name = trimmedName(found[0]).slice(0, 64);
    if (name === '') continue;
    const product = instance[found.index + found[0].length] === '/' || found[0].endsWith('/');
    votes.set(name, (votes.get(name) ?? 0) + (product ? instances.length + 1 : 1));
  }
  let best: [string, number] | undefined;
  for (const vote of votes) if (best === undefined || vote[1] > best[1]) best = vote;
  return best?.[0] ?? source.replace(/[\\^$]/g, '').slice(0, 64);
}

const RANK: Readonly<Record<AgentCategory, number>> = {
  'ai-crawler': 0,
  'search-engine': 1,
  bot: 2,
  browser: 3,
  'api-client': 4,
  unknown: 5,
};

let compiled: readonly Crawler[] | undefined;

/**
 * The list, compiled on first use, AI crawlers first and search engines next, so the first match
 * is the best one. Read with require: its JSON is the package's CommonJS entry point.
 */
export function crawlerList(): readonly Crawler[] {
  compiled ??= (createRequire(import.meta.url)('crawler-user-agents') as ListedCrawler[])
    .flatMap((entry): Crawler[] => {
      try {
        const pattern = new RegExp(entry.pattern);
        return [
          {
            pattern,
            category: categoryOf(entry.tags),
            name: nameOf(pattern, entry.pattern, entry.instances),
          },
        ];
      } catch {
        return []; // a pattern written for another regex dialect: the list serves PHP, Python and Go too
      }
    })
    .sort((a, b) => RANK[a.category] - RANK[b.category]);
  return compiled;
}
