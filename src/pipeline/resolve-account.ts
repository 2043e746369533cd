/**
 * Identifies the account and its time zone once per run, before any other stream: the AccountId
 * (GET /Account) keys every row, and the zone turns the API's local timestamps into instants.
 * `UPTRENDS_TIMEZONE` overrides the zone; otherwise GET /Account/Settings gives the Uptrends
 * TimezoneId, GET /Timezone/{id} its offset and DST rule, and mapUptrendsTimezone the IANA zone
 * (a warning when that is a guess). See docs/time.md.
 */
import type { Logger } from 'pino';
import { ResponseFormatError } from '../errors.ts';
import {
  type Account,
  accountSchema,
  type AccountSettings,
  accountSettingsSchema,
  timezoneSchema,
  type UptrendsTimezone,
} from '../extract/schemas/account.ts';
import { mapUptrendsTimezone } from '../transform/map-uptrends-timezone.ts';
import type { ZoneResolution } from '../transform/rows/account-row.ts';
import { describeIssues } from '../extract/record-validator.ts';
import type { z } from 'zod';
import { type ApiGetter } from '../extract/http/api-client.ts';

/** The resolved account of a run. */
export interface ResolvedAccount {
  accountId: string;
  account: Account;
  settings: AccountSettings | null;
  timezone: UptrendsTimezone | null;
  resolution: ZoneResolution;
}

async function getParsed<S extends z.ZodType>(api: ApiGetter, path: string, schema: S): Promise<z.infer<S>> {
  const response = await api.get(path, undefined, {
    route: path.replace(/\/\d+$/, '/{id}'),
    context: { stream: 'account' },
  });
  const parsed = schema.safeParse(response.body);
  if (!parsed.success) {
    throw new ResponseFormatError(
      `GET ${path} answered an unexpected record: ${describeIssues(parsed.error)}`,
      {
        retriable: false,
        context: { stream: 'account', route: path },
      },
    );
  }
  return parsed.data;
}

/** Reads the account and resolves its zone. */
export async function resolveAccount(
  api: ApiGetter,
  overrideZone: string | undefined,
  now: Date,
  logger: Logger,
): Promise<ResolvedAccount> {
  if (overrideZone !== undefined) {
    const account = await getParsed(api, '/Account', accountSchema);
    const accountId = String(account.AccountId);
    logger.info(
      { zone: overrideZone },
      `account ${accountId}: time zone ${overrideZone} from UPTRENDS_TIMEZONE`,
    );
    return {
      accountId,
      account,
      settings: null,
      timezone: null,
      resolution: {
        zone: overrideZone,
        exact: true,
        reason: 'set by UPTRENDS_TIMEZONE',
        source: 'UPTRENDS_TIMEZONE',
      },
    };
  }
  // The settings are asked for beside the account: one round trip less before any stream starts
  // (150 ms of every run against a distant API). The account is awaited first, so when both fail
  // (the API down) the error reported is always the account's; the settings' is then dropped.
  const settingsAsked = getParsed(api, '/Account/Settings', accountSettingsSchema);
  settingsAsked.catch(() => undefined);
  const account = await getParsed(api, '/Account', accountSchema);
  const settings = await settingsAsked;
  const accountId = String(account.AccountId);
  const timezone = await getParsed(api, `/Timezone/${String(settings.TimezoneId)}`, timezoneSchema);
  const mapping = mapUptrendsTimezone(timezone, now);
  if (!mapping.exact) {
    logger.warn(
      { timezoneId: timezone.TimezoneId, zone: mapping.zone },
      `account ${accountId}: Uptrends time zone "${timezone.Description ?? timezone.TimezoneId}" mapped to ${mapping.zone} by offset only (${mapping.reason}); set UPTRENDS_TIMEZONE to be exact`,
    );
  }
  return {
    accountId,
    account,
    settings,
    timezone,
    resolution: { zone: mapping.zone, exact: mapping.exact, reason: mapping.reason, source: 'api' },
  };
}
