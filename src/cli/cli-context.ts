/**
 * What every command receives: lazily resolved configuration, logger and warehouse, built from the
 * global options. Commands stay thin: parse options, call the programmatic API, print its result.
 */
import type { Command } from 'commander';
import { loadConfig, readEnvironment, type Config } from '../config.ts';
import { loadConfigFile, type ConfigFile } from '../config-file/load-config-file.ts';
import { environmentWithMailSection } from '../config-file/mail-section.ts';
import { openWarehouse, type Warehouse } from '../load/db.ts';
import { createLogger, type LogFormat, type Logger } from '../logger.ts';

/** Global options shared by all commands. */
export interface GlobalOptions {
  config?: string;
  databaseUrl?: string;
  dataDir?: string;
  logFormat?: LogFormat;
  quiet?: boolean;
}

/** Lazily built shared services of one CLI invocation. */
export class CliContext {
  #config: Config | undefined;
  #configFile: { file: ConfigFile | undefined } | undefined;
  /** Aborted on SIGINT/SIGTERM (set by src/bin.ts); commands pass it down. */
  signal: AbortSignal = new AbortController().signal;
  #logger: Logger | undefined;
  readonly #closers: (() => Promise<void>)[] = [];

  constructor(
    readonly program: Command,
    readonly env: Record<string, string | undefined> = readEnvironment(),
    readonly stdout: NodeJS.WritableStream = process.stdout,
  ) {}

  /** The global options as parsed. */
  get globals(): GlobalOptions {
    return this.program.opts<GlobalOptions>();
  }

  /**
   * The configuration file (`--config`, $UPTRENDS_ETL_CONFIG or ./uptrends-etl.yaml), or undefined
   * when there is none; throws ConfigError naming file, line and field when it is bad.
   */
  configFile(): ConfigFile | undefined {
    this.#configFile ??= { file: loadConfigFile({ flag: this.globals.config, env: this.env }) };
    return this.#configFile.file;
  }

  /** Validated configuration: environment and flags over the file (throws ConfigError on bad settings). */
  config(): Config {
    this.#config ??= loadConfig(environmentWithMailSection(this.env, this.configFile()?.contents.mail), {
      databaseUrl: this.globals.databaseUrl,
      dataDir: this.globals.dataDir,
    });
    return this.#config;
  }

  /** The process logger, with every configured secret redacted. */
  logger(): Logger {
    if (this.#logger === undefined) {
      let secrets: readonly string[] = [];
      try {
        secrets = this.config().secrets;
      } catch {
        // A bad configuration is reported by the command; the logger still works.
      }
      this.#logger = createLogger({ format: this.globals.logFormat, quiet: this.globals.quiet, secrets });
    }
    return this.#logger;
  }

  /** Opens the configured warehouse; closed automatically at the end of the command. */
  async warehouse(): Promise<Warehouse> {
    const config = this.config();
    const warehouse = await openWarehouse({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    this.#closers.push(() => warehouse.close());
    return warehouse;
  }

  /** Registers a resource to release when the command ends. */
  onClose(closer: () => Promise<void>): void {
    this.#closers.push(closer);
  }

  /** Writes one line of command output to stdout. */
  print(line = ''): void {
    this.stdout.write(`${line}\n`);
  }

  /** Releases everything opened during the command (in reverse order). */
  async close(): Promise<void> {
    for (const closer of this.#closers.splice(0).reverse()) await closer().catch(() => undefined);
  }
}
