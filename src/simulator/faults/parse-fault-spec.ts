/**
 * Parses the fault specification of the simulator. Faults are NOT documented behaviour of the real
 * Uptrends service: they exist so the ETL's retry, timeout, cursor and parsing paths get exercised.
 *
 * Grammar: comma-separated `key=value` pairs (whitespace around them ignored); `""`, `none` or `off`
 * mean no faults. Probabilities are fractions of requests in [0, 1]; the exclusive kinds (rate429,
 * error500, error503, reset, truncate, malformed, slow) together must not exceed 1. A regex value may
 * not contain a comma (write `\x2c`). Keys are listed in docs/simulator.md and FAULT_KEYS below.
 */
import { ConfigError } from '../../errors.ts';

/** A parsed fault specification. */
export interface FaultSpec {
  /** Fixed delay added to every response, ms. */
  latencyMs: number;
  /** Extra delay, uniform in [0, jitterMs), decided per request. */
  jitterMs: number;
  rate429: number;
  /** Retry-After seconds sent with a 429. (Default: 1) */
  retryAfterSec: number;
  error500: number;
  error503: number;
  /** Connection destroyed without a response. */
  reset: number;
  /** 200 with the JSON body cut in half (complete HTTP message, invalid JSON). */
  truncate: number;
  /** 200 with an HTML error page as the body. */
  malformed: number;
  /** Response delayed by slowMs (past a typical client timeout). */
  slow: number;
  /** (Default: 30000) */
  slowMs: number;
  /** A request carrying a Cursor answered 400 as if the cursor had expired. */
  expireCursor: number;
  /** A response whose Cursors.Next repeats the request's own cursor. */
  repeatCursor: number;
  /** Paths matching this regex always answer 500 (a permanent outage). */
  outage: RegExp | undefined;
  /** Only paths matching this regex get random faults. (Default: every API and Infra path) */
  scope: RegExp | undefined;
  /** After this many faulted attempts of one URL, its further attempts are not faulted. (Default: 3) */
  maxPerUrl: number;
  /** Overrides the dataset seed for fault decisions. */
  seed: number | undefined;
}

/** Every key the grammar accepts. */
export const FAULT_KEYS = [
  'latency',
  'jitter',
  'rate429',
  'retryAfter',
  'error500',
  'error503',
  'reset',
  'truncate',
  'malformed',
  'slow',
  'slowMs',
  'expireCursor',
  'repeatCursor',
  'outage',
  'scope',
  'maxPerUrl',
  'seed',
] as const;

/** The exclusive fault kinds (at most one per request), in the order their fractions are stacked. */
export const EXCLUSIVE_FAULTS = [
  'rate429',
  'error500',
  'error503',
  'reset',
  'truncate',
  'malformed',
  'slow',
] as const;
const EXCLUSIVE = EXCLUSIVE_FAULTS;

/** A spec with every fault off. */
export function noFaults(): FaultSpec {
  return {
    latencyMs: 0,
    jitterMs: 0,
    rate429: 0,
    retryAfterSec: 1,
    error500: 0,
    error503: 0,
    reset: 0,
    truncate: 0,
    malformed: 0,
    slow: 0,
    slowMs: 30_000,
    expireCursor: 0,
    repeatCursor: 0,
    outage: undefined,
    scope: undefined,
    maxPerUrl: 3,
    seed: undefined,
  };
}

function regex(key: string, value: string): RegExp {
  try {
    return new RegExp(value);
  } catch (cause) {
    throw new ConfigError(`fault spec: ${key} is not a valid regular expression`, {
      cause,
      context: { key },
    });
  }
}

/** Parses `text`; throws ConfigError naming the offending key. */
export function parseFaultSpec(text: string | undefined): FaultSpec {
  const spec = noFaults();
  const trimmed = (text ?? '').trim();
  if (trimmed === '' || trimmed === 'none' || trimmed === 'off') return spec;
  for (const part of trimmed.split(',')) {
    const eq = part.indexOf('=');
    const key = (eq < 0 ? part : part.slice(0, eq)).trim();
    const value = eq < 0 ? '' : part.slice(eq + 1).trim();
    if (!(FAULT_KEYS as readonly string[]).includes(key)) {
      throw new ConfigError(`fault spec: unknown key "${key}" (known: ${FAULT_KEYS.join(', ')})`, {
        context: { key },
      });
    }
    if (key === 'outage' || key === 'scope') {
      spec[key] = regex(key, value);
      continue;
    }
    const n = Number(value);
    if (value === '' || !Number.isFinite(n) || n < 0)
      throw new ConfigError(`fault spec: ${key} needs a non-negative number`, { context: { key } });
    if ((EXCLUSIVE as readonly string[]).includes(key) || key === 'expireCursor' || key === 'repeatCursor') {
      if (n > 1)
        throw new ConfigError(`fault spec: ${key} is a fraction and must be at most 1`, { context: { key } });
    }
    switch (key) {
      case 'latency':
        spec.latencyMs = n;
        break;
      case 'jitter':
        spec.jitterMs = n;
        break;
      case 'retryAfter':
        spec.retryAfterSec = n;
        break;
      case 'maxPerUrl':
        spec.maxPerUrl = Math.floor(n);
        break;
      case 'seed':
        spec.seed = Math.floor(n);
        break;
      default:
        // The remaining keys are the fraction fields, all numbers; the key was checked above.
        (spec as unknown as Record<string, number>)[key] = n;
    }
  }
  const total = EXCLUSIVE.reduce((acc, k) => acc + spec[k], 0);
  if (total > 1) throw new ConfigError('fault spec: the exclusive fault fractions add up to more than 1');
  return spec;
}
