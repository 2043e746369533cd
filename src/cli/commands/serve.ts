/**
 * `uptrends-etl serve`: the embedded PGlite warehouse over the Postgres wire protocol, so psql,
 * DBeaver or a BI tool can connect while no sync runs (issue 16). PGlite's own socket server
 * (@electric-sql/pglite-socket) speaks the protocol; this command owns the rules around it:
 *
 * - Only the embedded warehouse: a Postgres warehouse is reached directly (exit 2 otherwise).
 * - 127.0.0.1 by default. Every client shares PGlite's one session.
 * - Read-only: the shared session starts with `default_transaction_read_only = on`. A client can
 *   turn that off again (it is one session), so it guards against mistakes, not against the users
 *   of this machine, who can all reach a TCP port on 127.0.0.1: docs say so.
 * - The lock: serve holds the data directory like a sync does, so a sync meanwhile exits 6 (or
 *   queues with `--wait` until serve stops), and serve itself waits for a running sync with `--wait`.
 * - Ctrl+C or SIGTERM stops it cleanly: connections closed, the directory released.
 */
import { Option } from 'commander';
import { ConfigError } from '../../errors.ts';
import type { CommandModule } from '../command-module.ts';
import { integerOption } from '../options.ts';

const PORT = { min: 0, max: 65_535, default: 5433 };
const CONNECTIONS = { min: 1, max: 100, default: 8 };
const WAIT = { min: 0, max: 86_400, preset: 600 };

interface ServeFlags {
  port: number;
  host: string;
  maxConnections: number;
  wait?: number;
}

/** What `serve` runs with. */
export interface ServeOptions {
  readonly port: number;
  readonly host: string;
  readonly maxConnections: number;
  readonly waitMs: number;
}

const OPTIONS_OF = {
  serve: (flags: ServeFlags): ServeOptions => ({
    port: flags.port,
    host: flags.host,
    maxConnections: flags.maxConnections,
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
(Ctrl+C, SIGTERM) before the nightly job. Sessions are read-only by default; every user of this
machine can reach a port on 127.0.0.1, so do not serve a warehouse others must not read.

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
        const warehouse = await ctx.warehouse({ waitMs: options.waitMs });
        const [{ migrate }, { PGLiteSocketServer }] = await Promise.all([
          import('../../load/migrate.ts'),
          import('@electric-sql/pglite-socket'),
        ]);
        await migrate(warehouse.db);
        const engine = warehouse.embedded!;
        await engine.exec('set default_transaction_read_only = on');
        const server = new PGLiteSocketServer({
          db: engine,
          port: options.port,
          host: options.host,
          maxConnections: options.maxConnections,
        });
        await server.start();
        ctx.onClose(() => server.stop());
        // The port it really listens on (`--port 0` picks a free one).
        const port = Number(server.getServerConn().split(':').pop());
        ctx.result('serve', { host: options.host, port, location: warehouse.location, readOnly: true }, [
          `serving ${warehouse.location} on ${options.host}:${port} (read-only sessions); Ctrl+C to stop`,
          `  psql -h ${options.host} -p ${port} -U postgres -d postgres`,
          `  postgres://postgres@${options.host}:${port}/postgres`,
        ]);
        await new Promise<void>((resolve) => {
          if (ctx.signal.aborted) resolve();
          ctx.signal.addEventListener('abort', () => resolve(), { once: true });
        });
      });
  },
};
