/**
 * docs/operations.md and its alert rules (issue 43): promtool accepts the rules and their unit
 * tests pass (Debian's prometheus package), and the page lists exactly the metrics the code makes.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { JobTelemetry } from '../../src/api/telemetry/job-telemetry.ts';
import { runRegistry } from '../../src/api/telemetry/run-metrics.ts';
import type { TelemetrySettings } from '../../src/api/telemetry/telemetry-settings.ts';
import { WorkerMetrics } from '../../src/api/telemetry/worker-metrics.ts';
import { silentLogger } from '../../src/logger.ts';
import { findTool, toolsPresent } from '../support/prometheus-tools.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** No pings, no metrics. */
const NO_TELEMETRY: TelemetrySettings = {
  jobPing: undefined,
  accountPings: new Map(),
  pushgateway: undefined,
  metricsFile: undefined,
};
const RULES_DIR = path.join(ROOT, 'docs/prometheus');
const PAGE = readFileSync(path.join(ROOT, 'docs/operations.md'), 'utf8');

describe.runIf(toolsPresent('promtool'))('the alert rules of docs/prometheus', () => {
  const promtool = (...args: string[]) =>
    spawnSync(findTool('promtool')!, args, { cwd: RULES_DIR, encoding: 'utf8', timeout: 60_000 });

  it('promtool check rules accepts them', () => {
    const result = promtool('check', 'rules', 'uptrends-etl.rules.yml');
    expect(result.status, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('their unit tests pass (no success for 26 h, last run failed, rejects, data two nights old)', () => {
    const result = promtool('test', 'rules', 'uptrends-etl.rules.test.yml');
    expect(result.status, result.stdout + result.stderr).toBe(0);
  });

  it('every metric a rule reads is one the code makes', async () => {
    const rules = readFileSync(path.join(RULES_DIR, 'uptrends-etl.rules.yml'), 'utf8');
    const used = new Set(rules.match(/uptrends_etl_[a-z_]+/g));
    const made = await madeMetricNames();
    expect([...used].filter((n) => !made.includes(n))).toEqual([]);
  });
});

/** The names of every metric the job and the worker make, from their registries. */
async function madeMetricNames(): Promise<string[]> {
  const at = new Date('2026-11-28T02:30:00Z');
  const job = await runRegistry(
    [
      {
        facts: {
          account: 'acme',
          accountId: '1',
          status: 'succeeded',
          streams: [
            {
              account: 'acme',
              stream: 'alerts',
              runId: 1,
              status: 'succeeded',
              startedAt: at,
              finishedAt: at,
              records: 1,
              written: 1,
              rejected: 0,
              requests: 1,
              retries: 0,
            },
          ],
          lastSuccess: at,
          streamLastSuccess: new Map([['alerts', at]]),
          watermarks: new Map([['alerts', at]]),
        },
        outcome: { account: 'acme', exitCode: 0, endedAt: at, deliveries: new Map([['board', { sent: 1 }]]) },
      },
    ],
    at,
  );
  const telemetry = new JobTelemetry('worker', NO_TELEMETRY, {
    logger: silentLogger(),
    secrets: [],
    warehouse: { dataDir: 'memory://' },
    accounts: [],
  });
  const worker = new WorkerMetrics(telemetry, () => Promise.resolve(2), silentLogger());
  const names = [
    ...(await job.getMetricsAsJSON()),
    ...(await (await worker.registry()).getMetricsAsJSON()),
  ].map((m) => m.name);
  return [...new Set(names)].sort();
}

describe('docs/operations.md', () => {
  it('lists exactly the metrics the code makes, each named by Prometheus conventions', async () => {
    const made = await madeMetricNames();
    const documented = [
      ...new Set(PAGE.match(/^\| `(uptrends_etl_[a-z_]+)`/gm)?.map((l) => l.slice(3, -1))),
    ].sort();
    expect(documented).toEqual(made);
    for (const name of made) {
      expect(name).toMatch(/^uptrends_etl_[a-z_]+$/);
      if (name.includes('timestamp') || name.includes('duration') || name.includes('age'))
        expect(name).toMatch(/_seconds$/);
    }
    expect(made.filter((n) => n.endsWith('_total'))).toEqual(['uptrends_etl_worker_jobs_total']);
  });
});
