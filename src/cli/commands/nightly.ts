/** `uptrends-etl nightly`: the scheduled job: sync everything, then the reports on report days. */
import type { Command } from 'commander';
import { parseReportSchedule } from '../../pipeline/report-schedule.ts';
import { runNightly } from '../../pipeline/run-nightly.ts';
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
  monitorGroupReport?: string[];
}

export const nightlyCommand: CommandModule = {
  name: 'nightly',
  register(program, ctx) {
    const command: Command = program
      .command('nightly')
      .description(
        'The scheduled job: sync every stream, then on report days write the SLA and incident reports and e-mail them.',
      );
    addSyncOptions(command)
      .option(
        '--report-on <days>',
        'when to report: days of the month (1,15), weekdays (mon), daily or never (Default: 1)',
        '1',
      )
      .option(
        '--report-period <preset>',
        'PresetPeriod the reports cover (Default: PreviousMonth)',
        'PreviousMonth',
      )
      .option('--out <dir>', 'folder for the report files (Default: ./reports)', './reports')
      .option('--format <list>', 'xlsx, csv or both (Default: xlsx,csv)', listOption)
      .option('--no-mail', 'write the reports but do not e-mail them (Default: mail when SMTP_URL is set)')
      .addHelpText(
        'after',
        `
Exit code: that of the sync when it fails (no report is sent then: the figures would be stale), else
that of the reports and the mail. See the README for cron and systemd timer lines.

Examples:
  $ uptrends-etl nightly                               sync; on the 1st, last month's reports by e-mail
  $ uptrends-etl nightly --report-on mon --report-period PreviousWeek
  $ uptrends-etl nightly --report-on never --wait 600   sync only, queueing behind a running job`,
      )
      .action(async (flags: NightlyFlags & Parameters<typeof syncOptionsFrom>[0]) => {
        const config = ctx.config();
        const logger = ctx.logger();
        const mail = flags.mail && config.smtpUrl !== undefined;
        if (flags.mail && !mail)
          logger.info('nightly: SMTP_URL is not set, reports are written but not e-mailed');
        const result = await runNightly(
          config,
          {
            sync: syncOptionsFrom({ ...flags, streams: undefined }),
            schedule: parseReportSchedule(flags.reportOn),
            reports: {
              period: { preset: flags.reportPeriod },
              outDir: flags.out,
              formats: flags.format as never,
              mail,
            },
          },
          {
            logger,
            signal: ctx.signal,
            progress: createProgress(logger),
            onWritten: (paths) => paths.forEach((p) => ctx.print(p)),
          },
        );
        ctx.print(`run ${result.sync.runId} ${result.sync.status}: ${result.sync.requests} requests`);
        if (result.reports === null) ctx.print(`reports: skipped (${result.skipped ?? 'not a report day'})`);
        else if (result.reports.mail !== null)
          ctx.print(`reports: mailed to ${result.reports.mail.accepted.join(', ')}`);
      });
  },
};
