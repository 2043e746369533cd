/**
 * Structured logging on stderr (stdout is kept for command output such as `status --json`).
 * JSON lines by default when stderr is not a terminal (cron, systemd, CI), human-readable on a TTY.
 * Secrets are redacted twice: by key (password, authorization, ...) and by value (every configured
 * secret is replaced in messages), because third-party error messages may echo a URL.
 */
import pino, { type Logger } from 'pino';
import { createRequire } from 'node:module';
import type pretty from 'pino-pretty';
import { maskSecrets } from './redaction.ts';

export type { Logger } from 'pino';

/** How log lines look. */
export type LogFormat = 'json' | 'pretty';

export interface LoggerOptions {
  format?: LogFormat | undefined;
  quiet?: boolean | undefined;
  /** Values to blank out wherever they appear. */
  secrets?: readonly string[] | undefined;
  /** Where to write. (Default: stderr) */
  destination?: NodeJS.WritableStream | undefined;
  /** Colours in pretty lines. (Default: when stderr is a terminal; the CLI honours NO_COLOR/FORCE_COLOR) */
  colorize?: boolean | undefined;
}

const REDACT_PATHS = [
  'password',
  '*.password',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'databaseUrl',
  '*.databaseUrl',
  'smtpUrl',
  '*.smtpUrl',
];

/**
 * pino-pretty, loaded only for pretty lines: a scheduled run logs JSON and need not pay for it.
 * Required synchronously (it is CommonJS), so creating a logger stays synchronous.
 */
function prettyStream(): typeof pretty {
  return createRequire(import.meta.url)('pino-pretty') as typeof pretty;
}

/** Default format: pretty on a terminal, JSON lines otherwise. */
export function defaultLogFormat(stream: { isTTY?: boolean } = process.stderr): LogFormat {
  return stream.isTTY === true ? 'pretty' : 'json';
}

/** Creates the process logger. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const secrets = options.secrets ?? [];
  const format = options.format ?? defaultLogFormat();
  const destination =
    options.destination ??
    (format === 'pretty'
      ? prettyStream()({
          destination: 2,
          sync: true,
          colorize: options.colorize ?? process.stderr.isTTY === true,
          ignore: 'pid,hostname',
          hideObject: true,
        })
      : pino.destination({ fd: 2, sync: true }));
  return pino(
    {
      level: options.quiet === true ? 'warn' : (process.env.LOG_LEVEL ?? 'info'),
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: '***' },
      formatters: { level: (label) => ({ level: label }) },
      hooks: {
        logMethod(args, method) {
          const scrubbed = args.map((arg: unknown) =>
            typeof arg === 'string' ? maskSecrets(arg, secrets) : arg,
          ) as Parameters<typeof method>;
          method.apply(this, scrubbed);
        },
      },
      serializers: {
        err: (error: Error) => {
          const serialized = pino.stdSerializers.err(error);
          serialized.message = maskSecrets(serialized.message, secrets);
          if (serialized.stack !== undefined) serialized.stack = maskSecrets(serialized.stack, secrets);
          return serialized;
        },
      },
    },
    destination,
  );
}

/** A logger that discards everything (tests, programmatic use). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
