/** `uptrends-etl status`: recent runs (and why a run failed), each account, watermarks and row counts. */
import type { RunDetail, RunSummary, WarehouseStatus } from '../../api/status-job.ts';
import type { CommandModule } from '../command-module.ts';
import { integerArgOption } from '../options.ts';

/** Defaults and range of `--runs`. */
const RUNS = { min: 1, max: 1000, default: 10 };
/** Range of `--run`. */
const RUN_ID = { min: 1, max: Number.MAX_SAFE_INTEGER };

interface StatusFlags {
  runs: number;
  run?: number;
}

function statusOptionsFrom(flags: StatusFlags): { runLimit: number; runId: number | undefined } {
  return { runLimit: flags.runs, runId: flags.run };
}

/** The message of a ledger error (stored as JSON: code, message, context). */
function errorText(error: unknown): string | undefined {
  if (error === null || error === undefined) return undefined;
  let parsed: unknown = error;
  if (typeof error === 'string') {
    try {
      parsed = JSON.parse(error);
    } catch {
      return error;
    }
  }
  if (typeof parsed === 'object' && parsed !== null) {
    const { code, message } = parsed as { code?: unknown; message?: unknown };
    if (typeof message === 'string') return typeof code === 'string' ? `[${code}] ${message}` : message;
  }
  return JSON.stringify(parsed);
}

/** A queued nightly's jobs in a few words. */
function jobsText(run: RunSummary): string | undefined {
  const j = run.jobs;
  if (j === null || j === undefined) return undefined;
  const parts = [
    j.succeeded > 0 ? `${j.succeeded} succeeded` : '',
    j.failed > 0 ? `${j.failed} failed` : '',
    j.running > 0 ? `${j.running} running` : '',
    j.other > 0 ? `${j.other} interrupted or partial` : '',
  ].filter((p) => p !== '');
  return `${j.total} queue job(s)${parts.length > 0 ? `: ${parts.join(', ')}` : ''}; uptrends-etl status --run ${run.runId} lists them`;
}

/** Lines of one run: the run, then for a run that did not succeed, each failed stream and why. */
function runLines(run: RunSummary): string[] {
  const what =
    run.command === 'worker' && run.account !== null
      ? `worker ${run.account} ${run.stream ?? ''}`.trimEnd()
      : run.command;
  const lines = [
    `  #${run.runId} ${what} ${run.status} started ${run.startedAt} finished ${run.finishedAt ?? '-'} requests ${run.requests}`,
  ];
  const jobs = jobsText(run);
  if (jobs !== undefined) lines.push(`      ${jobs}`);
  if (run.status === 'succeeded' || run.status === 'running') return lines;
  const counts = (run.streamCounts ?? {}) as Record<string, { status?: string; error?: string }>;
  const failedStreams = Object.entries(counts).filter(([, c]) => c.status === 'failed');
  for (const [stream, c] of failedStreams)
    lines.push(`      stream ${stream} failed: ${c.error ?? 'no reason recorded'}`);
  const reason = errorText(run.error);
  if (
    reason !== undefined &&
    !failedStreams.some(([, c]) => c.error !== undefined && reason.includes(c.error))
  )
    lines.push(`      reason: ${reason}`);
  return lines;
}

/** The text form of the status. */
export function statusText(status: WarehouseStatus): string[] {
  const lines = [`warehouse: ${status.warehouse.location} (${status.warehouse.backend})`];
  if (status.pendingMigrations.length > 0)
    lines.push(`pending migrations: ${status.pendingMigrations.join(', ')} (run: uptrends-etl migrate)`);
  else if (status.sqlObjectsChanged)
    lines.push('SQL functions and views differ from this version (run: uptrends-etl migrate)');
  lines.push(status.runs.length === 0 ? 'runs: none yet' : 'recent runs:');
  for (const run of status.runs) lines.push(...runLines(run));
  if (status.accounts.length > 0) lines.push('accounts:');
  for (const a of status.accounts) {
    const last =
      a.lastRun === null ? 'no run' : `last run #${a.lastRun.runId} ${a.lastRun.command} ${a.lastRun.status}`;
    lines.push(
      `  ${a.name ?? '(unnamed)'} [account ${a.accountId}, ${a.zone}]: ${last}, last success ${a.lastSucceededAt ?? 'never'}, data up to ${a.newestWatermark ?? '-'}${a.runningRuns > 0 ? `, ${a.runningRuns} run(s) open` : ''}`,
    );
  }
  for (const a of status.accounts) {
    for (const s of a.skippedStreams) {
      lines.push(`  ${a.name ?? a.accountId}: stream ${s.stream} skipped by the last run: ${s.notice}`);
    }
  }
  if (status.watermarks.length > 0) lines.push('watermarks (data complete up to):');
  for (const w of status.watermarks) {
    lines.push(
      `  ${w.stream} [account ${w.accountId}, ${w.partitions} partition(s)]: ${w.oldest ?? '-'} .. ${w.newest ?? '-'}`,
    );
  }
  if (status.deliveries.length > 0) lines.push('report deliveries needing attention:');
  for (const d of status.deliveries) {
    lines.push(
      `  ${d.subscription} ${d.period}: ${
        d.status === 'failed'
          ? `failed ${d.attempts} time(s), tried again next run: ${d.error ?? ''}`
          : d.status === 'unknown'
            ? `unknown, maybe delivered (message ${d.messageId} in the mail server log): ${d.error ?? ''}`
            : `${d.status}: being sent now, or its run stopped (the next run settles it)`
      }`,
    );
  }
  if (status.tables.length > 0) lines.push('rows:');
  for (const t of status.tables) lines.push(`  ${t.table.padEnd(40)} ${t.rows}`);
  return lines;
}

/** The text of `status --run <id>`: the run, then each run of its queue jobs. */
export function runDetailText(detail: RunDetail): string[] {
  const lines = [`run #${detail.run.runId}:`, ...runLines(detail.run)];
  if (detail.jobs.length > 0) lines.push('its queue jobs (each attempt):');
  for (const job of detail.jobs) lines.push(...runLines(job));
  return lines;
}

export const statusCommand: CommandModule = {
  name: 'status',
  optionsOf: { status: statusOptionsFrom },
  register(program, ctx) {
    program
      .command('status')
      .addOption(integerArgOption('--runs <n>', 'how many recent runs to list', RUNS, RUNS.default))
      .addOption(
        integerArgOption(
          '--run <id>',
          'show this run alone; for a nightly --queue, with each run of its queue jobs',
          RUN_ID,
          undefined,
          { plain: true },
        ),
      )
      .addHelpText(
        'after',
        `
A run that failed, or partly failed, is listed with each failed stream and the reason. A nightly
--queue is one line with its queue jobs counted; --run <id> lists them.

Examples:
  $ uptrends-etl status
  $ uptrends-etl status --run 1              one run (the first); a queued nightly with its jobs
  $ uptrends-etl status --json | jq .runs[0].status`,
      )
      .action(async (flags: StatusFlags) => {
        const { runLimit, runId } = statusOptionsFrom(flags);
        const { getStatus, getRun } = await import('../../api/status-job.ts');
        const warehouse = await ctx.warehouse();
        if (runId !== undefined) {
          const detail = await getRun(warehouse.db, runId);
          ctx.result('run', { ...detail }, runDetailText(detail));
          return;
        }
        const status = await getStatus(warehouse, runLimit);
        ctx.result('status', { ...status }, statusText(status));
      });
  },
};
