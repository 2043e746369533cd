/** `GET /Account/Settings`: the account's Uptrends time zone id, the start of zone resolution. */
import { z } from 'zod';
import { lenientInteger } from './lenient.ts';

/** Account settings; `TimezoneId` is required (2023 Swagger), note the casing `TimezoneId`. */
export const accountSettingsSchema = z.looseObject({
  TimezoneId: lenientInteger,
});

/** A parsed `/Account/Settings` record. */
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** Top-level fields the schema knows; anything else is reported once per run. */
export const KNOWN_ACCOUNT_SETTINGS_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(accountSettingsSchema.shape),
);
