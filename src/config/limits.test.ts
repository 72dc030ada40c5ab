import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { DEFAULT_LIMITS, LIMIT_ENV_NAMES, LimitError, parseLimits } from './limits.js';
import { readEnv } from './env.js';

describe('parseLimits', () => {
  it('has the documented defaults', () => {
    expect(parseLimits({}, undefined)).toStrictEqual({
      bodyLimitBytes: 4096,
      maxHeaderBytes: 16384,
      maxUrlBytes: 8192,
      maxQueryBytes: 2048,
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 20_000,
      keepAliveTimeoutMs: 72_000,
    });
  });

  it('takes the environment over sitegate.json over the defaults', () => {
    const limits = parseLimits({ maxUrlBytes: '4000' }, { maxUrlBytes: 3000, maxQueryBytes: 100 });
    expect(limits).toStrictEqual({ ...DEFAULT_LIMITS, maxUrlBytes: 4000, maxQueryBytes: 100 });
  });

  it('reads every limit from its SITEGATE_* variable', () => {
    const env = Object.fromEntries(
      Object.values(LIMIT_ENV_NAMES).map((name) => [name, name === LIMIT_ENV_NAMES.maxHeaderBytes ? '2000' : '1000']),
    );
    expect(parseLimits(readEnv(env).limits ?? {}, undefined)).toStrictEqual({
      bodyLimitBytes: 1000,
      maxHeaderBytes: 2000,
      maxUrlBytes: 1000,
      maxQueryBytes: 1000,
      requestTimeoutMs: 1000,
      headersTimeoutMs: 1000,
      keepAliveTimeoutMs: 1000,
    });
  });

  it.each([
    [{}, { maxUrlBytes: 'big' }, 'limits.maxUrlBytes: "big" is not an integer from 64 to 1048576'],
    [{}, { bodyLimitBytes: 1.5 }, 'limits.bodyLimitBytes: 1.5 is not an integer from 64 to 10485760'],
    [{ requestTimeoutMs: '-1' }, {}, 'SITEGATE_REQUEST_TIMEOUT_MS: "-1" is not an integer from 100 to 3600000'],
    [
      {},
      { maxUrlByte: 10 },
      'limits: unknown limit "maxUrlByte" (bodyLimitBytes, maxHeaderBytes, maxUrlBytes, maxQueryBytes, requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs)',
    ],
    [{}, [1], 'limits: must be an object like { "maxUrlBytes": 8192 }'],
    [{}, { headersTimeoutMs: 40_000 }, 'limits.headersTimeoutMs: 40000 must not exceed limits.requestTimeoutMs (30000)'],
    [{}, { maxUrlBytes: 20_000 }, 'limits.maxUrlBytes: 20000 must not exceed limits.maxHeaderBytes (16384)'],
  ])('refuses %j / %j naming the setting', (env, file, message) => {
    expect(() => parseLimits(env, file)).toThrow(new LimitError(message));
  });

  it('fails loadConfig with a ConfigError, as every other setting', () => {
    expect(() => loadConfig({}, {}, { limits: { maxQueryBytes: -5 } })).toThrow(
      new ConfigError('limits.maxQueryBytes: -5 is not an integer from 0 to 1048576'),
    );
  });
});
