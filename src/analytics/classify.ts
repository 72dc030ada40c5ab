/**
 * Who sent a request, from its User-Agent: an AI crawler or assistant, a search engine, another
 * bot, a browser, or unknown. Bots come from the maintained list of the crawler-user-agents
 * project (monperrus/crawler-user-agents: one regular expression per crawler, tagged `ai-crawler`,
 * `search-engine`, `seo`, `http-library`…); browsers are named by bowser. Agent names are taken
 * from the list and bowser only, never from the request, so they are a bounded set.
 */
import Bowser from 'bowser';
import { LRUCache } from 'lru-cache';
import { crawlerList } from './crawler-list.js';

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
  /** Clock in ms (tests), read when the caller gives no time. */
  nowMs?: () => number;
}

/** A cached classifier: the agent of a User-Agent, with the request's time (ms since the epoch; default: the classifier's clock). */
export type AgentClassifier = (userAgent: string | undefined, atMs?: number) => Agent;

/**
 * Slots of the classifier's front memo, chosen by User-Agent length. A power of two, above the
 * lengths of common User-Agents (about 20 to 250 characters), so most of them get a slot each.
 */
export const RECENT_SLOTS = 256;

/** A User-Agent the front memo remembers, and the second it last told the LRU cache it was used. */
interface Recent {
  userAgent: string;
  agent: Agent;
  second: number;
}

/**
 * {@link classifyUserAgent} behind a bounded LRU cache by User-Agent string (a site sees a few
 * hundred distinct ones), a budget of new User-Agents per second ({@link CLASSIFICATIONS_PER_SEC}),
 * and in front of the cache a memo of {@link RECENT_SLOTS} slots chosen by length. node:http gives
 * each request a fresh header string, and a Map lookup must hash all of its hundred-odd characters
 * first (more than the rest of counting costs), while the memo's `===` compares them only when
 * the lengths are equal. The memo holds only what the LRU cache holds (an entry the cache drops
 * leaves its slot), and tells the cache of a hit once per second, so the cache's recency, and
 * what it forgets first, stay those of the requests.
 */
export function createAgentClassifier(options: ClassifierOptions = {}): AgentClassifier {
  const recent: (Recent | undefined)[] = new Array<Recent | undefined>(RECENT_SLOTS).fill(undefined);
  const slotOf = (userAgent: string): number => userAgent.length & (RECENT_SLOTS - 1);
  const cache = new LRUCache<string, Agent>({
    max: options.cacheSize ?? CLASSIFIER_CACHE_SIZE,
    dispose(_agent, userAgent) {
      const slot = slotOf(userAgent);
      if (recent[slot]?.userAgent === userAgent) recent[slot] = undefined;
    },
  });
  const perSecond = options.perSecond ?? CLASSIFICATIONS_PER_SEC;
  const nowMs = options.nowMs ?? Date.now;
  let budgetSecond = 0;
  let spent = 0;
  return function classify(userAgent, atMs = nowMs()) {
    if (userAgent === undefined) return NONE;
    const second = Math.floor(atMs / 1000);
    const slot = slotOf(userAgent);
    const memo = recent[slot];
    if (memo !== undefined && memo.userAgent === userAgent) {
      if (memo.second !== second) {
        memo.second = second;
        cache.get(userAgent); // a use, for the cache's recency
      }
      return memo.agent;
    }
    let agent = cache.get(userAgent);
    if (agent === undefined) {
      if (second !== budgetSecond) [budgetSecond, spent] = [second, 0];
      if (spent >= perSecond) return NOT_CLASSIFIED;
      spent++;
      cache.set(userAgent, (agent = classifyUserAgent(userAgent)));
    }
    recent[slot] = { userAgent, agent, second };
    return agent;
  };
}
