/**
 * The metrics of a finished job, in Prometheus' text format, built with prom-client from the facts
 * the ledger holds (pipeline/run-facts.ts) and what the job itself saw (exit codes, deliveries).
 * Every name starts with `uptrends_etl_`; times are `_timestamp_seconds` (Unix seconds), durations
 * and ages `_seconds`. The list with labels and meaning is docs/operations.md.
 *
 * prom-client is loaded on the first call: a job without metrics never loads it.
 */
import type { Registry } from 'prom-client';
import type { AccountFacts } from '../../pipeline/run-facts.ts';

/** One account's part of a job, as the job saw it. */
export interface AccountOutcome {
  readonly account: string;
  /** The exit code this account alone would have ended with (0: succeeded). */
  readonly exitCode: number;
  /** When the job ended for this account. */
  readonly endedAt: Date;
  /** Deliveries by subscription and outcome (sent, held, failed, ...). */
  readonly deliveries: ReadonlyMap<string, Readonly<Record<string, number>>>;
}

/** The delivery outcomes every subscription reports, zero when none happened. */
export const DELIVERY_STATUSES = ['sent', 'held', 'failed'] as const;

const seconds = (date: Date): number => date.getTime() / 1000;

type PromClient = typeof import('prom-client');
let client: PromClient | undefined;

/** prom-client, loaded once. */
export async function promClient(): Promise<PromClient> {
  client ??= await import('prom-client');
  return client;
}

/**
 * A registry with the metrics of `accounts` (one account's for a Pushgateway group, every one's
 * for the textfile). `now` is the moment the ages are measured at.
 */
export async function runRegistry(
  accounts: readonly { facts: AccountFacts; outcome: AccountOutcome }[],
  now: Date,
): Promise<Registry> {
  const { Registry, Gauge } = await promClient();
  const registry = new Registry();
  const gauge = (name: string, help: string, labelNames: string[]) =>
    new Gauge({ name: `uptrends_etl_${name}`, help, labelNames, registers: [registry] });
  const byStream = ['account', 'stream'];
  const g = {
    start: gauge('last_run_start_timestamp_seconds', 'When the last run of the stream started.', byStream),
    end: gauge('last_run_end_timestamp_seconds', 'When the last run of the stream ended.', byStream),
    duration: gauge('last_run_duration_seconds', 'How long the last run of the stream took.', byStream),
    success: gauge('last_run_success', '1 when the stream succeeded in its last run, else 0.', byStream),
    records: gauge('last_run_records_read', 'Records the last run read from the API.', byStream),
    written: gauge('last_run_rows_written', 'Rows the last run wrote to the warehouse.', byStream),
    rejected: gauge(
      'last_run_rejected_records',
      'Records the last run rejected (etl_rejected_record).',
      byStream,
    ),
    requests: gauge('last_run_requests', 'HTTP requests of the last run, retries included.', byStream),
    retries: gauge('last_run_retries', 'Of those requests, the retries.', byStream),
    lastSuccess: gauge(
      'last_success_timestamp_seconds',
      'When the latest succeeded run that read the stream finished (set only by success).',
      byStream,
    ),
    watermark: gauge(
      'watermark_timestamp_seconds',
      'The stream data is complete up to (its newest watermark).',
      byStream,
    ),
    watermarkAge: gauge('watermark_age_seconds', 'Age of the newest watermark when the job ended.', byStream),
    accountSuccess: gauge(
      'account_last_success_timestamp_seconds',
      'When the latest succeeded run of the account finished (what status shows).',
      ['account'],
    ),
    accountEnd: gauge('account_last_run_end_timestamp_seconds', 'When the job ended for the account.', [
      'account',
    ]),
    accountOk: gauge('account_last_run_success', '1 when the job succeeded for the account, else 0.', [
      'account',
    ]),
    exitCode: gauge('account_last_run_exit_code', 'The exit code of the job for the account (0: success).', [
      'account',
    ]),
    deliveries: gauge(
      'last_run_deliveries',
      'Report deliveries of the last run by subscription and outcome.',
      ['account', 'subscription', 'status'],
    ),
  };
  for (const { facts, outcome } of accounts) {
    const account = facts.account;
    g.accountEnd.set({ account }, seconds(outcome.endedAt));
    g.accountOk.set({ account }, outcome.exitCode === 0 ? 1 : 0);
    g.exitCode.set({ account }, outcome.exitCode);
    if (facts.lastSuccess !== null) g.accountSuccess.set({ account }, seconds(facts.lastSuccess));
    for (const s of facts.streams) {
      const labels = { account, stream: s.stream };
      g.start.set(labels, seconds(s.startedAt));
      if (s.finishedAt !== null) {
        g.end.set(labels, seconds(s.finishedAt));
        g.duration.set(labels, seconds(s.finishedAt) - seconds(s.startedAt));
      }
      g.success.set(labels, s.status === 'failed' ? 0 : 1);
      g.records.set(labels, s.records);
      g.written.set(labels, s.written);
      g.rejected.set(labels, s.rejected);
      g.requests.set(labels, s.requests);
      g.retries.set(labels, s.retries);
    }
    for (const [stream, at] of facts.streamLastSuccess) g.lastSuccess.set({ account, stream }, seconds(at));
    for (const [stream, at] of facts.watermarks) {
      g.watermark.set({ account, stream }, seconds(at));
      g.watermarkAge.set({ account, stream }, Math.max(0, seconds(now) - seconds(at)));
    }
    for (const [subscription, counts] of outcome.deliveries) {
      for (const status of new Set([...DELIVERY_STATUSES, ...Object.keys(counts)]))
        g.deliveries.set({ account, subscription, status }, counts[status] ?? 0);
    }
  }
  return registry;
}
