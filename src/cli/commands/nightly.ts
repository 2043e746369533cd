/** `uptrends-etl nightly`: the scheduled job: sync, then the reports on report days. */
import type { Command } from 'commander';
import { DEFAULT_REPORT_ON, parseReportSchedule } from '../../pipeline/report-schedule.ts';
import type { NightlyOptions } from '../../pipeline/run-nightly.ts';
import type { ReportFormat } from '../../reports/render/report-files.ts';
import { DEFAULT_REPORT_DIR } from '../../reports/report-defaults.ts';
import { checkReportPeriodOptions, DEFAULT_REPORT_PRESET } from '../../time/period-options.ts';
import type { CommandModule } from '../command-module.ts';
import { formatOptionOf, printWritten } from './report.ts';
import { addSyncOptions, printSyncSummary, streamListHelp, syncOptionsFrom, type SyncFlags } from './sync.ts';

interface NightlyFlags extends SyncFlags {
  reportOn: string;
  reportPeriod: string;
  out: string;
  format: ReportFormat[];
  mail: boolean;
}

/**
 * The nightly options from the flags; every setting is checked here, before the sync, so a typo in
 * a report option never costs a whole sync first. `reports.mail` is the request (`--no-mail` turns
 * it off); the action sends only when SMTP_URL is set.
 */
export function nightlyOptionsFrom(flags: NightlyFlags): NightlyOptions {
  const period = { preset: flags.reportPeriod };
  checkReportPeriodOptions(period);
  return {
    sync: syncOptionsFrom(flags),
    schedule: parseReportSchedule(flags.reportOn),
    reports: { period, outDir: flags.out, formats: flags.format, mail: flags.mail },
  };
}

export const nightlyCommand: CommandModule = {
  name: 'nightly',
  optionsOf: { nightly: nightlyOptionsFrom },
  register(program, ctx) {
    const command: Command = program.command('nightly');
    addSyncOptions(command)
      .option(
        '--report-on <days>',
        'when to report: days of the month (1,15), weekdays (mon), daily or never',
        DEFAULT_REPORT_ON,
      )
      .option('--report-period <preset>', 'PresetPeriod the reports cover', DEFAULT_REPORT_PRESET)
      .option('--out <dir>', 'folder for the report files', DEFAULT_REPORT_DIR)
      .addOption(formatOptionOf())
      .option(
        '--no-mail',
        'write the reports but do not e-mail them (default: mail them when SMTP_URL is set)',
      )
      .addHelpText(
        'after',
        () => `${streamListHelp()}

With --streams, only those streams are synced; the reports still read the whole warehouse.
Exit code: that of the sync when it fails (no report is sent then: the figures would be stale), else
that of the reports and the mail. See the README for the cron line, the systemd timer and the container.

Examples:
  $ uptrends-etl nightly                               sync; on the 1st, last month's reports by e-mail
  $ uptrends-etl nightly --report-on mon --report-period PreviousWeek
  $ uptrends-etl nightly --report-on never --wait 600   sync only, queueing behind a running job
  $ uptrends-etl nightly --streams slas --report-on never   refresh the SLA definitions only`,
      )
      .action(async (flags: NightlyFlags) => {
        const options = nightlyOptionsFrom(flags);
        const config = ctx.config();
        const [{ runNightly }, { createProgress }] = await Promise.all([
          import('../../pipeline/run-nightly.ts'),
          import('../progress.ts'),
        ]);
        const logger = ctx.logger();
        const mail = options.reports.mail === true && config.smtpUrl !== undefined;
        if (options.reports.mail === true && !mail)
          logger.info('nightly: SMTP_URL is not set, reports are written but not e-mailed');
        const result = await runNightly(
          config,
          { ...options, reports: { ...options.reports, mail } },
          {
            logger,
            signal: ctx.signal,
            progress: createProgress(logger),
            onWritten: (paths) => printWritten(ctx, paths),
          },
        );
        printSyncSummary(ctx, 'sync', result.sync);
        const reports =
          result.reports === null
            ? null
            : {
                period: result.reports.period.label,
                zone: result.reports.period.zone,
                files: result.reports.paths,
                mailedTo: result.reports.mail?.accepted ?? null,
              };
        ctx.result(
          'nightly',
          { runId: result.sync.runId, status: result.sync.status, reports, skipped: result.skipped ?? null },
          result.reports === null
            ? `reports: skipped (${result.skipped ?? 'not a report day'})`
            : result.reports.mail === null
              ? `reports: ${result.reports.paths.length} files for ${result.reports.period.label}, not e-mailed`
              : `reports: mailed to ${result.reports.mail.accepted.join(', ')}`,
        );
      });
  },
};
