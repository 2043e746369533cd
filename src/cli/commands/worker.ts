/** `uptrends-etl worker`: runs sync jobs of the queue (nightly --queue) until stopped. */
import { integerArgOption } from '../options.ts';
import type { CommandModule } from '../command-module.ts';
import type { CliContext } from '../cli-context.ts';
import { accountExitCode, withJobTelemetry } from '../job-telemetry.ts';
import { WORKER_DEFAULTS, WORKER_RANGES, type WorkerRunOptions } from '../../api/worker-job.ts';

interface WorkerFlags {
  concurrency: number;
  staleAfter: number;
  metricsPort?: number;
  metricsHost: string;
}

/** Range of `--metrics-port` (0: a free port, said in the log). */
const METRICS_PORT = { min: 0, max: 65_535 };

function workerOptionsFrom(flags: WorkerFlags): WorkerRunOptions {
  return { concurrency: flags.concurrency, staleAfterSeconds: flags.staleAfter };
}

export const workerCommand: CommandModule = {
  name: 'worker',
  optionsOf: {
    worker: (flags: WorkerFlags) => ({
      ...workerOptionsFrom(flags),
      metricsPort: flags.metricsPort,
      metricsHost: flags.metricsHost,
    }),
  },
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
      .addOption(
        integerArgOption(
          '--metrics-port <n>',
          'serve Prometheus metrics on http://<metrics-host>:<n>/metrics (docs/operations.md)',
          METRICS_PORT,
        ),
      )
      .option('--metrics-host <address>', 'address the metrics endpoint listens on', '127.0.0.1')
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
  $ uptrends-etl worker --concurrency 4      four accounts at once
  $ uptrends-etl worker --metrics-port 9465  metrics on http://127.0.0.1:9465/metrics

With UPTRENDS_ETL_PING_URL (or an account's ping_url_env) the worker pings /start when it starts,
then success or /fail after each job that ended (a job tried again is pinged by its next attempt).`,
      )
      .action(async (flags: WorkerFlags) => {
        const options = workerOptionsFrom(flags);
        const { runWorker } = await import('../../api/worker-job.ts');
        const { databaseUrl } = ctx.config();
        const logger = ctx.logger();
        // Refused on PGlite before the accounts or the telemetry settings are read (either may fail
        // on missing credentials): the refusal is the message that helps.
        if (databaseUrl === undefined)
          await runWorker(databaseUrl, [], options, { logger, signal: ctx.signal });
        const accounts = ctx.accounts();
        const summary = await withJobTelemetry(
          ctx,
          'worker',
          { always: flags.metricsPort !== undefined },
          async (telemetry) => {
            let metrics: import('../../api/telemetry/worker-metrics.ts').WorkerMetrics | undefined;
            if (telemetry !== undefined && databaseUrl !== undefined) {
              const [{ WorkerMetrics }, { queuedJobCount }] = await Promise.all([
                import('../../api/telemetry/worker-metrics.ts'),
                import('../../api/worker-job.ts'),
              ]);
              let queue: ReturnType<CliContext['warehouse']> | undefined;
              metrics = new WorkerMetrics(
                telemetry,
                async () => queuedJobCount((await (queue ??= ctx.warehouse())).db),
                logger,
              );
            }
            if (metrics !== undefined && flags.metricsPort !== undefined) {
              const { serveMetrics } = await import('../../api/telemetry/metrics-outputs.ts');
              const served = metrics;
              const server = await serveMetrics(
                () => served.registry(),
                { port: flags.metricsPort, host: flags.metricsHost },
                logger,
              );
              ctx.onClose(() => server.close());
            }
            const pending: Promise<unknown>[] = [];
            try {
              return await runWorker(databaseUrl, accounts, options, {
                logger,
                signal: ctx.signal,
                onRun: telemetry?.onRun,
                onJob: (job) => {
                  pending.push(metrics?.jobEnded(job.status) ?? Promise.resolve());
                  if (telemetry !== undefined && job.status !== 'retried')
                    pending.push(
                      telemetry.workerJobEnded(
                        job.account,
                        job.stream,
                        accountExitCode(job.error),
                        job.error,
                      ),
                    );
                },
              });
            } finally {
              await Promise.all(pending);
            }
          },
        );
        ctx.result(
          'worker',
          { ...summary },
          `worker ${summary.workerId} stopped: ${summary.completed} job(s) done, ${summary.failed} failed or handed back`,
        );
      });
  },
};
