/**
 * Issue 43, "an operable nightly job", against the real things: the CLI (a child process), the
 * simulator, a dead-man's-switch service (a node:http server recording the pings), Debian's
 * Pushgateway and node_exporter (textfile collector only), each on a free loopback port.
 *
 * Two nights: the first succeeds (start then success pinged, every metric pushed and written), the
 * second finds the API down (a port with nothing on it): /fail with exit code 4, the Pushgateway
 * shows the failure, and the last-success metrics keep the first night's time. `status` and the
 * metrics agree on the last success after each night. Then pings to a service that hangs or
 * refuses leave the exit code alone and delay the job by at most the pings' bound; no secret
 * reaches a ping, a metric or a log line.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../src/simulator/start-simulator.ts';
import { PING_LIMITS } from '../../../src/api/telemetry/ping.ts';
import { jsonLines, runCli, type CliResult } from '../../support/run-cli.ts';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.ts';
import { startPingRecorder, type PingRecorder } from '../../support/ping-recorder.ts';
import {
  freePort,
  sample,
  startNodeExporter,
  startPushgateway,
  toolsPresent,
  type RunningTool,
} from '../../support/prometheus-tools.ts';
import { scanText, simulatorSecrets, type Secret } from '../../support/reliability-secret-scan.ts';

const STREAMS = ['monitor_groups', 'monitors', 'alerts'];
const MONITORS = 3;
const present = toolsPresent('prometheus-pushgateway', 'prometheus-node-exporter');

describe.runIf(present)('nightly pings and metrics (Pushgateway, node_exporter, ping service)', () => {
  let dir: string;
  let tdb: TestDatabase;
  let sim: RunningSimulator;
  let pings: PingRecorder;
  let gateway: RunningTool;
  let exporter: RunningTool;
  let metricsFile: string;
  let secrets: Secret[];
  const outputs: { where: string; text: string }[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'operable-nightly-'));
    metricsFile = path.join(dir, 'uptrends_etl.prom');
    tdb = await createTestDatabase({ onDisk: true });
    await tdb.release();
    [sim, pings, gateway, exporter] = await Promise.all([
      startSimulator({ seed: 43, monitors: MONITORS, days: 3 }),
      startPingRecorder(),
      startPushgateway(),
      startNodeExporter(dir),
    ]);
    secrets = [...simulatorSecrets(sim), { label: 'ping token', value: pings.token }];
  }, 120_000);

  afterAll(async () => {
    await Promise.all([sim?.close(), pings?.close(), gateway?.stop(), exporter?.stop()]);
    await tdb?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const env = (apiUrl = sim.apiUrl): Record<string, string> => ({
    ...tdb.env,
    UPTRENDS_API_URL: apiUrl,
    UPTRENDS_USERNAME: sim.credentials.username,
    UPTRENDS_PASSWORD: sim.credentials.password,
    UPTRENDS_ETL_PING_URL: pings.url,
    UPTRENDS_ETL_PUSHGATEWAY_URL: gateway.url,
  });

  const nightly = async (apiUrl?: string): Promise<CliResult> => {
    const result = await runCli(
      ['nightly', '--streams', STREAMS.join(','), '--report-on', 'never', '--metrics-file', metricsFile],
      env(apiUrl),
      dir,
    );
    outputs.push({ where: 'stderr', text: result.stderr }, { where: 'stdout', text: result.stdout });
    return result;
  };

  const scrape = async (tool: RunningTool): Promise<string> => {
    const text = await (await fetch(`${tool.url}/metrics`)).text();
    outputs.push({ where: tool.url, text });
    return text;
  };

  /** `status`'s last success of the one account, in Unix seconds. */
  const statusLastSuccess = async (): Promise<number | null> => {
    const result = await runCli(['status'], tdb.env, dir);
    expect(result.code, result.stderr).toBe(0);
    const status = jsonLines(result.stdout).find((l) => l.result === 'status')!;
    const accounts = status.accounts as { name: string; lastSucceededAt: string | null }[];
    const at = accounts.find((a) => a.name === 'default')?.lastSucceededAt ?? null;
    return at === null ? null : new Date(at).getTime() / 1000;
  };

  const pushed = { job: 'uptrends_etl_nightly', account: 'default' };
  let firstSuccess: Record<string, number> = {};

  it('a good night pings start then success, and pushes and writes every metric', async () => {
    const before = Date.now() / 1000;
    const result = await nightly();
    expect(result.code, result.stderr).toBe(0);
    expect(pings.pings.map((p) => `${p.method} ${p.path}`)).toEqual([
      `POST /ping/${pings.token}/start`,
      `POST /ping/${pings.token}`,
    ]);
    const success = pings.pings[1]!;
    expect(success.contentType).toMatch(/^text\/plain/);
    expect(success.body).toContain('uptrends-etl nightly: succeeded, exit code 0');
    expect(success.body).toMatch(/account default: succeeded, run \d+/);
    expect(success.body).toContain(`  monitors: succeeded`);
    expect(pings.pings[0]!.body).toContain(`streams: ${STREAMS.join(', ')}`);

    const fromGateway = await scrape(gateway);
    const fromFile = await scrape(exporter);
    expect(readFileSync(metricsFile, 'utf8')).toContain('uptrends_etl_last_success_timestamp_seconds');
    for (const text of [fromGateway, fromFile]) {
      const labels = (stream: string) => ({ ...pushed, stream });
      for (const stream of STREAMS) {
        for (const name of [
          'last_run_start_timestamp_seconds',
          'last_run_end_timestamp_seconds',
          'last_run_duration_seconds',
          'last_run_records_read',
          'last_run_rows_written',
          'last_run_rejected_records',
          'last_run_requests',
          'last_run_retries',
          'last_success_timestamp_seconds',
        ]) {
          const at = text === fromFile ? { stream } : labels(stream);
          expect(sample(text, `uptrends_etl_${name}`, at), `${name} ${stream}`).toBeDefined();
        }
        expect(sample(text, 'uptrends_etl_last_run_success', { stream })).toBe(1);
        expect(sample(text, 'uptrends_etl_last_run_rejected_records', { stream })).toBe(0);
        const last = sample(text, 'uptrends_etl_last_success_timestamp_seconds', { stream })!;
        expect(last).toBeGreaterThanOrEqual(Math.floor(before));
        expect(last).toBeLessThanOrEqual(Date.now() / 1000);
      }
      // The simulator serves MONITORS monitors: the monitors stream read that many records.
      expect(sample(text, 'uptrends_etl_last_run_records_read', { stream: 'monitors' })).toBe(MONITORS);
      expect(sample(text, 'uptrends_etl_last_run_requests', { stream: 'monitors' })).toBeGreaterThan(0);
      expect(sample(text, 'uptrends_etl_watermark_age_seconds', { stream: 'alerts' })).toBeGreaterThanOrEqual(
        0,
      );
      expect(sample(text, 'uptrends_etl_account_last_run_success', { account: 'default' })).toBe(1);
      expect(sample(text, 'uptrends_etl_account_last_run_exit_code', { account: 'default' })).toBe(0);
    }
    firstSuccess = Object.fromEntries(
      STREAMS.map((s) => [
        s,
        sample(fromGateway, 'uptrends_etl_last_success_timestamp_seconds', { stream: s })!,
      ]),
    );
    const account = sample(fromGateway, 'uptrends_etl_account_last_success_timestamp_seconds', pushed);
    expect(account).toBeCloseTo((await statusLastSuccess())!, 3);
    expect(account).toBe(Math.max(...Object.values(firstSuccess)));
  }, 120_000);

  it('a night with the API down pings /fail with exit code 4; the Pushgateway shows it, the last success stays', async () => {
    pings.pings.length = 0;
    const started = Date.now() / 1000;
    const nothing = await freePort();
    const result = await nightly(`http://127.0.0.1:${nothing}/v4`);
    expect(result.code, result.stderr).toBe(4);
    expect(pings.pings.map((p) => `${p.method} ${p.path}`)).toEqual([
      `POST /ping/${pings.token}/start`,
      `POST /ping/${pings.token}/fail`,
    ]);
    const fail = pings.pings[1]!.body;
    expect(fail).toContain('uptrends-etl nightly: failed, exit code 4');
    expect(fail).toMatch(/error: \[API_[A-Z_]+\] /);

    for (const text of [await scrape(gateway), await scrape(exporter)]) {
      expect(sample(text, 'uptrends_etl_account_last_run_success', { account: 'default' })).toBe(0);
      expect(sample(text, 'uptrends_etl_account_last_run_exit_code', { account: 'default' })).toBe(4);
      for (const stream of STREAMS)
        expect(sample(text, 'uptrends_etl_last_success_timestamp_seconds', { stream })).toBe(
          firstSuccess[stream],
        );
      const account = sample(text, 'uptrends_etl_account_last_success_timestamp_seconds', {
        account: 'default',
      });
      expect(account).toBeCloseTo((await statusLastSuccess())!, 3);
    }
    // The Pushgateway also says when the group was last pushed: during this night, not the first.
    const pushedAt = sample(await scrape(gateway), 'push_time_seconds', pushed);
    expect(pushedAt).toBeGreaterThanOrEqual(Math.floor(started));
  }, 120_000);

  it('a ping service that hangs or refuses changes neither the exit code nor holds the job past the bound', async () => {
    const hanging = await startPingRecorder('hang');
    const refused = `http://127.0.0.1:${await freePort()}/ping/x`;
    try {
      // Two pings (start, success), each at most PING_LIMITS.deadlineMs; the sync itself is small.
      const bound = 2 * PING_LIMITS.deadlineMs + 20_000;
      for (const [url, apiUrl, code] of [
        [hanging.url, sim.apiUrl, 0],
        [refused, sim.apiUrl, 0],
        [hanging.url, `http://127.0.0.1:${await freePort()}/v4`, 4],
      ] as const) {
        const started = Date.now();
        const result = await runCli(
          ['sync', '--streams', 'monitors'],
          { ...env(apiUrl), UPTRENDS_ETL_PING_URL: url },
          dir,
          bound + 30_000,
        );
        outputs.push({ where: 'stderr', text: result.stderr });
        expect(result.code, result.stderr).toBe(code);
        expect(Date.now() - started).toBeLessThan(bound);
        expect(result.stderr).toMatch(/ping (start|success|fail) to http:\/\/127\.0\.0\.1:\d+\/\[redacted\]/);
      }
      expect(hanging.pings.map((p) => p.path)).toContain(`/ping/${hanging.token}/start`);
    } finally {
      await hanging.close();
    }
  }, 180_000);

  it("no secret, and not the ping URL's token, in any ping, metric or log line", () => {
    const texts = [
      ...pings.pings.map((p, i) => ({
        where: `ping ${i} ${p.path.replace(pings.token, '<token>')}`,
        text: p.body,
      })),
      ...outputs,
      { where: 'metrics file', text: readFileSync(metricsFile, 'utf8') },
    ];
    expect(texts.length).toBeGreaterThan(4);
    expect(texts.flatMap((t) => scanText(t.where, t.text, secrets))).toEqual([]);
  });
});
