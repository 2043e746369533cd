/**
 * The `accounts:` section: every Uptrends account this warehouse holds, each with its own
 * credentials. The file names the environment variables that hold them, never the values.
 *
 * ```yaml
 * accounts:
 *   - name: acme                          # letters, digits, . _ -; unique; used by --account and subscriptions
 *     username_env: ACME_UPTRENDS_USERNAME
 *     password_env: ACME_UPTRENDS_PASSWORD
 *     infra_username_env: ACME_INFRA_USERNAME   # optional, with infra_password_env
 *     infra_password_env: ACME_INFRA_PASSWORD
 *     time_zone: Europe/Amsterdam         # (Default: $UPTRENDS_TIMEZONE, else the account's setting)
 *     concurrency: 8                      # requests at once per API (Default: --concurrency)
 *     streams: [monitors, alerts]         # (Default: --streams, else every stream)
 *     ping_url_env: ACME_PING_URL         # this account's dead-man's-switch check (docs/operations.md)
 * ```
 *
 * Without the section the environment variables define one account named `default`, exactly as
 * before the section existed. `resolveAccounts` (resolve-accounts.ts) turns each entry into a full
 * Config.
 */
import { z } from 'zod';
import { isValidZone } from '../time/zone-clock.ts';
import { envVarName } from './env-reference.ts';

/** Name of the one account a set-up without an `accounts:` section has. */
export const DEFAULT_ACCOUNT = 'default';

/** What an account name may be (it appears in file names, job keys and messages). */
export const ACCOUNT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const name = z.string().regex(ACCOUNT_NAME, {
  error: 'an account name is 1 to 64 letters, digits, ".", "_" or "-", starting with a letter or digit',
});

const zone = z
  .string()
  .trim()
  .refine((z) => isValidZone(z), { error: 'expected an IANA time zone name such as Europe/Amsterdam' });

const streamName = z.string().regex(/^[a-z_]+$/, { error: 'expected a stream name such as alerts' });

/** One account as written in the file. */
const account = z
  .strictObject({
    name,
    username_env: envVarName(),
    password_env: envVarName(),
    infra_username_env: envVarName().optional(),
    infra_password_env: envVarName().optional(),
    time_zone: zone.optional(),
    concurrency: z.int().min(1).max(64, { error: 'concurrency is 1 to 64' }).optional(),
    streams: z.array(streamName).min(1).optional(),
    ping_url_env: envVarName().optional(),
  })
  .superRefine((a, ctx) => {
    if ((a.infra_username_env === undefined) !== (a.infra_password_env === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'infra_username_env and infra_password_env go together',
        path: [a.infra_username_env === undefined ? 'infra_username_env' : 'infra_password_env'],
      });
    }
  });

/** `accounts:` a list of accounts with unique names. */
export const accountsSection = z
  .array(account)
  .min(1, { error: 'list at least one account, or leave the section out' })
  .superRefine((list, ctx) => {
    const seen = new Map<string, number>();
    list.forEach((a, index) => {
      const key = a.name.toLowerCase();
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `the name "${a.name}" is used twice (also accounts[${first}])`,
          path: [index, 'name'],
        });
      } else seen.set(key, index);
    });
  });
