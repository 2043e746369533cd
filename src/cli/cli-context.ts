/**
 * What every command receives: lazily resolved configuration, logger and warehouse, built from the
 * global options, and the one way results reach stdout. Commands stay thin: parse options, call
 * the programmatic API, print its result.
 *
 * Results are text on a terminal and JSON lines otherwise (or with `--json`), so a cron log that
 * takes stdout and stderr (`>> log 2>&1`) holds JSON lines only: results on stdout, logs on stderr.
 */
import type { Command } from 'commander';
import { loadConfig, readEnvironment, type Config } from '../config.ts';
import { limitHeapGrowth, setYoungGeneration } from './heap-growth.ts';
import type { AccountSetting } from '../config-file/resolve-accounts.ts';
import type { ConfigFile } from '../config-file/load-config-file.ts';
import type { Warehouse, WarehouseTarget } from '../api/warehouse-access.ts';
import type { LogFormat, Logger } from '../logger.ts';
import { colorEnabled } from './color.ts';

/** Global options shared by all commands. */
export interface GlobalOptions {
  config?: string;
  databaseUrl?: string;
  dataDir?: string;
  logFormat?: LogFormat;
  quiet?: boolean;
  /** true: JSON lines; false: text; undefined: JSON lines unless stdout is a terminal. */
  json?: boolean;
}

/** Lazily built shared services of one CLI invocation. */
export class CliContext {
  #config: Config | undefined;
  #env: Record<string, string | undefined> | undefined;
  #configFile: { file: ConfigFile | undefined } | undefined;
  #accounts: AccountSetting[] | undefined;
  #configFileModules:
    | [
        typeof import('../config-file/load-config-file.ts'),
        typeof import('../config-file/mail-section.ts'),
        typeof import('../config-file/resolve-accounts.ts'),
      ]
    | undefined;
  /** Aborted on SIGINT/SIGTERM (set by src/bin.ts); commands pass it down. */
  signal: AbortSignal = new AbortController().signal;
  #logger: Logger | undefined;
  #loggerModule: typeof import('../logger.ts') | undefined;
  readonly #closers: (() => Promise<void>)[] = [];

  constructor(
    readonly program: Command,
    env?: Record<string, string | undefined>,
    readonly stdout: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
  ) {
    this.#env = env;
  }

  /** The environment (process environment plus `.env`), read once. */
  get env(): Record<string, string | undefined> {
    this.#env ??= readEnvironment();
    return this.#env;
  }

  /** The global options as parsed. */
  get globals(): GlobalOptions {
    return this.program.opts<GlobalOptions>();
  }

  /** True when results are printed as JSON lines. */
  get json(): boolean {
    return this.globals.json ?? this.stdout.isTTY !== true;
  }

  /**
   * Imports what configFile(), config() and logger() need (YAML, zod, pino): run before every
   * action (a preAction hook), so `--help` and `--version` load none of it. Sets the heap growth
   * of the environment and the young generation's of the command `commandPath` first
   * (heap-growth.ts).
   */
  async prepare(commandPath = ''): Promise<void> {
    limitHeapGrowth(this.env);
    setYoungGeneration(commandPath);
    this.#loggerModule ??= await import('../logger.ts');
    this.#configFileModules ??= await Promise.all([
      import('../config-file/load-config-file.ts'),
      import('../config-file/mail-section.ts'),
      import('../config-file/resolve-accounts.ts'),
    ]);
  }

  /**
   * The configuration file (`--config`, $UPTRENDS_ETL_CONFIG or ./uptrends-etl.yaml), or undefined
   * when there is none; throws ConfigError naming file, line and field when it is bad.
   */
  configFile(): ConfigFile | undefined {
    if (this.#configFileModules === undefined) throw new Error('CliContext.prepare() was not awaited');
    const [{ loadConfigFile }] = this.#configFileModules;
    this.#configFile ??= { file: loadConfigFile({ flag: this.globals.config, env: this.env }) };
    return this.#configFile.file;
  }

  /** Validated configuration: environment and flags over the file (throws ConfigError on bad settings). */
  config(): Config {
    if (this.#configFileModules === undefined) throw new Error('CliContext.prepare() was not awaited');
    const [, { environmentWithMailSection }] = this.#configFileModules;
    this.#config ??= loadConfig(environmentWithMailSection(this.env, this.configFile()?.contents.mail), {
      databaseUrl: this.globals.databaseUrl,
      dataDir: this.globals.dataDir,
    });
    return this.#config;
  }

  /**
   * The accounts of this invocation: the `accounts:` section of the configuration file, each with
   * its credentials, or the one account of the environment (named `default`).
   */
  accounts(): AccountSetting[] {
    if (this.#configFileModules === undefined) throw new Error('CliContext.prepare() was not awaited');
    const [, { environmentWithMailSection }, { resolveAccounts }] = this.#configFileModules;
    this.#accounts ??= resolveAccounts(
      environmentWithMailSection(this.env, this.configFile()?.contents.mail),
      this.configFile(),
      { databaseUrl: this.globals.databaseUrl, dataDir: this.globals.dataDir },
    );
    return this.#accounts;
  }

  /** The process logger, with every configured secret redacted. */
  logger(): Logger {
    if (this.#logger === undefined) {
      if (this.#loggerModule === undefined) throw new Error('CliContext.prepare() was not awaited');
      let secrets: readonly string[] = [];
      try {
        secrets = this.config().secrets;
        // Every account's passwords too, when the file names them.
        if (this.configFile()?.contents.accounts !== undefined)
          secrets = [...new Set([...secrets, ...this.accounts().flatMap((a) => a.config.secrets)])];
      } catch {
        // A bad configuration is reported by the command; the logger still works.
      }
      this.#logger = this.#loggerModule.createLogger({
        format: this.globals.logFormat,
        quiet: this.globals.quiet,
        secrets,
        colorize: colorEnabled(process.stderr),
      });
    }
    return this.#logger;
  }

  /**
   * Opens the configured warehouse; closed automatically at the end of the command. An embedded
   * data directory that holds no warehouse is refused (exit 2) unless `create` (only the commands
   * that build one: migrate; sync, nightly and demo open theirs through the pipeline). `schema`
   * checks the schema against this version: commands that read figures refuse one that is behind
   * (`current`), query and serve only warn (`warn`).
   */
  async warehouse(
    options: {
      waitMs?: number;
      create?: boolean;
      schema?: 'current' | 'warn';
      holder?: WarehouseTarget['holder'];
      engineThread?: boolean;
      engineTiering?: WarehouseTarget['engineTiering'];
    } = {},
  ): Promise<Warehouse> {
    const config = this.config();
    const { openWarehouse } = await import('../api/warehouse-access.ts');
    const warehouse = await openWarehouse({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      waitMs: options.waitMs,
      create: options.create ?? false,
      schema: options.schema,
      holder: options.holder,
      engineThread: options.engineThread,
      engineTiering: options.engineTiering,
    });
    this.#closers.push(() => warehouse.close());
    for (const notice of warehouse.notices) this.logger().warn(notice);
    return warehouse;
  }

  /** Registers a resource to release when the command ends. */
  onClose(closer: () => Promise<void>): void {
    this.#closers.push(closer);
  }

  /**
   * Prints one result: `text` (one or more lines) on a terminal, else one JSON line
   * `{"time": <epoch ms>, "result": kind, ...data}` (the time as in the log lines).
   */
  result(kind: string, data: Record<string, unknown>, text: string | readonly string[]): void {
    if (this.json) {
      this.stdout.write(`${JSON.stringify({ time: Date.now(), result: kind, ...data })}\n`);
      return;
    }
    for (const line of typeof text === 'string' ? [text] : text) this.stdout.write(`${line}\n`);
  }

  /** Writes one line of text output to stdout, whatever the format (for `--format`-style output). */
  print(line = ''): void {
    this.stdout.write(`${line}\n`);
  }

  /** Releases everything opened during the command (in reverse order). */
  async close(): Promise<void> {
    for (const closer of this.#closers.splice(0).reverse()) await closer().catch(() => undefined);
  }
}
