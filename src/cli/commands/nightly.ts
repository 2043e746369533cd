/** `uptrends-etl nightly`: the scheduled job: sync, then the report subscriptions that are due. */
import type { Command } from 'commander';
import {
  resolveNightly,
  type NightlyMailConfig,
  type ResolvedNightly,
  type RunNightlyOptions,
} from '../../api/nightly-job.ts';
import { DEFAULT_REPORT_ON } from '../../api/nightly-job.ts';
import type { ReportFormat } from '../../reports/render/report-files.ts';
import { DEFAULT_REPORT_DIR } from '../../reports/report-defaults.ts';
import { DEFAULT_REPORT_PRESET } from '../../time/parse-period-options.ts';
import type { CommandModule } from '../command-module.ts';
import type { CliContext } from '../cli-context.ts';
import {
  accountFolders,
  accountLabel,
  formatOptionOf,
  printDryRunOutcome,
  printOutcome,
} from '../report-output.ts';
import { withJobTelemetry } from '../job-telemetry.ts';
import { redactUrlPassword } from '../../redaction.ts';
import { addSyncOptions, printSyncSummary, streamListHelp, syncRequestFrom, type SyncFlags } from './sync.ts';

interface NightlyFlags extends SyncFlags {
  reportOn: string;
  reportPeriod: string;
  out: string;
  format: ReportFormat[];
  mail: boolean;
  asOf?: string;
  queue?: boolean;
  dryRun?: boolean;
}

/** The flags as the programmatic API's nightly options: renamed, checked by `resolveNightly`. */
export function nightlyRequestFrom(flags: NightlyFlags): RunNightlyOptions {
  return {
    sync: syncRequestFrom(flags),
    reportOn: flags.reportOn,
    reportPeriod: flags.reportPeriod,
    formats: flags.format,
    outDir: flags.out,
    mail: flags.mail,
    asOf: flags.asOf,
    queue: flags.queue === true,
  };
}

/**
 * Where the night's warehouse is, for its first line (said before it opens, which on a new
 * embedded warehouse takes seconds); empty when the configuration is bad (the run reports it).
 */
function warehouseOf(ctx: CliContext): string {
  try {
    const { databaseUrl, dataDir } = ctx.config();
    return databaseUrl ? `, warehouse ${redactUrlPassword(databaseUrl)}` : `, warehouse in ${dataDir}`;
  } catch {
    return '';
  }
}

/** A configuration for resolving options without one (the help walk): no mail, no recipients. */
const NO_MAIL: NightlyMailConfig = { mailTo: [], smtpUrl: undefined };

/** Options that only shape the default subscription (ignored when the file has subscriptions). */
const DEFAULT_SUBSCRIPTION_OPTIONS = ['reportOn', 'reportPeriod', 'format'];

/**
 * `nightly --dry-run`: the mails the subscriptions due would send, listed; no sync, no mail, no
 * ledger row, no telemetry (a dry run must not tell the dead-man's switch that the night ran).
 */
async function dryRun(ctx: CliContext, request: RunNightlyOptions, flags: NightlyFlags) {
  const { previewNightly } = await import('../../api/nightly-job.ts');
  const logger = ctx.logger();
  let mailOn = false;
  const preview = await previewNightly(
    {
      ...request,
      config: ctx.config(),
      logger,
      signal: ctx.signal,
      file: ctx.configFile(),
      accountSettings: ctx.accounts(),
      accountFolders: accountFolders(ctx, flags.account?.join(',')),
    },
    (resolved) => {
      mailOn = resolved.mail;
    },
  );
  for (const a of preview.accounts) {
    for (const outcome of a.subscriptions?.outcomes ?? []) printDryRunOutcome(ctx, outcome);
    if (a.subscriptions === undefined || a.warehouseAccount === undefined) {
      ctx.result(
        'nightly-dry-run',
        { account: a.account, error: a.error?.message ?? null },
        `${a.account}: not listed: ${a.error?.message ?? ''}`,
      );
      continue;
    }
    const { outcomes, asOf } = a.subscriptions;
    const count = (status: string): number => outcomes.filter((o) => o.status === status).length;
    // Named always, also without an accounts: section: the warehouse's name for the account.
    const { name, accountId } = a.warehouseAccount;
    ctx.result(
      'nightly-dry-run',
      {
        account: name ?? a.account,
        accountId,
        asOf,
        wouldSend: count('would-send'),
        wouldWrite: count('would-write'),
        held: count('held'),
        alreadyDelivered: count('already-delivered'),
        unchanged: count('unchanged'),
        failed: count('failed'),
        mail: mailOn,
        synced: false,
      },
      `${accountLabel(name, accountId)}: dry run as of ${asOf}: ${outcomes.length === 0 ? 'nothing due' : `${count('would-send')} mail(s) would be sent, ${count('held')} held, ${count('already-delivered')} already delivered${count('would-write') > 0 ? `, ${count('would-write')} written only` : ''}`}.${mailOn ? '' : ' E-mail is off (--no-mail, or SMTP_URL not set).'} Nothing was synced, sent or recorded; the real night syncs first, which may release a period held for coverage.`,
    );
  }
}

export const nightlyCommand: CommandModule = {
  name: 'nightly',
  optionsOf: {
    nightly: (flags: NightlyFlags) => ({
      ...resolveNightly(nightlyRequestFrom(flags), NO_MAIL),
      metricsFile: flags.metricsFile,
      dryRun: flags.dryRun === true,
    }),
  },
  register(program, ctx) {
    const command: Command = program.command('nightly');
    addSyncOptions(command)
      .option(
        '--report-on <days>',
        'without subscriptions in the configuration file: when to report, as a schedule: of the file: days of the month (1,15 or last), weekdays (mon), weekly, monthly, daily or never',
        DEFAULT_REPORT_ON,
      )
      .option(
        '--report-period <preset>',
        'without subscriptions in the configuration file: the finished period the reports cover',
        DEFAULT_REPORT_PRESET,
      )
      .option('--out <dir>', 'folder for the report files, a sub-folder per subscription', DEFAULT_REPORT_DIR)
      .addOption(formatOptionOf('without subscriptions in the configuration file: files to write'))
      .option(
        '--no-mail',
        'write the reports due today but do not e-mail them (default: mail them when SMTP_URL is set)',
      )
      .option(
        '--queue',
        'Postgres: queue one job per account and stream for `uptrends-etl worker` processes and wait for them (default: sync in this process)',
      )
      .option(
        '--as-of <date>',
        'run the schedule as if today (in the account zone) were this date, yyyy-MM-dd; not later than today',
      )
      .option(
        '--dry-run',
        'list every mail the subscriptions due would send (recipients, attachments, or why held) without syncing, sending or recording anything',
      )
      .addHelpText(
        'after',
        () => `${streamListHelp()}

With --streams, only those streams are synced; the reports still read the whole warehouse.

Subscriptions come from the subscriptions: section of the configuration file (see the README); without
it, one subscription named "default" sends both reports of every monitor to REPORT_MAIL_TO on the
--report-on days. Every period is sent once (a delivery ledger in the warehouse), periods missed while
the job did not run are caught up oldest first, and failed sends are tried again the next night.

Exit code: that of the sync when it fails (no report is sent then: the figures would be stale), else
7 when a delivery failed, else 0. See the README for the cron line, the systemd timer and the container.

Examples:
  $ uptrends-etl nightly                               sync; the subscriptions due today
  $ uptrends-etl nightly --report-on mon --report-period PreviousWeek
  $ uptrends-etl nightly --as-of 2025-11-03            catch up as if it were 3 November
  $ uptrends-etl nightly --dry-run                     what tonight would mail, to whom; nothing sent
  $ uptrends-etl nightly --report-on never --wait 600   sync only, queueing behind a running job
  $ uptrends-etl nightly --streams slas --report-on never   refresh the SLA definitions only
  $ uptrends-etl nightly --queue                       workers sync every account; then the reports

With an accounts: section every account is synced (or those of --account), then each account's due
subscriptions are sent, its files in a sub-folder of --out named after the account. An account whose
sync failed sends nothing; the others do. With --queue the syncs are jobs of the queue on the
Postgres warehouse (docs/scaling.md): start one or more \`uptrends-etl worker\` on any machine.`,
      )
      .action(async (flags: NightlyFlags, self: Command) => {
        const file = ctx.configFile();
        const logger = ctx.logger();
        // The first line at once: the night's modules and the warehouse take seconds to load and open.
        logger.info(`nightly: starting${warehouseOf(ctx)}`);
        const [{ runNightly }, { createProgress }] = await Promise.all([
          import('../../api/nightly-job.ts'),
          import('../progress.ts'),
        ]);
        const request = nightlyRequestFrom(flags);
        const named = file?.contents.accounts !== undefined;
        if (flags.dryRun === true) {
          await dryRun(ctx, request, flags);
          return;
        }
        let resolved: ResolvedNightly | undefined;
        const telemetryOptions = {
          metricsFile: flags.metricsFile,
          accounts: flags.account,
          streams: flags.streams,
        };
        const result = await withJobTelemetry(ctx, 'nightly', telemetryOptions, async (telemetry) => {
          const night = await runNightly(
            {
              ...request,
              config: ctx.config(),
              logger,
              signal: ctx.signal,
              progress: createProgress(logger),
              file,
              accountSettings: ctx.accounts(),
              // Each account's files under <out>/<account>/, as report send and report sla write them.
              accountFolders: accountFolders(ctx, flags.account?.join(',')),
              explicit: { concurrency: self.getOptionValueSource('concurrency') === 'cli' },
              onOutcome: (outcome) => printOutcome(ctx, outcome),
              onRun: telemetry?.onRun,
            },
            (r) => {
              resolved = r;
              const ignored = DEFAULT_SUBSCRIPTION_OPTIONS.filter(
                (o) => self.getOptionValueSource(o) === 'cli',
              );
              if (r.fromFile && ignored.length > 0) {
                logger.warn(
                  `nightly: --report-on, --report-period and --format apply only without subscriptions in the configuration file; ignored (${file?.name ?? ''} has ${r.subscriptions.length})`,
                );
              }
            },
          );
          for (const account of night.accounts)
            for (const outcome of account.subscriptions?.outcomes ?? [])
              telemetry?.delivery(account.account, outcome.subscription, outcome.status);
          return night;
        });
        if (resolved !== undefined && resolved.mailAsked && !resolved.mail) {
          // Said after the run, from what it did: a night with nothing due wrote nothing.
          const written = result.accounts
            .flatMap((a) => a.subscriptions?.outcomes ?? [])
            .filter((o) => o.status === 'written').length;
          logger.info(
            written === 0
              ? 'nightly: no report was due; SMTP_URL is not set, so e-mail is off'
              : `nightly: SMTP_URL is not set, so the ${written} report period(s) due were written to ${resolved.outDir} but not e-mailed`,
          );
        }
        for (const account of result.accounts) {
          if (account.sync === undefined || account.subscriptions === undefined) continue;
          printSyncSummary(ctx, 'sync', account.sync, named ? account.account : undefined);
          const { outcomes, asOf } = account.subscriptions;
          const sent = outcomes.filter((o) => o.status === 'sent').length;
          ctx.result(
            'nightly',
            {
              runId: account.sync.runId,
              status: account.sync.status,
              ...(named ? { account: account.account } : {}),
              asOf,
              deliveries: outcomes.length,
              sent,
            },
            `${named ? `${account.account}: ` : ''}subscriptions as of ${asOf}: ${outcomes.length === 0 ? 'nothing due' : `${sent} sent, ${outcomes.length - sent} other`}`,
          );
        }
      });
  },
};
