/** `uptrends-etl nightly`: the scheduled job: sync everything, then the report subscriptions that are due. */
import type { Command } from 'commander';
import { ConfigError } from '../../errors.ts';
import { parseLocalDate } from '../../time/period-options.ts';
import { parseReportSchedule } from '../../pipeline/report-schedule.ts';
import { runNightly } from '../../pipeline/run-nightly.ts';
import type { DeliveryOutcome } from '../../pipeline/subscriptions/deliver-occurrence.ts';
import { defaultSubscription, fileSubscriptions } from '../../pipeline/subscriptions/subscriptions.ts';
import { SUBSCRIPTION_FORMATS, type SubscriptionFormat } from '../../config-file/subscriptions-section.ts';
import type { CommandModule } from '../command-module.ts';
import { listOption } from '../options.ts';
import { createProgress } from '../progress.ts';
import { addSyncOptions, syncOptionsFrom } from './sync.ts';

interface NightlyFlags {
  reportOn: string;
  reportPeriod: string;
  out: string;
  format?: string[];
  mail: boolean;
  asOf?: string;
}

function formatsOf(list: string[] | undefined): SubscriptionFormat[] | undefined {
  if (list === undefined) return undefined;
  const unknown = list.filter((f) => !(SUBSCRIPTION_FORMATS as readonly string[]).includes(f.toLowerCase()));
  if (unknown.length > 0 || list.length === 0) {
    throw new ConfigError(
      `--format must be a comma list of ${SUBSCRIPTION_FORMATS.join(', ')}; not "${list.join(',')}".`,
      {
        context: { setting: '--format' },
      },
    );
  }
  return [...new Set(list.map((f) => f.toLowerCase() as SubscriptionFormat))];
}

/** One line per delivery, for the job's output. */
export function outcomeLine(o: DeliveryOutcome): string {
  const what = `${o.subscription} ${o.period.label}`;
  switch (o.status) {
    case 'sent':
      return `sent: ${what} to ${o.recipients.join(', ')}${o.rejected.length > 0 ? ` (refused: ${o.rejected.join(', ')})` : ''}${o.kind === 'scheduled' ? '' : ` [${o.kind}]`}`;
    case 'written':
      return `written: ${what} (not e-mailed)`;
    case 'held':
      return `held: ${what}: ${o.error ?? ''}`;
    case 'already-delivered':
      return `skipped: ${what} is already delivered`;
    default:
      return `${o.status}: ${what}: ${o.error ?? ''}`;
  }
}

export const nightlyCommand: CommandModule = {
  name: 'nightly',
  register(program, ctx) {
    const command: Command = program
      .command('nightly')
      .description(
        'The scheduled job: sync every stream, then write and e-mail the report subscriptions that are due (missed periods caught up once).',
      );
    addSyncOptions(command)
      .option(
        '--report-on <days>',
        'without subscriptions in the configuration file: when to report: days of the month (1,15), weekdays (mon), daily or never (Default: 1)',
        '1',
      )
      .option(
        '--report-period <preset>',
        'without subscriptions in the configuration file: the finished period the reports cover (Default: PreviousMonth)',
        'PreviousMonth',
      )
      .option(
        '--out <dir>',
        'folder for the report files, a sub-folder per subscription (Default: ./reports)',
        './reports',
      )
      .option(
        '--format <list>',
        'without subscriptions in the configuration file: xlsx, csv, pdf (Default: xlsx,csv)',
        listOption,
      )
      .option(
        '--no-mail',
        'write the reports due today but do not e-mail them (Default: mail when SMTP_URL is set)',
      )
      .option(
        '--as-of <date>',
        'run the schedule as if today (in the account zone) were this date, yyyy-MM-dd; not later than today',
      )
      .addHelpText(
        'after',
        `
Subscriptions come from the subscriptions: section of the configuration file (see the README); without
it, one subscription named "default" sends both reports of every monitor to REPORT_MAIL_TO on the
--report-on days. Every period is sent once (a delivery ledger in the warehouse), periods missed while
the job did not run are caught up oldest first, and failed sends are tried again the next night.

Exit code: that of the sync when it fails (no report is sent then: the figures would be stale), else
7 when a delivery failed, else 0. See the README for cron and systemd timer lines.

Examples:
  $ uptrends-etl nightly                               sync; the subscriptions due today
  $ uptrends-etl nightly --report-on mon --report-period PreviousWeek
  $ uptrends-etl nightly --as-of 2025-11-03            catch up as if it were 3 November
  $ uptrends-etl nightly --report-on never --wait 600   sync only, queueing behind a running job`,
      )
      .action(async (flags: NightlyFlags & Parameters<typeof syncOptionsFrom>[0], self: Command) => {
        if (flags.asOf !== undefined) parseLocalDate('--as-of', flags.asOf);
        const config = ctx.config();
        const file = ctx.configFile();
        const logger = ctx.logger();
        const mail = flags.mail && config.smtpUrl !== undefined;
        if (flags.mail && !mail)
          logger.info('nightly: SMTP_URL is not set, the reports due today are written but not e-mailed');
        const fromFile = fileSubscriptions(file);
        const ignored = ['reportOn', 'reportPeriod', 'format'].filter(
          (o) => self.getOptionValueSource(o) === 'cli',
        );
        if (fromFile !== undefined && ignored.length > 0) {
          logger.warn(
            `nightly: --report-on, --report-period and --format apply only without subscriptions in the configuration file; ignored (${file?.name ?? ''} has ${fromFile.length})`,
          );
        }
        const list = fromFile ?? [
          defaultSubscription({
            schedule: parseReportSchedule(flags.reportOn),
            period: flags.reportPeriod,
            formats: formatsOf(flags.format),
            mailTo: config.mailTo,
          }),
        ];
        const result = await runNightly(
          config,
          {
            sync: syncOptionsFrom({ ...flags, streams: undefined }),
            subscriptions: { list, file, outDir: flags.out, mail, asOf: flags.asOf },
          },
          {
            logger,
            signal: ctx.signal,
            progress: createProgress(logger),
            onOutcome: (outcome) => {
              for (const path of outcome.files) ctx.print(path);
              ctx.print(outcomeLine(outcome));
            },
          },
        );
        ctx.print(`run ${result.sync.runId} ${result.sync.status}: ${result.sync.requests} requests`);
        const sent = result.subscriptions.outcomes.filter((o) => o.status === 'sent').length;
        ctx.print(
          `subscriptions as of ${result.subscriptions.asOf}: ${result.subscriptions.outcomes.length === 0 ? 'nothing due' : `${sent} sent, ${result.subscriptions.outcomes.length - sent} other`}`,
        );
      });
  },
};
