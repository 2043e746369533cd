/**
 * `uptrends-etl report at-risk`: the SLA early warning of the running month (workbook and one-page
 * PDF), as of the last sync or a past instant (`--as-of`). Registered under `report` by report.ts.
 */
import type { Command } from 'commander';
import { MAX_AT_RISK_WITHIN_DAYS } from '../../terms.ts';
import { ConfigError } from '../../errors.ts';
import type { ReportFormat } from '../../reports/render/report-files.ts';
import {
  DEFAULT_AT_RISK_FORMATS,
  DEFAULT_AT_RISK_WITHIN_DAYS,
  DEFAULT_REPORT_DIR,
} from '../../reports/report-defaults.ts';
import type { RunAtRiskJobOptions } from '../../api/report-job.ts';
import type { AtRiskModel } from '../../reports/at-risk/model.ts';
import type { CliContext } from '../cli-context.ts';
import { listOption } from '../options.ts';
import {
  accountFolders,
  accountOption,
  defaultTargetOption,
  formatOptionOf,
  printWritten,
} from '../report-output.ts';

/** `--at-risk-within 3`: days, above 0 and at most 31. */
function atRiskWithinOption(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || n > MAX_AT_RISK_WITHIN_DAYS) {
    throw new ConfigError(
      `--at-risk-within must be a number of days above 0 and at most ${MAX_AT_RISK_WITHIN_DAYS} (e.g. 3), not "${value}".`,
      {
        context: { setting: '--at-risk-within' },
      },
    );
  }
  return n;
}

/** The flags of `report at-risk`. */
export interface AtRiskFlags {
  asOf?: string;
  monitorGroup?: string[];
  account?: string;
  out: string;
  format: ReportFormat[];
  defaultTarget: number;
  atRiskWithin: number;
}

/** The flags of `report at-risk` as the API's options (`--as-of` is checked by the job). */
export function atRiskOptionsFrom(flags: AtRiskFlags): RunAtRiskJobOptions {
  return {
    accountId: flags.account,
    asOf: flags.asOf,
    monitorGroups: flags.monitorGroup,
    outDir: flags.out,
    formats: flags.format,
    defaultTarget: flags.defaultTarget,
    atRiskWithinDays: flags.atRiskWithin,
  };
}

const EXAMPLES = `
The running calendar month (the one holding the as-of instant; as of the 1st at midnight, the month
just ended) in the account's time zone. Per monitor and group: the month's error budget, what is
spent, burn rates over the last 1, 3 and 7 days, the projected uptime and when the budget runs out,
and a state: breached, at risk (the 1- and 3-day rates both spend the remaining budget within
--at-risk-within days), watch (at the 7-day rate it runs out before the month ends) or ok.
Nothing after the as-of instant is counted, so a past instant shows what was known then.

Examples:
  $ uptrends-etl report at-risk                              as of the last sync
  $ uptrends-etl report at-risk --as-of 2025-10-24           as of local midnight starting 24 October
  $ uptrends-etl report at-risk --as-of 2025-10-24T06:00 --monitor-group Websites --format pdf
  $ uptrends-etl report at-risk --at-risk-within 5 --default-target 99.5`;

/**
 * One line of counts, e.g. "November 2025 as of 20 Nov 2025 10:00 (Europe/Amsterdam): 0 breached,
 * 2 at risk, 1 on watch, 47 ok"; `report at-risk` and `demo` print it. `instantText` is passed in
 * because its module is loaded only by the commands that print it.
 */
export function atRiskSummary(
  model: Pick<AtRiskModel, 'period' | 'asOf' | 'counts'>,
  instantText: (at: Date, zone: string) => string,
): string {
  const { counts } = model;
  const zone = model.period.zone;
  return `${model.period.label} as of ${instantText(model.asOf, zone)} (${zone}): ${counts.breached} breached, ${counts['at risk']} at risk, ${counts.watch} on watch, ${counts.ok} ok${counts.unknown > 0 ? `, ${counts.unknown} unknown` : ''}`;
}

/** `report at-risk`: the early warning as of the last sync or a past instant. */
async function runAtRisk(ctx: CliContext, options: RunAtRiskJobOptions): Promise<void> {
  const [{ runAtRiskReport }, { instantText }] = await Promise.all([
    import('../../api/report-job.ts'),
    import('../../reports/render/figure-format.ts'),
  ]);
  // As `report sla`: into `--out/<account>/` when reports go into a folder per account.
  const { model, paths } = await runAtRiskReport({
    ...options,
    logger: ctx.logger(),
    config: ctx.config(),
    signal: ctx.signal,
    openWarehouse: () => ctx.warehouse({ schema: 'current', engineThread: true }),
    // Closed once the figures are read: the engine's memory is not held while the files are drawn.
    closeAfterReads: true,
    accountFolder: accountFolders(ctx, options.accountId),
  });
  printWritten(ctx, paths);
  const zone = model.period.zone;
  const warned = model.warned.map((s) => ({
    name: s.name,
    grain: s.grain,
    state: s.state,
    runsOutAt: s.runs_out_at === null ? null : s.runs_out_at.toISOString(),
  }));
  ctx.result(
    'report',
    {
      reports: ['at-risk'],
      period: model.period.label,
      zone,
      asOf: model.asOf.toISOString(),
      counts: model.counts,
      warned,
      files: paths,
    },
    [
      atRiskSummary(model, instantText),
      ...model.warned.map(
        (s) =>
          `  ${s.state}: ${s.name}${s.grain === 'group' ? ' (group)' : ''}${s.runs_out_at === null ? '' : `, budget runs out ${instantText(s.runs_out_at, zone)}`}`,
      ),
    ],
  );
}

/** Adds `report at-risk` under `report`; `optionsOf` is the command's entry in OPTIONS_OF. */
export function registerAtRisk(
  report: Command,
  ctx: CliContext,
  optionsOf: (flags: AtRiskFlags) => RunAtRiskJobOptions,
): void {
  report
    .command('at-risk')
    .description(
      'Write the SLA early warning of the running month (workbook and one-page PDF); prints the paths.',
    )
    .option(
      '--as-of <date|time>',
      'the instant the warning is as of: a local date (its midnight) or time, or an instant with Z or an offset (default: the instant the alerts were read up to, at most now)',
    )
    .option(
      '--monitor-group <guid|name>',
      'only the monitors of this group, repeatable (default: every monitor)',
      listOption('--monitor-group'),
    )
    .addOption(accountOption())
    .option('--out <dir>', 'folder to write into', DEFAULT_REPORT_DIR)
    .addOption(formatOptionOf('files to write', DEFAULT_AT_RISK_FORMATS))
    .addOption(defaultTargetOption())
    .option(
      '--at-risk-within <days>',
      'at risk when the 1- and 3-day burn rates would spend the remaining budget within this many days',
      atRiskWithinOption,
      DEFAULT_AT_RISK_WITHIN_DAYS,
    )
    .addHelpText('after', EXAMPLES)
    .action((flags: AtRiskFlags) => runAtRisk(ctx, optionsOf(flags)));
}
