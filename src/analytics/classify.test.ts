import { describe, expect, it } from 'vitest';
import { classifyUserAgent, createAgentClassifier, NOT_CLASSIFIED, RECENT_SLOTS } from './classify.js';
import { USER_AGENTS } from '../../test/user-agents.js';

describe('classifyUserAgent', () => {
  it.each([
    [USER_AGENTS.GPTBot, 'ai-crawler', 'GPTBot'],
    [USER_AGENTS.ClaudeBot, 'ai-crawler', 'ClaudeBot'],
    [USER_AGENTS.PerplexityBot, 'ai-crawler', 'PerplexityBot'],
    [USER_AGENTS.ChatGPTUser, 'ai-crawler', 'ChatGPT-User'],
    [USER_AGENTS.Googlebot, 'search-engine', 'Googlebot'],
    [USER_AGENTS.bingbot, 'search-engine', 'bingbot'],
    [USER_AGENTS.curl, 'bot', 'curl'],
    [USER_AGENTS.Chrome, 'browser', 'Chrome'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'browser', 'Firefox'],
    ['my-own-script/1.0', 'unknown', '(unrecognised)'],
    ['', 'unknown', '(none)'],
    [undefined, 'unknown', '(none)'],
  ])('%s is %s %s', (userAgent, category, agent) => {
    expect(classifyUserAgent(userAgent)).toStrictEqual({ category, agent });
  });

  it('never names an agent after the request: a made-up string in a browser shape is a browser', () => {
    expect(classifyUserAgent('Mozilla/5.0 (X11) Gecko/20100101 Firefox/125.0 EvilName/1.0')).toStrictEqual({
      category: 'browser',
      agent: 'Firefox',
    });
  });
});

describe('createAgentClassifier', () => {
  it('classifies a User-Agent once, then answers from its cache', () => {
    let nowMs = 0;
    const classify = createAgentClassifier({ perSecond: 1, nowMs: () => nowMs });
    expect(classify(USER_AGENTS.GPTBot)).toStrictEqual({ category: 'ai-crawler', agent: 'GPTBot' });
    // The budget of this second is spent: a new User-Agent is not classified, a known one still is.
    expect(classify(USER_AGENTS.Googlebot)).toBe(NOT_CLASSIFIED);
    expect(classify(USER_AGENTS.GPTBot)).toStrictEqual({ category: 'ai-crawler', agent: 'GPTBot' });
    nowMs = 1000;
    expect(classify(USER_AGENTS.Googlebot)).toStrictEqual({ category: 'search-engine', agent: 'Googlebot' });
  });

  it('forgets the least recently used User-Agent past its size', () => {
    let nowMs = 0;
    const classify = createAgentClassifier({ cacheSize: 1, perSecond: 1, nowMs: () => nowMs });
    classify(USER_AGENTS.GPTBot);
    nowMs = 1000;
    classify(USER_AGENTS.curl);
    expect(classify(USER_AGENTS.GPTBot)).toBe(NOT_CLASSIFIED);
  });

  it('answers User-Agents that share a memo slot (same length) from its cache, without spending the budget', () => {
    const one = 'my-tool/1.0';
    const two = 'my-tool/2.0';
    const three = 'my-tool/3.0 '.padEnd(one.length + RECENT_SLOTS, '.'); // a third, one slot round later
    const classify = createAgentClassifier({ perSecond: 2, nowMs: () => 0 });
    const first = classify(one);
    expect(first).toStrictEqual({ category: 'unknown', agent: '(unrecognised)' });
    expect(classify(two)).toStrictEqual({ category: 'unknown', agent: '(unrecognised)' });
    // `two` took the slot of `one`: `one` comes from the cache, the same object, and the budget stays spent.
    expect(classify(one)).toBe(first);
    expect(classify(two)).toStrictEqual({ category: 'unknown', agent: '(unrecognised)' });
    expect(classify(three)).toBe(NOT_CLASSIFIED);
  });

  it('keeps a User-Agent answered from its memo recently used in the cache, so the cache forgets another first', () => {
    let nowMs = 0;
    const classify = createAgentClassifier({ cacheSize: 2, perSecond: 1, nowMs: () => nowMs });
    classify(USER_AGENTS.GPTBot);
    nowMs = 1000;
    classify(USER_AGENTS.Googlebot);
    nowMs = 2000;
    // A memo hit in a new second counts as a use: GPTBot is now the more recent of the two.
    expect(classify(USER_AGENTS.GPTBot)).toStrictEqual({ category: 'ai-crawler', agent: 'GPTBot' });
    expect(classify(USER_AGENTS.curl)).toStrictEqual({ category: 'bot', agent: 'curl' });
    // The budget of the second is spent: what the cache still holds is answered, what it forgot is not.
    expect(classify(USER_AGENTS.GPTBot)).toStrictEqual({ category: 'ai-crawler', agent: 'GPTBot' });
    expect(classify(USER_AGENTS.Googlebot)).toBe(NOT_CLASSIFIED);
    expect(classify(USER_AGENTS.curl)).toStrictEqual({ category: 'bot', agent: 'curl' });
  });

  it('takes the request time from its caller when given, rather than its own clock', () => {
    const classify = createAgentClassifier({ perSecond: 1, nowMs: () => 0 });
    classify(USER_AGENTS.GPTBot, 0);
    expect(classify(USER_AGENTS.curl, 500)).toBe(NOT_CLASSIFIED);
    expect(classify(USER_AGENTS.curl, 1000)).toStrictEqual({ category: 'bot', agent: 'curl' });
  });
});
