/**
 * The telemetry's settings and pings (issue 43): where pings go, how their URLs are shown, and the
 * ping bodies' masking, against a real HTTP server (node:http) rather than a stubbed fetch.
 */
import { describe, expect, it } from 'vitest';
import { pingUrl, sendPing } from '../../../src/api/telemetry/ping.ts';
import { resolveTelemetry, telemetrySecrets } from '../../../src/api/telemetry/telemetry-settings.ts';
import type { AccountSetting } from '../../../src/config-file/resolve-accounts.ts';
import { accountsSection } from '../../../src/config-file/accounts-section.ts';
import { ConfigError } from '../../../src/errors.ts';
import { silentLogger } from '../../../src/logger.ts';
import { pingUrlForLog } from '../../../src/redaction.ts';
import { startPingRecorder } from '../../support/ping-recorder.ts';
import { freePort } from '../../support/prometheus-tools.ts';
import { pushToGateway, writeMetricsFile } from '../../../src/api/telemetry/metrics-outputs.ts';
import { runRegistry } from '../../../src/api/telemetry/run-metrics.ts';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const account = (name: string, pingUrlEnv?: string): AccountSetting =>
  ({ name, pingUrlEnv }) as unknown as AccountSetting;

describe('ping URLs', () => {
  it('appends /start and /fail to the path, keeps the query, and pings success on the URL itself', () => {
    const base = new URL('https://hc-ping.com/1f2e-uuid/?create=1');
    expect(pingUrl(base, 'start').toString()).toBe('https://hc-ping.com/1f2e-uuid/start?create=1');
    expect(pingUrl(base, 'fail').toString()).toBe('https://hc-ping.com/1f2e-uuid/fail?create=1');
    expect(pingUrl(base, 'success').toString()).toBe(base.toString());
  });

  it('shows scheme and host only in logs', () => {
    expect(pingUrlForLog('https://user:pw@hc-ping.com/secret-uuid/fail?k=v')).toBe(
      'https://hc-ping.com/[redacted]',
    );
  });
});

describe('resolveTelemetry', () => {
  it('reads the job URL, each account ping_url_env and the Pushgateway', () => {
    const settings = resolveTelemetry(
      {
        UPTRENDS_ETL_PING_URL: 'https://hc-ping.com/job-token',
        ACME_PING: 'https://hc-ping.com/acme-token',
        UPTRENDS_ETL_PUSHGATEWAY_URL: 'http://127.0.0.1:9091',
      },
      [account('acme', 'ACME_PING'), account('beta')],
      'out/nightly.prom',
    );
    expect(settings.jobPing?.url.toString()).toBe('https://hc-ping.com/job-token');
    expect([...settings.accountPings.keys()]).toEqual(['acme']);
    expect(settings.pushgateway?.host).toBe('127.0.0.1:9091');
    expect(settings.metricsFile?.endsWith('/out/nightly.prom')).toBe(true);
    expect(telemetrySecrets(settings)).toContain('/acme-token');
  });

  it('refuses a bad URL naming the variable, never showing the value', () => {
    const value = 'hc-ping.com/no-scheme-token';
    const run = (): unknown => resolveTelemetry({ UPTRENDS_ETL_PING_URL: value }, []);
    expect(run).toThrow(ConfigError);
    expect(run).toThrow('UPTRENDS_ETL_PING_URL');
    try {
      run();
    } catch (error) {
      expect((error as Error).message).not.toContain('no-scheme-token');
    }
    expect(() => resolveTelemetry({ UPTRENDS_ETL_PUSHGATEWAY_URL: 'ftp://x/' }, [])).toThrow(/http/);
  });

  it('refuses an unset ping_url_env variable and a metrics file the collector would not read', () => {
    expect(() => resolveTelemetry({}, [account('acme', 'ACME_PING')])).toThrow(
      'the variable ACME_PING is not set (ping_url_env of account acme)',
    );
    expect(() => resolveTelemetry({}, [], 'metrics.txt')).toThrow('--metrics-file must end in .prom');
  });

  it('the accounts: section takes ping_url_env as a variable name and refuses a URL there', () => {
    const entry = { name: 'acme', username_env: 'A_USER', password_env: 'A_PW' };
    expect(accountsSection.safeParse([{ ...entry, ping_url_env: 'ACME_PING' }]).success).toBe(true);
    expect(accountsSection.safeParse([{ ...entry, ping_url_env: 'https://hc-ping.com/x' }]).success).toBe(
      false,
    );
  });
});

describe('sendPing', () => {
  it('POSTs plain text with the secrets masked, and says it got through', async () => {
    const server = await startPingRecorder();
    try {
      const result = await sendPing(
        { url: new URL(server.url), check: 'job' },
        'fail',
        'exit code 4\nerror: [API_AUTH_FAILED] refused for hunter2-password at http://u:pw@api.example/v4\n',
        { logger: silentLogger(), secrets: ['hunter2-password'] },
      );
      expect(result).toMatchObject({ ok: true, status: 200, attempts: 1 });
      expect(server.pings).toHaveLength(1);
      expect(server.pings[0]!.path).toBe(`/ping/${server.token}/fail`);
      expect(server.pings[0]!.body).toBe(
        'exit code 4\nerror: [API_AUTH_FAILED] refused for *** at http://u:[redacted]@api.example/v4\n',
      );
    } finally {
      await server.close();
    }
  });

  it('gives up on a service that never answers within the deadline, without throwing', async () => {
    const server = await startPingRecorder('hang');
    try {
      const limits = { attemptMs: 200, attempts: 3, backoffMs: 10, deadlineMs: 1_000 };
      const result = await sendPing({ url: new URL(server.url), check: 'job' }, 'start', 'x', {
        logger: silentLogger(),
        secrets: [],
        limits,
      });
      expect(result).toMatchObject({ ok: false, status: undefined, attempts: 3 });
      expect(server.pings).toHaveLength(3);
    } finally {
      await server.close();
    }
  });
});

describe('metrics outputs that cannot be reached', () => {
  it('a Pushgateway with nothing on its port: false, not an exception', async () => {
    const registry = await runRegistry([], new Date());
    const url = new URL(`http://127.0.0.1:${await freePort()}`);
    await expect(pushToGateway(url, registry, { job: 'j', account: 'a' }, silentLogger())).resolves.toBe(
      false,
    );
  });

  it('a textfile in a folder that does not exist: false, and no temporary file left', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'metrics-file-'));
    try {
      const registry = await runRegistry([], new Date());
      const file = path.join(dir, 'missing', 'x.prom');
      await expect(writeMetricsFile(file, registry, silentLogger())).resolves.toBe(false);
      expect(existsSync(file)).toBe(false);
      await expect(writeMetricsFile(path.join(dir, 'x.prom'), registry, silentLogger())).resolves.toBe(true);
      expect(readdirSync(dir)).toEqual(['x.prom']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
