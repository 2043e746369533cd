/**
 * The command registry: name, one-line summary (the top-level help and each command's description)
 * and how to load the command's module. Modules are imported only when their command runs (or its
 * help is asked for), so `uptrends-etl --help` and `--version` load no command at all, and a
 * command loads only its own libraries. Adding a command means adding one file and one entry here.
 */
import type { CommandModule } from '../command-module.ts';

/** One command of the CLI, before its module is loaded. */
export interface CommandEntry {
  readonly name: string;
  readonly summary: string;
  load(): Promise<CommandModule>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'demo',
    summary:
      'Try everything with no account: simulator -> backfill into the warehouse -> SLA and incident workbooks and CSVs.',
    load: async () => (await import('./demo.ts')).demoCommand,
  },
  {
    name: 'migrate',
    summary: 'Create or upgrade the warehouse schema "uptrends" (safe to run again: a no-op when current).',
    load: async () => (await import('./migrate.ts')).migrateCommand,
  },
  {
    name: 'check',
    summary: 'Check that the warehouse is reachable and migrated and that the API credentials work.',
    load: async () => (await import('./check.ts')).checkCommand,
  },
  {
    name: 'sync',
    summary:
      'Extract the Uptrends API into the warehouse: incremental by default, or a backfill with --from/--to or --preset.',
    load: async () => (await import('./sync.ts')).syncCommand,
  },
  {
    name: 'nightly',
    summary:
      'The scheduled job: sync, then on report days write the SLA and incident reports and e-mail them.',
    load: async () => (await import('./nightly.ts')).nightlyCommand,
  },
  {
    name: 'worker',
    summary:
      'Run the sync jobs nightly --queue puts in the queue on the Postgres warehouse, until stopped; start several, on any machine.',
    load: async () => (await import('./worker.ts')).workerCommand,
  },
  {
    name: 'report',
    summary:
      'Write the SLA and incident workbooks and CSVs, or the SLA early warning (at-risk), from the warehouse, and e-mail them.',
    load: async () => (await import('./report.ts')).reportCommand,
  },
  {
    name: 'status',
    summary: 'Show recent runs (and why a run failed), watermarks (data freshness) and row counts.',
    load: async () => (await import('./status.ts')).statusCommand,
  },
  {
    name: 'query',
    summary: 'Run a read-only SQL query on the warehouse and print the rows.',
    load: async () => (await import('./query.ts')).queryCommand,
  },
  {
    name: 'serve',
    summary: 'Serve the embedded warehouse over the Postgres protocol (psql, BI tools) until stopped.',
    load: async () => (await import('./serve.ts')).serveCommand,
  },
  {
    name: 'simulate',
    summary:
      'Run the simulator of the Uptrends API v4 and Infra API v1 (seeded, deterministic) until interrupted.',
    load: async () => (await import('./simulate.ts')).simulateCommand,
  },
];
