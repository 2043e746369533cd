/** Infra API `GET /v1/account`: who the infra credentials belong to (used by `check`). */
import { z } from 'zod';

/** Infra account info; nothing is documented as required. */
export const infraAccountSchema = z.looseObject({
  AccountName: z.string().nullish(),
  UserName: z.string().nullish(),
});

/** A parsed infra account record. */
export type InfraAccount = z.infer<typeof infraAccountSchema>;

/** Fields the schema knows. */
export const KNOWN_INFRA_ACCOUNT_FIELDS: ReadonlySet<string> = new Set(Object.keys(infraAccountSchema.shape));
