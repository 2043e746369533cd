/** `uptrends-etl report sla | incidents | send`: workbooks and CSVs from the warehouse, optionally mailed. */
import { Option, type Command } from 'commander';
import { ConfigError } from '../../errors.ts';
import { checkReportPeriodOptions } from '../../time/period-options.ts';
import {
  DEFAULT_REPORT_FORMATS,
  REPORT_FORMATS,
  type ReportFormat,
} from '../../reports/render/report-files.ts';
import {
  DEFAULT_REPORT_DIR,
  DEFAULT_SLA_TARGET,
  mailSettings,
  runReports,
  type ReportKind,
  type RunReportsOptions,
} from '../../reports/run-reports.ts';
import type { CliContext } from '../cli-context.ts';
import type { CommandModule } from '../command-module.ts';
import { listOption } from '../options.ts';
import { parseReportSchedule } from '../../pipeline/report-schedule.ts';
import { listSubscriptions } from '../../pipeline/subscriptions/list-subscriptions.ts';
import { sendSubscriptionNow } from '../../pipeline/subscriptions/send-subscription.ts';
import {
  defaultSubscription,
  fileSubscriptions,
  type Subscription,
} from '../../pipeline/subscriptions/subscriptions.ts';
import { outcomeLine } from './nightly.ts';

interface ReportFlags {
  subscription?: string;
  period?: string;
  json?: boolean;
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
      'a PresetPeriod, same meaning as the API (Default: PreviousMonth); not with --from/--to',
    )
    .option(
      '--monitor-group <guid|name>',
      'only the monitors of this group (repeatable; Default: all monitors)',
      listOption,
    )
    .option('--account <id>', 'the account, when the warehouse holds several')
    .option('--out <dir>', 'folder to write into', DEFAULT_REPORT_DIR)
    .addOption(
      new Option('--format <list>', 'files to write: a comma list of xlsx, csv, pdf')
        .argParser(formatOption)
        .default([...DEFAULT_REPORT_FORMATS], DEFAULT_REPORT_FORMATS.join(',')),
    );
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

async function run(
  ctx: CliContext,
  flags: ReportFlags,
  reports: readonly ReportKind[],
  mail: boolean,
): Promise<void> {
  const options = reportOptionsFrom(flags, reports, mail);
  const config = ctx.config();
  // Missing mail settings are a usage error: say so before opening (and locking) the warehouse.
  if (mail) mailSettings(config);
  const warehouse = await ctx.warehouse();
  await runReports(config, warehouse, options, {
    logger: ctx.logger(),
    onWritten: (paths) => {
      for (const path of paths) ctx.print(path);
    },
  });
}

/** `report send --subscription NAME`: one subscription now, recorded in the delivery ledger. */
async function sendSubscription(ctx: CliContext, flags: ReportFlags, command: Command): Promise<void> {
  for (const option of ['monitorGroup', 'format', 'defaultTarget']) {
    if (command.getOptionValueSource(option) === 'cli') {
      throw new ConfigError(
        `--${option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} cannot be combined with --subscription: the subscription sets its scope, formats and target.`,
        { context: { setting: '--subscription' } },
      );
    }
  }
  const explicit = { month: flags.month, from: flags.from, to: flags.to, preset: flags.preset };
  checkReportPeriodOptions(explicit);
  const config = ctx.config();
  const file = ctx.configFile();
  const warehouse = await ctx.warehouse();
  await sendSubscriptionNow(
    config,
    warehouse,
    {
      subscriptions: subscriptionsOf(ctx),
      file,
      accountId: flags.account,
      outDir: flags.out,
      name: flags.subscription ?? '',
      choice: { within: flags.period, explicit },
    },
    {
      logger: ctx.logger(),
      onOutcome: (outcome) => {
        for (const path of outcome.files) ctx.print(path);
        ctx.print(outcomeLine(outcome));
      },
    },
  );
}

/** The file's subscriptions, or the default one (monthly on the 1st, PreviousMonth, REPORT_MAIL_TO). */
function subscriptionsOf(ctx: CliContext): Subscription[] {
  return (
    fileSubscriptions(ctx.configFile()) ?? [
      defaultSubscription({ schedule: parseReportSchedule('1'), mailTo: ctx.config().mailTo }),
    ]
  );
}

/** `report subscriptions`: the list with next due dates and last deliveries. */
async function printSubscriptions(
  ctx: CliContext,
  flags: { account?: string; json?: boolean },
): Promise<void> {
  const subscriptions = subscriptionsOf(ctx);
  const warehouse = await ctx.warehouse();
  const list = await listSubscriptions(warehouse, { subscriptions, accountId: flags.account });
  if (flags.json === true) {
    ctx.print(JSON.stringify(list, null, 2));
    return;
  }
  const source =
    ctx.configFile()?.contents.subscriptions === undefined
      ? ' (no subscriptions in a configuration file: the default one)'
      : ` (${ctx.configFile()?.name ?? ''})`;
  ctx.print(`subscriptions of account ${list.accountId} (${list.zone}), today ${list.today}${source}:`);
  for (const s of list.subscriptions) {
    ctx.print(`${s.name}: ${s.schedule}, ${s.period}; ${s.reports.join(' and ')} as ${s.formats.join(', ')}`);
    ctx.print(`  scope: ${s.scope}`);
    ctx.print(`  recipients: ${s.recipients}`);
    ctx.print(`  next due: ${s.nextDue === null ? 'never' : `${s.nextDue.date} (${s.nextDue.period})`}`);
    ctx.print(
      `  last delivery: ${s.lastDelivery === null ? 'none yet' : `${s.lastDelivery.period}, ${s.lastDelivery.status}${s.lastDelivery.kind === 'scheduled' ? '' : ` (${s.lastDelivery.kind})`} ${s.lastDelivery.at ?? ''} to ${s.lastDelivery.recipients} recipient(s), message ${s.lastDelivery.messageId}`}`,
    );
    for (const w of s.waiting) {
      ctx.print(`  waiting: ${w.period} (due ${w.due})${w.lastError === null ? '' : `: ${w.lastError}`}`);
    }
    if (s.firstDue === null)
      ctx.print('  (not yet seen by nightly: catch-up starts from its first nightly run)');
  }
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
Raw alerts go into the workbook up to 50,000; beyond that only into uptrends-alerts_*.csv beside it.

Examples:
  $ uptrends-etl report incidents                            last month (PreviousMonth)
  $ uptrends-etl report incidents --preset Last7Days --format csv
  $ uptrends-etl report incidents --month 2025-10 --monitor-group 6b1f7c1e-4d2a-4f7e-9a51-2f0c1d3e4b5a`,
  send: `
Writes both reports, then mails them over SMTP_URL from REPORT_MAIL_FROM to REPORT_MAIL_TO (a comma
list). Attachments above 15 MB in total are left out and the mail lists their paths instead.
With --subscription, sends that subscription of the configuration file (its reports, scope, formats
and recipients) for its latest due period, the one holding --period, or --month/--from/--to/--preset,
and records it in the delivery ledger: a period not yet delivered counts as delivered (nightly will
not send it again), a period already delivered is recorded as a resend.

Examples:
  $ uptrends-etl report send                                 last month, both reports
  $ uptrends-etl report send --month 2025-10 --monitor-group Webshop
  $ uptrends-etl report send --subscription eu-weekly        its latest period, now
  $ uptrends-etl report send --subscription board --period 2025-08-15   the quarter holding that day`,
};

export const reportCommand: CommandModule = {
  name: 'report',
  register(program, ctx) {
    const report = program
      .command('report')
      .description('Write the SLA and incident workbooks and CSVs from the warehouse, and e-mail them.')
      .addHelpText(
        'after',
        `
Examples:
  $ uptrends-etl report sla --month 2025-10
  $ uptrends-etl report incidents --preset PreviousWeek --monitor-group Webshop
  $ uptrends-etl report send                    both reports of last month, by e-mail
  $ uptrends-etl report subscriptions           the subscriptions, when each is next due
Run "uptrends-etl report <command> --help" for the options.`,
      );
    addReportOptions(
      report.command('sla').description('Write the SLA workbook and its CSVs; prints the paths.'),
      { mail: true, target: true },
    )
      .addHelpText('after', EXAMPLES.sla)
      .action((flags: ReportFlags) => run(ctx, flags, ['sla'], flags.mail === true));
    addReportOptions(
      report.command('incidents').description('Write the incident workbook and its CSVs; prints the paths.'),
      { mail: true, target: false },
    )
      .addHelpText('after', EXAMPLES.incidents)
      .action((flags: ReportFlags) => run(ctx, flags, ['incidents'], flags.mail === true));
    addReportOptions(
      report
        .command('send')
        .description(
          'Write both reports and e-mail them (or one subscription, --subscription); prints the paths.',
        ),
      { mail: false, target: true },
    )
      .option(
        '--subscription <name>',
        'send this subscription of the configuration file now (recorded in the ledger)',
      )
      .option('--period <yyyy-MM-dd>', 'with --subscription: the subscription period that holds this day')
      .addHelpText('after', EXAMPLES.send)
      .action((flags: ReportFlags, command: Command) => {
        if (flags.subscription !== undefined) return sendSubscription(ctx, flags, command);
        if (flags.period !== undefined) {
          throw new ConfigError(
            '--period needs --subscription; for a plain report use --month or --from/--to.',
            {
              context: { setting: '--period' },
            },
          );
        }
        return run(ctx, flags, ['sla', 'incidents'], true);
      });
    report
      .command('subscriptions')
      .description(
        'List the report subscriptions: schedule, scope, recipients, next due date, last delivery.',
      )
      .option('--account <id>', 'the account, when the warehouse holds several')
      .option('--json', 'print machine-readable JSON instead of text')
      .addHelpText(
        'after',
        `
Examples:
  $ uptrends-etl report subscriptions
  $ uptrends-etl --config /etc/uptrends-etl.yaml report subscriptions --json`,
      )
      .action((flags: { account?: string; json?: boolean }) => printSubscriptions(ctx, flags));
  },
};
