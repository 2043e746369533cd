/**
 * `uptrends-etl report sla | incidents | at-risk | send | subscriptions`: report files from the
 * warehouse, optionally mailed.
 */
import type { Command } from 'commander';
import { ConfigError } from '../../errors.ts';
import type { ReportFormat } from '../../reports/render/report-files.ts';
import {
  DEFAULT_MAX_ATTACHMENT_BYTES,
  DEFAULT_RAW_ALERT_ROW_LIMIT,
  DEFAULT_REPORT_DIR,
} from '../../reports/report-defaults.ts';
import type { ReportKind, RunReportsJobOptions } from '../../api/report-job.ts';
import type { SendSubscriptionOptions } from '../../api/subscription-jobs.ts';
import { DEFAULT_REPORT_PRESET } from '../../time/parse-period-options.ts';
import type { CliContext } from '../cli-context.ts';
import type { CommandModule } from '../command-module.ts';
import { withJobTelemetry } from '../job-telemetry.ts';
import { listOption } from '../options.ts';
import {
  accountFolders,
  accountLabel,
  accountOption,
  defaultTargetOption,
  formatOptionOf,
  printDryRunOutcome,
  printOutcome,
  printWritten,
} from '../report-output.ts';
import { atRiskOptionsFrom, registerAtRisk } from './report-at-risk.ts';

interface ReportFlags {
  subscription?: string;
  period?: string;
  month?: string;
  from?: string;
  to?: string;
  preset?: string;
  monitorGroup?: string[];
  sla?: string[];
  account?: string;
  out: string;
  format: ReportFormat[];
  defaultTarget?: number;
  mail?: boolean;
  toDate?: boolean;
  strict?: boolean;
  dryRun?: boolean;
}

/**
 * The flags as the programmatic API's report options: renamed, not checked; `runReports` checks
 * the period options before the warehouse opens.
 */
export function reportOptionsFrom(
  flags: ReportFlags,
  reports: readonly ReportKind[],
  mail: boolean,
): RunReportsJobOptions {
  const period = { month: flags.month, from: flags.from, to: flags.to, preset: flags.preset };
  return {
    reports,
    period,
    accountId: flags.account,
    monitorGroups: flags.monitorGroup,
    sla: flags.sla,
    outDir: flags.out,
    formats: flags.format,
    defaultTarget: flags.defaultTarget,
    mail,
    toDate: flags.toDate === true,
    strict: flags.strict === true,
  };
}

/** What `report send` does: both reports by mail, or one subscription. */
type SendOptions =
  | { readonly reports: RunReportsJobOptions; readonly subscription?: undefined }
  | { readonly subscription: SendSubscriptionOptions; readonly reports?: undefined };

function sendOptionsFrom(flags: ReportFlags): SendOptions {
  if (flags.subscription !== undefined) {
    return {
      subscription: {
        name: flags.subscription,
        within: flags.period,
        period: { month: flags.month, from: flags.from, to: flags.to, preset: flags.preset },
        accountId: flags.account,
        outDir: flags.out,
        dryRun: flags.dryRun === true,
      },
    };
  }
  if (flags.period !== undefined) {
    throw new ConfigError('--period needs --subscription; for a plain report use --month or --from/--to.', {
      context: { setting: '--period' },
    });
  }
  return {
    reports: { ...reportOptionsFrom(flags, ['sla', 'incidents'], true), dryRun: flags.dryRun === true },
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
      listOption('--monitor-group'),
    )
    .option(
      '--to-date',
      'allow a period that has not ended yet: report it up to now, labelled "to date" (refused otherwise)',
    )
    .addOption(accountOption())
    .option('--out <dir>', 'folder to write into', DEFAULT_REPORT_DIR)
    .option(
      '--strict',
      'refuse a period without data (exit 9) instead of writing it with a warning; nothing is written or sent',
    )
    .addOption(formatOptionOf());
  if (extra.target) {
    command
      .addOption(defaultTargetOption())
      .option(
        '--sla <name|guid>',
        'the SLA definitions the SLA overview is based on, repeatable or a comma list (default: every SLA definition of the account)',
        listOption('--sla'),
      );
  }
  if (extra.mail)
    command.option(
      '--mail',
      'e-mail the files after writing them (SMTP_URL, REPORT_MAIL_FROM, REPORT_MAIL_TO)',
    );
  return command;
}

/** The report job's options: the command's, and what the context gives (configuration, warehouse). */
function reportJob(ctx: CliContext, options: RunReportsJobOptions): RunReportsJobOptions {
  return {
    ...options,
    config: ctx.config(),
    logger: ctx.logger(),
    signal: ctx.signal,
    openWarehouse: () => ctx.warehouse({ schema: 'current', engineThread: true }),
    accountFolder: accountFolders(ctx, options.accountId),
  };
}

/** `report send --dry-run`: the mail the send would go out as, listed; nothing written or sent. */
async function dryRunSend(ctx: CliContext, options: RunReportsJobOptions): Promise<void> {
  const { runReports } = await import('../../api/report-job.ts');
  const result = await runReports(reportJob(ctx, options));
  const mail = result.wouldMail ?? { to: [], attached: [], omitted: [] };
  ctx.result(
    'dry-run',
    {
      subscription: null,
      account: result.accountName,
      accountId: result.accountId,
      period: result.period.label,
      periodStart: result.period.start.toISOString(),
      periodEnd: result.period.end.toISOString(),
      status: 'would-send',
      recipients: mail.to,
      attachments: mail.attached,
      omitted: mail.omitted,
      files: result.paths,
      noData: result.noData,
    },
    [
      `would send: ${options.reports?.join(' and ') ?? ''} reports, account ${accountLabel(result.accountName, result.accountId)}, ${result.period.label}`,
      `  to: ${mail.to.join(', ')}`,
      ...mail.attached.map((f) => `  attached: ${f}`),
      ...mail.omitted.map((f) => `  named in the mail, not attached (over the size limit): ${f}`),
      ...(result.noData === null ? [] : [`  note: ${result.noData} (the reports say "No data")`]),
      'Nothing was written or sent.',
    ],
  );
}

async function run(ctx: CliContext, options: RunReportsJobOptions): Promise<void> {
  if (options.dryRun === true) return dryRunSend(ctx, options);
  const { runReports } = await import('../../api/report-job.ts');
  const result = await runReports({
    ...reportJob(ctx, options),
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
      noData: result.noData,
    },
    [
      ...(result.noData === null ? [] : [`no data: ${result.noData}`]),
      ...(result.mail === null ? [] : [`mailed to ${result.mail.accepted.join(', ')}`]),
    ],
  );
}

/** `report send --subscription NAME`: one subscription now, recorded in the delivery ledger. */
async function sendSubscription(ctx: CliContext, send: SendSubscriptionOptions): Promise<void> {
  const { sendSubscription: run } = await import('../../api/subscription-jobs.ts');
  await run({
    ...send,
    config: ctx.config(),
    logger: ctx.logger(),
    file: ctx.configFile(),
    openWarehouse: () => ctx.warehouse({ schema: 'current' }),
    accountFolders: accountFolders(ctx, send.accountId),
    onOutcome: (outcome) => (send.dryRun === true ? undefined : printOutcome(ctx, outcome)),
  }).then((outcome) => {
    if (send.dryRun === true) {
      printDryRunOutcome(ctx, outcome);
      ctx.result('dry-run-end', { sent: false, recorded: false }, 'Nothing was written, sent or recorded.');
    }
  });
}

/** `report subscriptions`: the list with next due dates and last deliveries. */
async function printSubscriptions(
  ctx: CliContext,
  options: { accountId: string | undefined },
): Promise<void> {
  const { listSubscriptions } = await import('../../api/subscription-jobs.ts');
  const list = await listSubscriptions({
    config: ctx.config(),
    file: ctx.configFile(),
    accountId: options.accountId,
    openWarehouse: () => ctx.warehouse({ schema: 'current' }),
  });
  const source =
    ctx.configFile()?.contents.subscriptions === undefined
      ? ' (no subscriptions in a configuration file: the default one)'
      : ` (${ctx.configFile()?.name ?? ''})`;
  const lines = [`subscriptions of account ${list.accountId} (${list.zone}), today ${list.today}${source}:`];
  for (const s of list.subscriptions) {
    lines.push(
      `${s.name}: ${s.schedule}, ${s.period}; ${s.reports.join(' and ')} as ${s.formats.join(', ')}`,
      `  scope: ${s.scope}`,
      `  recipients: ${s.recipients}`,
      `  next due: ${s.nextDue === null ? 'never' : `${s.nextDue.date} (${s.nextDue.period})`}`,
      `  last delivery: ${s.lastDelivery === null ? 'none yet' : `${s.lastDelivery.period}, ${s.lastDelivery.status}${s.lastDelivery.kind === 'scheduled' ? '' : ` (${s.lastDelivery.kind})`} ${s.lastDelivery.at ?? ''} to ${s.lastDelivery.recipients} recipient(s), message ${s.lastDelivery.messageId}`}`,
    );
    for (const w of s.waiting) {
      lines.push(`  waiting: ${w.period} (due ${w.due})${w.lastError === null ? '' : `: ${w.lastError}`}`);
    }
    if (s.firstDue === null)
      lines.push('  (not yet seen by nightly: catch-up starts from its first nightly run)');
  }
  ctx.result('subscriptions', { ...list }, lines);
}

const EXAMPLES = {
  sla: `
The period is computed in the account's time zone. File names carry report, period and zone.

Examples:
  $ uptrends-etl report sla                                  last month (PreviousMonth)
  $ uptrends-etl report sla --month 2025-10 --out ./reports/2025-10
  $ uptrends-etl report sla --from 2025-10-01 --to 2025-10-15   1 to 14 October
  $ uptrends-etl report sla --preset CurrentMonth --to-date --monitor-group Websites --monitor-group "EU region"
  $ uptrends-etl report sla --month 2025-10 --format xlsx --default-target 99.5 --mail
  $ uptrends-etl report sla --month 2025-10 --sla "Gold customers"   the SLA overview based on one definition`,
  incidents: `
Raw alerts go into the workbook when there are at most ${DEFAULT_RAW_ALERT_ROW_LIMIT.toLocaleString('en-US')} of them; beyond that only into
uptrends-alerts_*.csv beside it.

Examples:
  $ uptrends-etl report incidents                            last month (PreviousMonth)
  $ uptrends-etl report incidents --preset Last7Days --format csv
  $ uptrends-etl report incidents --month 2025-10 --monitor-group 12886c8b-bef1-4866-a7c1-25b62c0f1c96   a group by its GUID`,
  send: `
Writes both reports, then mails them over SMTP_URL from REPORT_MAIL_FROM to REPORT_MAIL_TO (a comma
list). Attachments above ${DEFAULT_MAX_ATTACHMENT_BYTES / 1024 / 1024} MB in total are left out and the mail lists their paths instead.
With --subscription, sends that subscription of the configuration file (its reports, scope, formats
and recipients) for its latest due period, the one holding --period, or --month/--from/--to/--preset,
and records it in the delivery ledger: a period not yet delivered counts as delivered (nightly will
not send it again), a period already delivered is recorded as a resend. Its account is --account, or
the subscription's own when its accounts: names one; an account it does not name is refused (exit 2).
With an accounts: section (or --account) files go under --out/<account>/ (<subscription>/).

Examples:
  $ uptrends-etl report send                                 last month, both reports
  $ uptrends-etl report send --month 2025-10 --monitor-group Websites
  $ uptrends-etl report send --subscription eu-weekly        its latest period, now
  $ uptrends-etl report send --subscription board-quarterly --period 2025-08-15   the quarter holding that day
  $ uptrends-etl report send --subscription eu-weekly --dry-run   to whom, with which files; nothing sent`,
};

/** The options each subcommand runs with. */
const OPTIONS_OF = {
  'report sla': (flags: ReportFlags) => reportOptionsFrom(flags, ['sla'], flags.mail === true),
  'report incidents': (flags: ReportFlags) => reportOptionsFrom(flags, ['incidents'], flags.mail === true),
  'report at-risk': atRiskOptionsFrom,
  'report send': sendOptionsFrom,
  'report subscriptions': (flags: { account?: string }) => ({ accountId: flags.account }),
};

/**
 * Options `--subscription` replaces: the subscription sets its scope, formats, target and SLA
 * definitions, and it
 * sends finished periods only (no `--to-date`).
 */
const NOT_WITH_SUBSCRIPTION = ['monitorGroup', 'format', 'defaultTarget', 'sla', 'toDate'];

export const reportCommand: CommandModule = {
  name: 'report',
  optionsOf: OPTIONS_OF,
  register(program, ctx) {
    const report = program.command('report').addHelpText(
      'after',
      `
Examples:
  $ uptrends-etl report sla --month 2025-10
  $ uptrends-etl report incidents --preset PreviousWeek --monitor-group Websites
  $ uptrends-etl report at-risk --as-of 2025-10-24   which services will miss this month's SLA
  $ uptrends-etl report send                    both reports of last month, by e-mail
  $ uptrends-etl report subscriptions           the subscriptions, when each is next due
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
    registerAtRisk(report, ctx, OPTIONS_OF['report at-risk']);
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
      .option(
        '--dry-run',
        'list the mail the send would go out as (recipients, attachments, or why it is held) without writing, sending or recording anything',
      )
      .addHelpText('after', EXAMPLES.send)
      .action((flags: ReportFlags, command: Command) => {
        const job = async (): Promise<void> => {
          const send = OPTIONS_OF['report send'](flags);
          if (send.subscription === undefined) return run(ctx, send.reports);
          for (const option of NOT_WITH_SUBSCRIPTION) {
            if (command.getOptionValueSource(option) === 'cli') {
              throw new ConfigError(
                `--${option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} cannot be combined with --subscription: the subscription sets its scope, formats and target, and sends finished periods only.`,
                { context: { setting: '--subscription' } },
              );
            }
          }
          return sendSubscription(ctx, send.subscription);
        };
        // A dry run is no send: the dead-man's switch and the metrics do not hear of it.
        return flags.dryRun === true
          ? job()
          : withJobTelemetry(ctx, 'report-send', { noAccounts: true }, job);
      });
    report
      .command('subscriptions')
      .description(
        'List the report subscriptions: schedule, scope, recipients, next due date, last delivery.',
      )
      .addOption(accountOption())
      .addHelpText(
        'after',
        `
Examples:
  $ uptrends-etl report subscriptions
  $ uptrends-etl --config docs/uptrends-etl.example.yaml report subscriptions --json`,
      )
      .action((flags: { account?: string }) =>
        printSubscriptions(ctx, OPTIONS_OF['report subscriptions'](flags)),
      );
  },
};
