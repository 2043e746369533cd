/** `uptrends-etl status`: recent runs (and why a run failed), each account, watermarks and row counts. */
import type { RunSummary, WarehouseStatus } from '../../pipeline/get-status.ts';
import type { CommandModule } from '../command-module.ts';
import { integerArgOption } from '../options.ts';

/** Defaults and range of `--runs`. */
const RUNS = { min: 1, max: 1000, default: 10 };

interface StatusFlags {
  runs: number;
}

function statusOptionsFrom(flags: StatusFlags): { runLimit: number } {
  return { runLimit: flags.runs };
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

/** Lines of one run: the run, then for a run that did not succeed, each failed stream and why. */
function runLines(run: RunSummary): string[] {
  const lines = [
    `  #${run.runId} ${run.command} ${run.status} started ${run.startedAt} finished ${run.finishedAt ?? '-'} requests ${run.requests}`,
  ];
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

export const statusCommand: CommandModule = {
  name: 'status',
  optionsOf: { status: statusOptionsFrom },
  register(program, ctx) {
    program
      .command('status')
      .addOption(integerArgOption('--runs <n>', 'how many recent runs to list', RUNS, RUNS.default))
      .addHelpText(
        'after',
        `
A run that failed, or partly failed, is listed with each failed stream and the reason.

Examples:
  $ uptrends-etl status
  $ uptrends-etl status --json | jq .runs[0].status`,
      )
      .action(async (flags: StatusFlags) => {
        const { runLimit } = statusOptionsFrom(flags);
        const { getStatus } = await import('../../pipeline/get-status.ts');
        const warehouse = await ctx.warehouse();
        const status = await getStatus(warehouse, runLimit);
        ctx.result('status', { ...status }, statusText(status));
      });
  },
};
