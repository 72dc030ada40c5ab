import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { DEFAULT_LIMITS, LIMIT_ENV_NAMES } from './limits.js';
import { readEnv } from './env.js';

describe('request limits as settings', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({}, {}).limits).toStrictEqual({
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
    const limits = loadConfig({}, readEnv({ SITEGATE_MAX_URL_BYTES: '4000' }), {
      limits: { maxUrlBytes: 3000, maxQueryBytes: 100 },
    }).limits;
    expect(limits).toStrictEqual({ ...DEFAULT_LIMITS, maxUrlBytes: 4000, maxQueryBytes: 100 });
  });

  it('reads every limit from its SITEGATE_* variable', () => {
    const env = Object.fromEntries(
      Object.values(LIMIT_ENV_NAMES).map((name) => [name, name === LIMIT_ENV_NAMES.maxHeaderBytes ? '2000' : '1000']),
    );
    expect(loadConfig({}, readEnv(env)).limits).toStrictEqual({
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
    [{}, { maxUrlBytes: 'big' }, 'sitegate.json: limits.maxUrlBytes: must be an integer from 64 to 1048576, got "big"'],
    [{}, { bodyLimitBytes: 1.5 }, 'sitegate.json: limits.bodyLimitBytes: must be an integer from 64 to 10485760, got 1.5'],
    [{}, { maxQueryBytes: -5 }, 'sitegate.json: limits.maxQueryBytes: must be an integer from 0 to 1048576, got -5'],
    [{ SITEGATE_REQUEST_TIMEOUT_MS: '-1' }, {}, 'SITEGATE_REQUEST_TIMEOUT_MS: must be an integer from 100 to 3600000, got "-1"'],
    [{}, { maxUrlByte: 10 }, 'sitegate.json: limits.maxUrlByte: unknown key (did you mean "limits.maxUrlBytes"?)'],
    [{}, [1], 'sitegate.json: limits: must be an object, got [1]'],
    [{}, { headersTimeoutMs: 40_000 }, 'sitegate.json: limits.headersTimeoutMs: 40000 must not exceed limits.requestTimeoutMs (30000)'],
    [{}, { maxUrlBytes: 20_000 }, 'sitegate.json: limits.maxUrlBytes: 20000 must not exceed limits.maxHeaderBytes (16384)'],
    [{ SITEGATE_MAX_HEADER_BYTES: '4096' }, {}, 'limits.maxUrlBytes: 8192 must not exceed SITEGATE_MAX_HEADER_BYTES (4096)'],
  ])('refuses %j / %j naming the setting and its source', (env, file, message) => {
    expect(() => loadConfig({}, readEnv(env), { limits: file } as never)).toThrow(new ConfigError(message));
  });
});
