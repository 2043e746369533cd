/** `uptrends-etl report sla | incidents | send`: workbooks and CSVs from the warehouse, optionally mailed. */
import { Option, type Command } from 'commander';
import { ConfigError } from '../../errors.ts';
import { checkReportPeriodOptions, DEFAULT_REPORT_PRESET } from '../../time/period-options.ts';
import { REPORT_FORMATS, type ReportFormat } from '../../reports/render/report-files.ts';
import {
  DEFAULT_MAX_ATTACHMENT_BYTES,
  DEFAULT_RAW_ALERT_ROW_LIMIT,
  DEFAULT_REPORT_DIR,
  DEFAULT_SLA_TARGET,
} from '../../reports/report-defaults.ts';
import type { ReportKind, RunReportsOptions } from '../../reports/run-reports.ts';
import type { CliContext } from '../cli-context.ts';
import type { CommandModule } from '../command-module.ts';
import { listOption } from '../options.ts';

interface ReportFlags {
  month?: string;
  from?: string;
  to?: string;
  preset?: string;
  monitorGroup?: string[];
  account?: string;
  out: string;
  format: ReportFormat[];
  defaultTarget?: number;
  mail?: boolean;
}

/** `--format xlsx,csv`: a non-empty list of known formats. */
function formatOption(value: string): ReportFormat[] {
  const formats = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  const unknown = formats.filter((f) => !(REPORT_FORMATS as readonly string[]).includes(f));
  if (formats.length === 0 || unknown.length > 0) {
    throw new ConfigError(`--format must be a comma list of ${REPORT_FORMATS.join(', ')}; not "${value}".`, {
      context: { setting: '--format' },
    });
  }
  return [...new Set(formats)] as ReportFormat[];
}

/** `--default-target 99.9`: a percentage above 0, at most 100. */
function targetOption(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || n > 100) {
    throw new ConfigError(
      `--default-target must be a percentage above 0 and at most 100 (e.g. 99.9), not "${value}".`,
      {
        context: { setting: '--default-target' },
      },
    );
  }
  return n;
}

/** `--format <list>` with its default (also `nightly --format`). */
export function formatOptionOf(): Option {
  return new Option(
    '--format <list>',
    `files to write: ${REPORT_FORMATS.join(', ')} or both, comma-separated`,
  )
    .argParser(formatOption)
    .default([...REPORT_FORMATS], REPORT_FORMATS.join(','));
}

/** Turns the flags into RunReportsOptions; period options are validated before the warehouse opens. */
export function reportOptionsFrom(
  flags: ReportFlags,
  reports: readonly ReportKind[],
  mail: boolean,
): RunReportsOptions {
  const period = { month: flags.month, from: flags.from, to: flags.to, preset: flags.preset };
  checkReportPeriodOptions(period);
  return {
    reports,
    period,
    accountId: flags.account,
    monitorGroups: flags.monitorGroup,
    outDir: flags.out,
    formats: flags.format,
    defaultTarget: flags.defaultTarget,
    mail,
  };
}

function addReportOptions(command: Command, extra: { mail: boolean; target: boolean }): Command {
  command
    .option('--month <yyyy-MM>', 'a calendar month in the account zone, e.g. 2025-10')
    .option('--from <date>', 'first account-local day, yyyy-MM-dd (inclusive)')
    .option('--to <date>', 'account-local day the period ends at, yyyy-MM-dd (exclusive, as for sync)')
    .option(
      '--preset <period>',
      `a PresetPeriod, same meaning as the API (default: ${DEFAULT_REPORT_PRESET}); not with --month or --from/--to`,
    )
    .option(
      '--monitor-group <guid|name>',
      'only the monitors of this group, repeatable (default: every monitor)',
      listOption,
    )
    .option('--account <id>', 'the account, when the warehouse holds several')
    .option('--out <dir>', 'folder to write into', DEFAULT_REPORT_DIR)
    .addOption(formatOptionOf());
  if (extra.target) {
    command.option(
      '--default-target <pct>',
      'SLA target in percent where neither statistics nor a group SLA gives one',
      targetOption,
      DEFAULT_SLA_TARGET,
    );
  }
  if (extra.mail)
    command.option(
      '--mail',
      'e-mail the files after writing them (SMTP_URL, REPORT_MAIL_FROM, REPORT_MAIL_TO)',
    );
  return command;
}

async function run(ctx: CliContext, options: RunReportsOptions): Promise<void> {
  const mail = options.mail === true;
  const config = ctx.config();
  const { mailSettings, runReports } = await import('../../reports/run-reports.ts');
  // Missing mail settings are a usage error: say so before opening (and locking) the warehouse.
  if (mail) mailSettings(config);
  const warehouse = await ctx.warehouse();
  const result = await runReports(config, warehouse, options, {
    logger: ctx.logger(),
    onWritten: (paths) => printWritten(ctx, paths),
  });
  ctx.result(
    'report',
    {
      reports: options.reports,
      period: result.period.label,
      zone: result.period.zone,
      files: result.paths,
      mailedTo: result.mail?.accepted ?? null,
    },
    result.mail === null ? [] : [`mailed to ${result.mail.accepted.join(', ')}`],
  );
}

/** One result per written file: its path (text), or `{"result":"file","path":...}` (JSON). */
export function printWritten(ctx: CliContext, paths: readonly string[]): void {
  for (const path of paths) ctx.result('file', { path }, path);
}

const EXAMPLES = {
  sla: `
The period is computed in the account's time zone. File names carry report, period and zone.

Examples:
  $ uptrends-etl report sla                                  last month (PreviousMonth)
  $ uptrends-etl report sla --month 2025-10 --out ./reports/2025-10
  $ uptrends-etl report sla --from 2025-10-01 --to 2025-10-15   1 to 14 October
  $ uptrends-etl report sla --preset CurrentMonth --monitor-group Webshop --monitor-group "Public APIs"
  $ uptrends-etl report sla --month 2025-10 --format xlsx --default-target 99.5 --mail`,
  incidents: `
Raw alerts go into the workbook when there are at most ${DEFAULT_RAW_ALERT_ROW_LIMIT.toLocaleString('en-US')} of them; beyond that only into
uptrends-alerts_*.csv beside it.

Examples:
  $ uptrends-etl report incidents                            last month (PreviousMonth)
  $ uptrends-etl report incidents --preset Last7Days --format csv
  $ uptrends-etl report incidents --month 2025-10 --monitor-group 6b1f7c1e-4d2a-4f7e-9a51-2f0c1d3e4b5a`,
  send: `
Writes both reports, then mails them over SMTP_URL from REPORT_MAIL_FROM to REPORT_MAIL_TO (a comma
list). Attachments above ${DEFAULT_MAX_ATTACHMENT_BYTES / 1024 / 1024} MB in total are left out and the mail lists their paths instead.

Examples:
  $ uptrends-etl report send                                 last month, both reports
  $ uptrends-etl report send --month 2025-10 --monitor-group Webshop`,
};

/** The options each subcommand runs with. */
const OPTIONS_OF = {
  'report sla': (flags: ReportFlags) => reportOptionsFrom(flags, ['sla'], flags.mail === true),
  'report incidents': (flags: ReportFlags) => reportOptionsFrom(flags, ['incidents'], flags.mail === true),
  'report send': (flags: ReportFlags) => reportOptionsFrom(flags, ['sla', 'incidents'], true),
};

export const reportCommand: CommandModule = {
  name: 'report',
  optionsOf: OPTIONS_OF,
  register(program, ctx) {
    const report = program.command('report').addHelpText(
      'after',
      `
Examples:
  $ uptrends-etl report sla --month 2025-10
  $ uptrends-etl report incidents --preset PreviousWeek --monitor-group Webshop
  $ uptrends-etl report send                    both reports of last month, by e-mail
Run "uptrends-etl report <command> --help" for the options.`,
    );
    addReportOptions(
      report.command('sla').description('Write the SLA workbook and its CSVs; prints the paths.'),
      { mail: true, target: true },
    )
      .addHelpText('after', EXAMPLES.sla)
      .action((flags: ReportFlags) => run(ctx, OPTIONS_OF['report sla'](flags)));
    addReportOptions(
      report.command('incidents').description('Write the incident workbook and its CSVs; prints the paths.'),
      { mail: true, target: false },
    )
      .addHelpText('after', EXAMPLES.incidents)
      .action((flags: ReportFlags) => run(ctx, OPTIONS_OF['report incidents'](flags)));
    addReportOptions(
      report.command('send').description('Write both reports and e-mail them; prints the paths.'),
      { mail: false, target: true },
    )
      .addHelpText('after', EXAMPLES.send)
      .action((flags: ReportFlags) => run(ctx, OPTIONS_OF['report send'](flags)));
  },
};
