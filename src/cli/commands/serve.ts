/**
 * `uptrends-etl serve`: the embedded PGlite warehouse over the Postgres wire protocol, so psql,
 * DBeaver or a BI tool can connect while no sync runs (issue 16). The protocol server is ours
 * (src/load/wire/, issue 32 findings 4 to 6); this command owns the rules around it:
 *
 * - Only the embedded warehouse: a Postgres warehouse is reached directly (exit 2 otherwise).
 * - 127.0.0.1 by default. Every client shares the engine's one session, one client at a time,
 *   and starts from a fresh one: what a client set or prepared is reset when it leaves and put
 *   aside while others take their turns (src/load/wire/session-turns.ts, issue 40).
 * - A read-only boundary: every statement a client sends passes the checks of `query` before it
 *   runs (src/load/query/statement-rules.ts), so no client can turn the session's read-only default
 *   off, write, COPY, or call a function that acts outside the transaction.
 * - Bounded: a malformed or oversized message closes its client's connection only; a statement
 *   past `--timeout` ends the engine (it runs in a worker thread) and a new one starts.
 * - The lock: serve holds the data directory like a sync does, so a sync meanwhile exits 6 (or
 *   queues with `--wait` until serve stops), and serve itself waits for a running sync with `--wait`.
 * - Ctrl+C or SIGTERM stops it within a second, whatever runs: connections closed, the engine
 *   ended, the directory released.
 */
import { Option } from 'commander';
import { ConfigError, DatabaseError } from '../../errors.ts';
import type { CommandModule } from '../command-module.ts';
import { integerOption } from '../options.ts';

const PORT = { min: 0, max: 65_535, default: 5433 };
const CONNECTIONS = { min: 1, max: 100, default: 8 };
const WAIT = { min: 0, max: 86_400, preset: 600 };
const TIMEOUT = { min: 1, max: 86_400, default: 60 };

interface ServeFlags {
  port: number;
  host: string;
  maxConnections: number;
  timeout: number;
  wait?: number;
}

/** What `serve` runs with. */
export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  readonly maxConnections: number;
  /** Longest a statement may run, and a client may hold the engine without a message. */
  readonly timeoutMs: number;
  readonly waitMs: number;
}

const OPTIONS_OF = {
  serve: (flags: ServeFlags): ServeOptions => ({
    port: flags.port,
    host: flags.host,
    maxConnections: flags.maxConnections,
    timeoutMs: flags.timeout * 1000,
    waitMs: (flags.wait ?? 0) * 1000,
  }),
};

export const serveCommand: CommandModule = {
  name: 'serve',
  optionsOf: OPTIONS_OF,
  register(program, ctx) {
    program
      .command('serve')
      .description('Serve the embedded warehouse over the Postgres protocol (psql, BI tools) until stopped.')
      .addOption(
        new Option('--port <n>', `TCP port, 0 for any free one, ${PORT.min} to ${PORT.max}`)
          .argParser(integerOption('--port', PORT.min, PORT.max))
          .default(PORT.default),
      )
      .option(
        '--host <address>',
        'address to listen on; anything but 127.0.0.1 opens it to the network',
        '127.0.0.1',
      )
      .addOption(
        new Option('--max-connections <n>', `clients at once, ${CONNECTIONS.min} to ${CONNECTIONS.max}`)
          .argParser(integerOption('--max-connections', CONNECTIONS.min, CONNECTIONS.max))
          .default(CONNECTIONS.default),
      )
      .addOption(
        new Option(
          '--timeout <seconds>',
          `longest a statement may run (then the engine restarts and every client reconnects), and longest a client may hold the engine idle, ${TIMEOUT.min} to ${TIMEOUT.max.toLocaleString('en-US')}`,
        )
          .argParser(integerOption('--timeout', TIMEOUT.min, TIMEOUT.max))
          .default(TIMEOUT.default),
      )
      .addOption(
        new Option(
          '--wait [seconds]',
          `wait up to this long for a running sync instead of exiting with code 6, ${WAIT.min} to ${WAIT.max.toLocaleString('en-US')}`,
        )
          .argParser(integerOption('--wait', WAIT.min, WAIT.max))
          .preset(WAIT.preset),
      )
      .addHelpText(
        'after',
        `
While it runs, serve holds the embedded warehouse: a sync exits 6 (or waits with --wait). Stop it
(Ctrl+C, SIGTERM) before the nightly job. Every statement is checked as query checks it: reading
statements, transactions, cursors and display settings run; writes, COPY, SET of the read-only
mode and functions acting outside the transaction are refused. Each client starts from a fresh
session: what another set, prepared or left open never reaches it. Every user of this machine can
reach a port on 127.0.0.1, so do not serve a warehouse others must not read.

Examples:
  $ uptrends-etl serve
  $ psql -h 127.0.0.1 -p 5433 -U postgres -c 'select * from uptrends.v_incident limit 5'
  $ uptrends-etl serve --port 6543 --wait 600`,
      )
      .action(async (flags: ServeFlags) => {
        const options = OPTIONS_OF.serve(flags);
        const config = ctx.config();
        if (config.databaseUrl !== undefined && config.databaseUrl !== '') {
          throw new ConfigError(
            'serve exposes the embedded PGlite warehouse; with DATABASE_URL set, connect to that Postgres server directly (psql, BI tools).',
            { context: { setting: 'DATABASE_URL' } },
          );
        }
        // Bound first: a port in use ends the command before the warehouse is opened (exit 2).
        const { WireListener } = await import('../../api/serve-job.ts');
        const listener = await WireListener.listen(options.host, options.port);
        ctx.onClose(() => listener.close());
        const warehouse = await ctx.warehouse({
          waitMs: options.waitMs,
          schema: 'warn',
          holder: { command: 'serve', address: `${options.host}:${listener.port}` },
          // It lives for hours: V8's optimizing compiler pays for itself (engine-tier.ts).
          engineTiering: 'v8',
        });
        if (warehouse.handOver === undefined) {
          throw new ConfigError('serve needs an embedded warehouse in a data directory (not memory://).', {
            context: { setting: '--data-dir' },
          });
        }
        const { migrate, refusedFunctions, startWireServer, SESSION_SETTINGS } =
          await import('../../api/serve-job.ts');
        await migrate(warehouse.db);
        const refused = await refusedFunctions(warehouse.db);
        const dataDir = await warehouse.handOver();
        const server = await startWireServer({
          dataDir,
          listener,
          maxConnections: options.maxConnections,
          statementTimeoutMs: options.timeoutMs,
          refusedFunctions: refused,
          sessionSql: `${SESSION_SETTINGS}; set default_transaction_read_only = on`,
          logger: ctx.logger(),
        });
        ctx.onClose(() => server.stop());
        ctx.result(
          'serve',
          { host: options.host, port: listener.port, location: warehouse.location, readOnly: true },
          [
            `serving ${warehouse.location} on ${options.host}:${listener.port} (read-only: statements are checked as query checks them); Ctrl+C to stop`,
            `  psql -h ${options.host} -p ${listener.port} -U postgres -d postgres`,
            `  postgres://postgres@${options.host}:${listener.port}/postgres`,
          ],
        );
        const stopped = new Promise<void>((resolve) => {
          if (ctx.signal.aborted) resolve();
          ctx.signal.addEventListener('abort', () => resolve(), { once: true });
        });
        await Promise.race([
          stopped,
          server.failed.catch((cause: unknown) => {
            throw new DatabaseError(
              `serve: the embedded warehouse engine could not be started again: ${(cause as Error).message}`,
              {
                cause,
                context: { backend: 'pglite', location: warehouse.location },
              },
            );
          }),
        ]);
      });
  },
};
