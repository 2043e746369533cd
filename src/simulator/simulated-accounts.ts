/**
 * Several accounts behind one simulator port (`simulate --accounts N`): each account has its own
 * credentials, seed, time zone and size, and a request is answered by the account whose
 * credentials it carries, as the real service does. Account 1 is exactly the single-account
 * simulator (same seed, size, zone and credentials), so `--accounts 1` changes nothing.
 *
 * Account k (1-based) for k > 1: seed + k - 1, a size cycling through 100 %, 50 % and 150 % of
 * `--monitors`, a time zone cycling through Amsterdam, New York, Tokyo, London, Sydney and Los
 * Angeles, and the credentials `sim-api-user-k` / `sim-api-password-k` (Infra: `sim-infra-...-k`).
 */
import type { IncomingMessage } from 'node:http';
import { ACCOUNT_TIMEZONE_ID } from './data/timezones.ts';
import { SIMULATOR_CREDENTIALS, type SimulatorCredentials } from './simulator-state.ts';

/** Most accounts one simulator serves. */
export const MAX_SIMULATED_ACCOUNTS = 200;

/** Time zones the accounts cycle through (Uptrends ids of data/timezones.ts). */
const ZONE_CYCLE = [ACCOUNT_TIMEZONE_ID, 58, 112, 78, 118, 62] as const;

/** Size factors the accounts cycle through. */
const SIZE_CYCLE = [1, 0.5, 1.5] as const;

/** What one simulated account is generated from. */
export interface SimulatedAccountPlan {
  /** 1-based number of the account. */
  readonly number: number;
  readonly seed: number;
  readonly monitors: number;
  readonly timezoneId: number;
  readonly credentials: SimulatorCredentials;
}

/** The plan of `count` accounts around the single-account options. */
export function planSimulatedAccounts(
  count: number,
  base: { seed: number; monitors: number; maxMonitors: number },
): SimulatedAccountPlan[] {
  return Array.from({ length: count }, (_, i) => {
    const number = i + 1;
    if (number === 1) {
      return {
        number,
        seed: base.seed,
        monitors: base.monitors,
        timezoneId: ACCOUNT_TIMEZONE_ID,
        credentials: SIMULATOR_CREDENTIALS,
      };
    }
    const size = SIZE_CYCLE[i % SIZE_CYCLE.length]!;
    return {
      number,
      // Wraps within the seed range instead of overflowing it.
      seed: (base.seed + i) % 2 ** 31,
      monitors: Math.min(base.maxMonitors, Math.max(1, Math.round(base.monitors * size))),
      timezoneId: ZONE_CYCLE[i % ZONE_CYCLE.length]!,
      credentials: {
        username: `${SIMULATOR_CREDENTIALS.username}-${number}`,
        password: `${SIMULATOR_CREDENTIALS.password}-${number}`,
        infraUsername: `${SIMULATOR_CREDENTIALS.infraUsername}-${number}`,
        infraPassword: `${SIMULATOR_CREDENTIALS.infraPassword}-${number}`,
      },
    };
  });
}

/** The user name of a Basic authorization header, or undefined. */
function basicUser(req: IncomingMessage): string | undefined {
  const m = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (m === null) return undefined;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(0, colon);
}

/**
 * The index (0-based) of the account a request is for: `/_sim/account/<k>/...` for the control
 * surface (rewriting the URL to `/_sim/...`), else by the user name of its credentials. A request
 * with no or unknown credentials goes to account 1, which then refuses it (401).
 */
export function accountIndexOf(
  req: IncomingMessage,
  plans: readonly { readonly credentials: SimulatorCredentials }[],
): number {
  const control = /^\/_sim\/accounts?\/(\d+)(\/.*)?$/i.exec(req.url ?? '');
  if (control !== null) {
    const index = Number(control[1]) - 1;
    if (index >= 0 && index < plans.length) {
      req.url = `/_sim${control[2] ?? ''}`;
      return index;
    }
    return 0;
  }
  const user = basicUser(req);
  if (user === undefined) return 0;
  const found = plans.findIndex(
    (p) => p.credentials.username === user || p.credentials.infraUsername === user,
  );
  return found < 0 ? 0 : found;
}
