/**
 * The telemetry of one job (`sync`, `nightly`, `report send`, a worker's job): its pings and, at
 * its end, its metrics. The pipeline tells which runs it opened (`onRun`); the caller tells how the
 * job and each account ended (exit codes); everything else is read back from the ledger
 * (pipeline/run-facts.ts), so the metrics and `status` say the same.
 *
 * Nothing here fails the job: a ping or a push that does not get through is logged, and so is a
 * ledger that cannot be read (the database down): the metrics then hold what the job itself knows,
 * its exit code per account.
 */
import type { Registry } from 'prom-client';
import type { Logger } from '../../logger.ts';
import type { OpenedRun, SyncSummary } from '../../pipeline/run-sync.ts';
import type { AccountFacts } from '../../pipeline/run-facts.ts';
import { EtlError } from '../../errors.ts';
import { sendPing, type PingKind, type PingLimits } from './ping.ts';
import { runRegistry, type AccountOutcome } from './run-metrics.ts';
import { pushToGateway, writeMetricsFile } from './metrics-outputs.ts';
import { telemetrySecrets, type PingTarget, type TelemetrySettings } from './telemetry-settings.ts';

/** The job names pings and Pushgateway groups use. */
export type TelemetryJob = 'sync' | 'nightly' | 'worker' | 'report-send';

/** What a job's telemetry needs besides its settings. */
export interface JobTelemetryDeps {
  readonly logger: Logger;
  /** Secrets masked in every ping body (the configuration's; the ping URLs are added). */
  readonly secrets: readonly string[];
  /** Where the ledger is: the job's warehouse. */
  readonly warehouse: { databaseUrl?: string | undefined; dataDir?: string | undefined };
  /** The accounts of the job, by configuration name. */
  readonly accounts: readonly string[];
  /** The streams asked for (undefined: every stream). */
  readonly streams?: readonly string[] | undefined;
  readonly limits?: PingLimits;
  readonly now?: () => Date;
}

interface AccountEnd {
  exitCode: number;
  error: unknown;
  pinged: boolean;
}

const errorLine = (error: unknown): string | undefined => {
  if (error === undefined) return undefined;
  const code = error instanceof EtlError ? error.code : 'INTERNAL';
  return `error: [${code}] ${error instanceof Error ? error.message : JSON.stringify(error)}`;
};

function streamLines(facts: AccountFacts | undefined): string[] {
  return (facts?.streams ?? []).map(
    (s) =>
      `  ${s.stream}: ${s.status}, run ${s.runId}, records ${s.records}, written ${s.written}, rejected ${s.rejected}, requests ${s.requests}, retries ${s.retries}`,
  );
}

/** A run's summary as facts, for a ping body (its times and last successes are not in it). */
function factsOfSummary(account: string, summary: SyncSummary): AccountFacts {
  const now = new Date();
  return {
    account,
    accountId: summary.accountId ?? null,
    status: summary.status,
    streams: Object.entries(summary.streams).map(([stream, c]) => ({
      account,
      stream,
      runId: summary.runId,
      status: c.status,
      startedAt: now,
      finishedAt: now,
      records: c.records,
      written: c.written,
      rejected: c.rejected ?? 0,
      requests: c.requests,
      retries: c.retries ?? 0,
    })),
    lastSuccess: null,
    streamLastSuccess: new Map(),
    watermarks: new Map(),
  };
}

/** One job's pings and metrics. */
export class JobTelemetry {
  readonly #runs: OpenedRun[] = [];
  readonly #ends = new Map<string, AccountEnd>();
  readonly #deliveries = new Map<string, Map<string, Record<string, number>>>();
  readonly #secrets: readonly string[];
  readonly #now: () => Date;

  constructor(
    readonly job: TelemetryJob,
    readonly settings: TelemetrySettings,
    private readonly deps: JobTelemetryDeps,
  ) {
    this.#secrets = [...deps.secrets, ...telemetrySecrets(settings)];
    this.#now = deps.now ?? (() => new Date());
  }

  /** Passed to the pipeline: records each run opened. */
  readonly onRun = (run: OpenedRun): void => {
    this.#runs.push(run);
  };

  /** The runs opened so far. */
  get runs(): readonly OpenedRun[] {
    return this.#runs;
  }

  #ping(target: PingTarget | undefined, kind: PingKind, body: string): Promise<unknown> {
    if (target === undefined) return Promise.resolve();
    return sendPing(target, kind, body, {
      logger: this.deps.logger,
      secrets: this.#secrets,
      limits: this.deps.limits,
    });
  }

  /** Pings `/start` on the job's check and every account's. */
  async start(): Promise<void> {
    const streams = this.deps.streams?.join(', ') ?? 'every stream';
    const body = (accounts: readonly string[]): string =>
      `uptrends-etl ${this.job}: started\naccounts: ${accounts.join(', ')}\nstreams: ${streams}\n`;
    await Promise.all([
      this.#ping(this.settings.jobPing, 'start', body(this.deps.accounts)),
      ...this.deps.accounts.map((a) => this.#ping(this.settings.accountPings.get(a), 'start', body([a]))),
    ]);
  }

  /**
   * One account ended (`exitCode` 0: it succeeded): its own check is pinged now, with the figures
   * of its run's `summary`. Not from the ledger: the job goes on with the next account, which may
   * be opening the embedded warehouse at this very moment.
   */
  async accountEnded(
    account: string,
    exitCode: number,
    error?: unknown,
    summary?: SyncSummary,
  ): Promise<void> {
    const end: AccountEnd = { exitCode, error, pinged: false };
    this.#ends.set(account, end);
    const target = this.settings.accountPings.get(account);
    if (target === undefined) return;
    end.pinged = true;
    const facts = summary === undefined ? undefined : [factsOfSummary(account, summary)];
    await this.#ping(
      target,
      exitCode === 0 ? 'success' : 'fail',
      this.#body(exitCode, error, facts, [account]),
    );
  }

  /** Counts one report delivery of `account` by its subscription and outcome. */
  delivery(account: string, subscription: string, status: string): void {
    const bySubscription = this.#deliveries.get(account) ?? new Map<string, Record<string, number>>();
    this.#deliveries.set(account, bySubscription);
    const counts = bySubscription.get(subscription) ?? {};
    bySubscription.set(subscription, counts);
    counts[status] = (counts[status] ?? 0) + 1;
  }

  /**
   * A worker's job ended: the job's check and the account's are pinged with that job's figures
   * (a job to be tried again is not pinged: its next attempt will be).
   */
  async workerJobEnded(account: string, stream: string, exitCode: number, error?: unknown): Promise<void> {
    const known = this.deps.accounts.find((a) => a.toLowerCase() === account.toLowerCase()) ?? account;
    this.#ends.set(known, { exitCode, error, pinged: true });
    const facts = await this.#facts([known]);
    const only = facts?.map((f) => ({ ...f, streams: f.streams.filter((s) => s.stream === stream) }));
    const body = this.#body(exitCode, error, only, [known]);
    const kind = exitCode === 0 ? 'success' : 'fail';
    await Promise.all([
      this.#ping(this.settings.jobPing, kind, body),
      this.#ping(this.settings.accountPings.get(known), kind, body),
    ]);
  }

  /** What the ledger says of this job's runs, by account (undefined when it cannot be read). */
  facts(): Promise<AccountFacts[] | undefined> {
    return this.#facts(this.deps.accounts);
  }

  /** The metrics of the job so far, as the outputs write them. */
  async registry(): Promise<Registry> {
    const facts = await this.facts();
    return runRegistry(this.#entries(facts, this.#now()), this.#now());
  }

  async #facts(accounts: readonly string[]): Promise<AccountFacts[] | undefined> {
    if (accounts.length === 0) return [];
    try {
      const { readJobFacts } = await import('../../pipeline/run-facts.ts');
      const runIds = this.#runs
        .filter(
          (r) =>
            r.account === undefined || accounts.some((a) => a.toLowerCase() === r.account?.toLowerCase()),
        )
        .map((r) => r.runId);
      return await readJobFacts(this.deps.warehouse, runIds, accounts);
    } catch (error) {
      this.deps.logger.warn(
        `telemetry: the run ledger could not be read (${(error as Error).message}); the metrics hold the exit codes only`,
      );
      return undefined;
    }
  }

  #body(
    exitCode: number,
    error: unknown,
    facts: AccountFacts[] | undefined,
    accounts: readonly string[],
  ): string {
    const lines = [
      `uptrends-etl ${this.job}: ${exitCode === 0 ? 'succeeded' : 'failed'}, exit code ${exitCode}`,
    ];
    for (const account of accounts) {
      const f = facts?.find((x) => x.account.toLowerCase() === account.toLowerCase());
      const runs = [...new Set((f?.streams ?? []).map((s) => s.runId))];
      const end = this.#ends.get(account);
      lines.push(
        `account ${account}: ${end === undefined ? (f?.status ?? 'unknown') : end.exitCode === 0 ? 'succeeded' : `failed, exit code ${end.exitCode}`}${runs.length > 0 ? `, run ${runs.join(', ')}` : ''}`,
        ...streamLines(f),
      );
      if (end?.error !== undefined && accounts.length > 1) lines.push(`  ${errorLine(end.error)}`);
    }
    const line = errorLine(error);
    if (line !== undefined) lines.push(line);
    return `${lines.join('\n')}\n`;
  }

  /**
   * The job ended with `exitCode` (and `error` when it failed): pings the job's check, the checks of
   * accounts not pinged yet, then pushes and writes the metrics.
   */
  async finish(exitCode: number, error?: unknown): Promise<void> {
    const accounts = this.deps.accounts;
    const facts = await this.#facts(accounts);
    // An account not told of ended as the job did, unless the ledger says its runs succeeded.
    for (const account of accounts) {
      if (this.#ends.has(account)) continue;
      const f = facts?.find((x) => x.account.toLowerCase() === account.toLowerCase());
      const ok = exitCode === 0 || (f !== undefined && f.streams.length > 0 && f.status === 'succeeded');
      this.#ends.set(account, { exitCode: ok ? 0 : exitCode, error: ok ? undefined : error, pinged: false });
    }
    await Promise.all([
      this.#ping(
        this.settings.jobPing,
        exitCode === 0 ? 'success' : 'fail',
        this.#body(exitCode, error, facts, accounts),
      ),
      ...accounts.map((account) => {
        const end = this.#ends.get(account)!;
        if (end.pinged) return Promise.resolve();
        end.pinged = true;
        return this.#ping(
          this.settings.accountPings.get(account),
          end.exitCode === 0 ? 'success' : 'fail',
          this.#body(end.exitCode, end.error, facts, [account]),
        );
      }),
    ]);
    await this.#metrics(facts);
  }

  async #metrics(facts: AccountFacts[] | undefined): Promise<void> {
    const { pushgateway, metricsFile } = this.settings;
    if (pushgateway === undefined && metricsFile === undefined) return;
    const now = this.#now();
    const entries = this.#entries(facts, now);
    if (metricsFile !== undefined)
      await writeMetricsFile(metricsFile, await runRegistry(entries, now), this.deps.logger);
    if (pushgateway !== undefined) {
      for (const entry of entries) {
        await pushToGateway(
          pushgateway,
          await runRegistry([entry], now),
          { job: `uptrends_etl_${this.job.replace('-', '_')}`, account: entry.facts.account },
          this.deps.logger,
        );
      }
    }
  }

  #entries(facts: AccountFacts[] | undefined, now: Date): { facts: AccountFacts; outcome: AccountOutcome }[] {
    return this.deps.accounts.map((account) => {
      const f = facts?.find((x) => x.account.toLowerCase() === account.toLowerCase());
      const outcome: AccountOutcome = {
        account,
        exitCode: this.#ends.get(account)?.exitCode ?? 0,
        endedAt: now,
        deliveries: this.#deliveries.get(account) ?? new Map(),
      };
      const known: AccountFacts = f ?? {
        account,
        accountId: null,
        status: 'failed',
        streams: [],
        lastSuccess: null,
        streamLastSuccess: new Map(),
        watermarks: new Map(),
      };
      return { facts: known, outcome };
    });
  }
}
