/**
 * Who sent a request, from its User-Agent: an AI crawler or assistant, a search engine, another
 * bot, a browser, or unknown. Bots come from the maintained list of the crawler-user-agents
 * project (monperrus/crawler-user-agents: one regular expression per crawler, tagged `ai-crawler`,
 * `search-engine`, `seo`, `http-library`…); browsers are named by bowser. Agent names are taken
 * from the list and bowser only, never from the request, so they are a bounded set.
 */
import { createRequire } from 'node:module';
import Bowser from 'bowser';
import { LRUCache } from 'lru-cache';

/**
 * Kinds of clients. `ai-crawler` is the list's tag for AI crawlers, assistants fetching for a
 * user (ChatGPT-User, Claude-User) and AI search bots; `api-client` is given by the recorder to
 * requests whose credential was accepted (their client_id says more than their User-Agent).
 */
export type AgentCategory = 'ai-crawler' | 'search-engine' | 'bot' | 'browser' | 'api-client' | 'unknown';

/** What a User-Agent says: its category and the agent's name (`GPTBot`, `Googlebot`, `Chrome`). */
export interface Agent {
  category: AgentCategory;
  /** The crawler's name as the list writes it, the browser's as bowser does; `(none)` without a User-Agent, `(unrecognised)`. */
  agent: string;
}

/** An entry of the crawler-user-agents list (its README: `pattern` is a regular expression, `instances` examples). */
interface ListedCrawler {
  pattern: string;
  instances: string[];
  tags?: string[];
}

/** A crawler of the list, compiled. */
interface Crawler {
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
    const name = found[0].replace(/^[^\w]+|[^\w)]+$/g, '').slice(0, 64);
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
function crawlerList(): readonly Crawler[] {
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

/** User-Agent characters looked at: real ones are a few hundred long. */
const USER_AGENT_MAX_CHARS = 512;

const NONE: Agent = { category: 'unknown', agent: '(none)' };
const UNRECOGNISED: Agent = { category: 'unknown', agent: '(unrecognised)' };

/**
 * Classifies a User-Agent (RFC 9110 §10.1.5) with the crawler list, then bowser for browsers
 * (`Mozilla/…` strings it names). Costs up to one regular expression per listed crawler: see
 * {@link createAgentClassifier} for the cached form the server uses.
 */
export function classifyUserAgent(userAgent: string | undefined): Agent {
  if (userAgent === undefined || userAgent.trim() === '') return NONE;
  const text = userAgent.slice(0, USER_AGENT_MAX_CHARS);
  for (const crawler of crawlerList()) if (crawler.pattern.test(text)) return { category: crawler.category, agent: crawler.name };
  if (text.startsWith('Mozilla/')) {
    const name = Bowser.getParser(text).getBrowserName();
    if (name !== '') return { category: 'browser', agent: name };
  }
  return UNRECOGNISED;
}

/** How many distinct User-Agents the classifier remembers. */
export const CLASSIFIER_CACHE_SIZE = 10_000;
/**
 * User-Agents not yet seen that are classified per second at most. One costs about 0.1–0.3 ms
 * (a regular expression per listed crawler); past the budget (a flood of made-up User-Agents)
 * requests count as {@link NOT_CLASSIFIED}, so counting never costs more than a few percent of a core.
 */
export const CLASSIFICATIONS_PER_SEC = 200;

/** What a request counts as when the classification budget of the second is spent. */
export const NOT_CLASSIFIED: Agent = { category: 'unknown', agent: '(not classified)' };

/** Options of {@link createAgentClassifier}. */
export interface ClassifierOptions {
  cacheSize?: number;
  perSecond?: number;
  /** Clock in ms (tests). */
  nowMs?: () => number;
}

/**
 * {@link classifyUserAgent} behind a bounded LRU cache by User-Agent string (a site sees a few
 * hundred distinct ones, so the request path mostly costs one map lookup) and a budget of new
 * User-Agents per second ({@link CLASSIFICATIONS_PER_SEC}).
 */
export function createAgentClassifier(options: ClassifierOptions = {}): (userAgent: string | undefined) => Agent {
  const cache = new LRUCache<string, Agent>({ max: options.cacheSize ?? CLASSIFIER_CACHE_SIZE });
  const perSecond = options.perSecond ?? CLASSIFICATIONS_PER_SEC;
  const nowMs = options.nowMs ?? Date.now;
  let second = 0;
  let spent = 0;
  return function classify(userAgent) {
    if (userAgent === undefined) return NONE;
    let agent = cache.get(userAgent);
    if (agent !== undefined) return agent;
    const now = Math.floor(nowMs() / 1000);
    if (now !== second) [second, spent] = [now, 0];
    if (spent >= perSecond) return NOT_CLASSIFIED;
    spent++;
    cache.set(userAgent, (agent = classifyUserAgent(userAgent)));
    return agent;
  };
}
