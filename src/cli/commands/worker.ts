/** `uptrends-etl worker`: runs sync jobs of the queue (nightly --queue) until stopped. */
import { integerArgOption } from '../options.ts';
import type { CommandModule } from '../command-module.ts';
import { WORKER_DEFAULTS, WORKER_RANGES, type WorkerRunOptions } from '../../api/worker-job.ts';

interface WorkerFlags {
  concurrency: number;
  staleAfter: number;
}

function workerOptionsFrom(flags: WorkerFlags): WorkerRunOptions {
  return { concurrency: flags.concurrency, staleAfterSeconds: flags.staleAfter };
}

export const workerCommand: CommandModule = {
  name: 'worker',
  optionsOf: { worker: workerOptionsFrom },
  register(program, ctx) {
    const r = WORKER_RANGES;
    const d = WORKER_DEFAULTS;
    program
      .command('worker')
      .addOption(integerArgOption('--concurrency <n>', 'jobs run at once', r.concurrency, d.concurrency))
      .addOption(
        integerArgOption(
          '--stale-after <seconds>',
          'silence after which other workers count this one as dead and run its jobs again',
          r.staleAfterSeconds,
          d.staleAfterSeconds,
        ),
      )
      .addHelpText(
        'after',
        `
Takes the jobs \`nightly --queue\` puts in the queue on the Postgres warehouse (DATABASE_URL), one per
account and stream, and runs them until SIGTERM or Ctrl+C; start as many as you like, on any machine
with the same configuration file and the accounts' credentials. An account's jobs run one at a time,
different accounts at once. A job whose error may pass (API or database trouble, a busy lock) is tried
again with backoff, up to 4 attempts; SIGTERM stops the running jobs at their next request and hands
them back to the queue. A worker that is killed outright stops beating: within --stale-after seconds
(plus up to 5 s) another worker or the waiting nightly hands its jobs to the other workers.

The embedded PGlite warehouse belongs to one process: there, nightly runs every account itself and
worker refuses (exit code 2). See docs/scaling.md.

Examples:
  $ uptrends-etl worker                      one job at a time
  $ uptrends-etl worker --concurrency 4      four accounts at once`,
      )
      .action(async (flags: WorkerFlags) => {
        const options = workerOptionsFrom(flags);
        const { runWorker } = await import('../../api/worker-job.ts');
        const { databaseUrl } = ctx.config();
        // Refused on PGlite before the accounts are read: that is the message that helps.
        const accounts = databaseUrl === undefined ? [] : ctx.accounts();
        const summary = await runWorker(databaseUrl, accounts, options, {
          logger: ctx.logger(),
          signal: ctx.signal,
        });
        ctx.result(
          'worker',
          { ...summary },
          `worker ${summary.workerId} stopped: ${summary.completed} job(s) done, ${summary.failed} failed or handed back`,
        );
      });
  },
};
