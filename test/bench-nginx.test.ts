/**
 * The bench's nginx beside the built-page row (issue 33): the configuration it starts nginx with
 * and the /proc parsing that finds its worker (bench/nginx.ts), the pooling of the beside rounds
 * (bench/compare.ts) and their table (bench/beside-report.ts). Timing itself is not tested.
 */
import { describe, expect, it } from 'vitest';
import { besideFailures, besideTable } from '../bench/beside-report.js';
import { summariseScenario, type Measurement } from '../bench/compare.js';
import type { Sample } from '../bench/load.js';
import { nginxConfig, nginxString, parentPidOf, startNginx } from '../bench/nginx.js';
import type { PreparedScenario } from '../bench/prepare.js';

describe('nginxConfig', () => {
  it('runs one worker in the foreground, logs into the prefix, and serves the build as a static host does', () => {
    const config = nginxConfig({ prefix: '/tmp/ngx', root: '/tmp/site/build', port: 8123, keepAliveTimeoutSec: 72, asRoot: false });
    expect(config).toBe(
      [
        'daemon off;',
        'master_process on;',
        'worker_processes 1;',
        'pid "/tmp/ngx/nginx.pid";',
        'error_log "/tmp/ngx/error.log" warn;',
        'events {',
        '  worker_connections 1024;',
        '}',
        'http {',
        '  types {',
        '    text/html html htm;',
        '    text/css css;',
        '    text/plain txt md;',
        '    text/xml xml;',
        '    application/javascript js mjs;',
        '    application/json json;',
        '    image/svg+xml svg;',
        '    image/png png;',
        '    image/jpeg jpg jpeg;',
        '    image/x-icon ico;',
        '    font/woff2 woff2;',
        '  }',
        '  default_type application/octet-stream;',
        '  charset utf-8;',
        '  access_log off;',
        '  sendfile on;',
        '  tcp_nopush on;',
        '  keepalive_timeout 72s;',
        '  keepalive_requests 4294967295;',
        '  client_body_temp_path "/tmp/ngx/client_body_temp";',
        '  proxy_temp_path "/tmp/ngx/proxy_temp";',
        '  fastcgi_temp_path "/tmp/ngx/fastcgi_temp";',
        '  uwsgi_temp_path "/tmp/ngx/uwsgi_temp";',
        '  scgi_temp_path "/tmp/ngx/scgi_temp";',
        '  server {',
        '    listen 127.0.0.1:8123;',
        '    root "/tmp/site/build";',
        '    location / {',
        '      try_files $uri $uri.html $uri/ =404;',
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('keeps the worker as root when started as root, so it can read the bench’s 0700 temp folders', () => {
    const config = nginxConfig({ prefix: '/p', root: '/r', port: 1, keepAliveTimeoutSec: 5, asRoot: true });
    expect(config.split('\n').slice(0, 5)).toStrictEqual([
      'daemon off;',
      'master_process on;',
      'worker_processes 1;',
      'user root;',
      'pid "/p/nginx.pid";',
    ]);
  });

  it('refuses a path it cannot quote rather than escaping it', () => {
    expect(nginxString('/tmp/a b')).toBe('"/tmp/a b"');
    for (const bad of ['/tmp/$uri', '/tmp/a"b', '/tmp/a\\b', '/tmp/a\nb'])
      expect(() => nginxString(bad)).toThrow(`nginx: cannot quote the path ${JSON.stringify(bad)}`);
    expect(() => nginxConfig({ prefix: '/p', root: '/srv/$x', port: 1, keepAliveTimeoutSec: 5, asRoot: false })).toThrow(
      'nginx: cannot quote the path "/srv/$x"',
    );
  });
});

describe('startNginx', () => {
  it('says nginx is missing, naming the executable, rather than skipping it', async () => {
    await expect(startNginx('/tmp', 72_000, '/nonexistent/sbin/nginx')).rejects.toThrow(
      "/nonexistent/sbin/nginx not found: install Debian's nginx package to measure nginx beside the built page",
    );
  });
});

describe('parentPidOf', () => {
  it('reads field 4 of /proc/PID/stat after the command name, whatever that name holds', () => {
    expect(parentPidOf('4242 (nginx) S 4241 4241 4241 0 -1 4194624 120 0 0 0 3 1 0 0 20 0 1 0')).toBe(4241);
    expect(parentPidOf('77 (a) b (c) d) R 12 77 77 0 -1 0')).toBe(12);
  });

  it('is undefined for a line it cannot read, and for pid 0 (a kernel thread’s parent)', () => {
    expect(parentPidOf('')).toBeUndefined();
    expect(parentPidOf('2 (kthreadd) S 0 0 0 0')).toBeUndefined();
  });
});

const sample = (requests: number, serverCpuSec: number | undefined, bytes = requests * 100): Sample => ({
  requests,
  wallSec: 1,
  p99Ms: 3,
  bytes,
  serverCpuSec,
  loaderCpuSec: 0.5,
  machineCpuSec: 2,
});

const prepared: PreparedScenario = {
  scenario: {
    name: 'built page HTML (--html)',
    path: '/p',
    expectedStatus: 200,
    precomputed: true,
    judgedBy: 'cpu',
    htmlBuild: true,
    beside: 'nginx',
  },
  request: { headers: {} },
  baselineRequest: { headers: {} },
  capture: { method: 'GET', target: '/p', headers: {}, reply: { status: 200, headers: [], body: Buffer.alloc(0) } },
};

describe('the beside server of a row', () => {
  // sitegate 25 and 20 µs a request, raw 25, nginx 12.5 and 15: ratios 0.5 and 0.75.
  const measurement: Measurement = {
    sitegate: [sample(1000, 0.025), sample(1000, 0.02)],
    baseline: [sample(1000, 0.025), sample(1000, 0.025)],
    beside: [sample(2000, 0.025, 2000 * 90), sample(2000, 0.03, 2000 * 90)],
  };

  it('pools its rounds over the starts: its side, and each round’s CPU per request against sitegate’s', () => {
    const result = summariseScenario(prepared, [measurement]);
    const beside = result.beside;
    if (beside === undefined || 'failure' in beside) throw new Error(`no beside side: ${JSON.stringify(beside)}`);
    expect(beside.kind).toBe('nginx');
    expect(beside.roundCpuRatios).toHaveLength(2);
    expect(beside.roundCpuRatios[0]).toBeCloseTo(0.5, 9);
    expect(beside.roundCpuRatios[1]).toBeCloseTo(0.75, 9);
    expect(beside.side.serverCpuUsPerRequest).toBeCloseTo(13.75, 9);
    expect(beside.side.requestsPerSec).toBe(2000);
    expect(beside.side.bytesPerResponse).toBe(90);
  });

  it('reports it in a table beside sitegate and the baseline', () => {
    const result = summariseScenario(prepared, [measurement]);
    expect(besideTable([result])).toBe(
      [
        '| scenario | beside | beside req/s | beside p99 ms | beside cpu µs/req | sitegate cpu µs/req | baseline cpu µs/req | cpu ratio (beside ÷ sitegate µs) | round cpu ratios: min, quartiles, max (rounds/starts) | bytes/response (sg / beside) |',
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
        '| built page HTML (--html) | nginx | 2,000 | 3 | 13.8 | 22.5 | 25.0 (raw) | 0.61× nginx | 0.50 · 0.50–0.50–0.75 · 0.75 (2/1) | 100 / 90 |',
      ].join('\n'),
    );
    expect(besideFailures([result])).toBeUndefined();
  });

  it('fails the column, never skips it, when the server could not be started in any start', () => {
    const failed: Measurement = { ...measurement, beside: { failure: 'nginx could not be started (/usr/sbin/nginx): not found' } };
    const result = summariseScenario(prepared, [measurement, failed]);
    expect(result.beside).toStrictEqual({ kind: 'nginx', failure: 'nginx could not be started (/usr/sbin/nginx): not found' });
    expect(besideTable([result])?.split('\n')[2]).toBe(
      '| built page HTML (--html) | nginx | **FAILED**: nginx could not be started (/usr/sbin/nginx): not found |  |  | 22.5 | 25.0 |  |  |  |',
    );
    expect(besideFailures([result])).toBe(
      'bench: FAILED beside: built page HTML (--html): nginx could not be started (/usr/sbin/nginx): not found',
    );
  });

  it('fails the column when rounds are missing, and has no table for rows without a beside server', () => {
    const short: Measurement = { ...measurement, beside: [sample(2000, 0.025)] };
    expect(summariseScenario(prepared, [short]).beside).toStrictEqual({ kind: 'nginx', failure: 'nginx measured in 1 of 2 rounds' });
    const plain = summariseScenario({ ...prepared, scenario: { name: 'page html', path: '/p', expectedStatus: 200, precomputed: true } }, [
      { sitegate: measurement.sitegate, baseline: measurement.baseline },
    ]);
    expect(plain.beside).toBeUndefined();
    expect(besideTable([plain])).toBeUndefined();
    expect(besideFailures([plain])).toBeUndefined();
  });
});
