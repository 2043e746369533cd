/**
 * `GET /OperatorGroup`: operator groups, system groups (Everyone, Administrators) included. The
 * administrators flag is `IsAdministratorsGroup` in responses, `IsAdministratorGroup` in one table
 * of the spec: both are accepted.
 */
import { z } from 'zod';
import { guid } from './lenient.ts';

/** One operator group; the GUID is required because it is the key. */
export const operatorGroupSchema = z.looseObject({
  OperatorGroupGuid: guid,
  Description: z.string().nullish(),
  IsEveryone: z.boolean().nullish(),
  IsAdministratorsGroup: z.boolean().nullish(),
  IsAdministratorGroup: z.boolean().nullish(),
});

/** A parsed operator group. */
export type OperatorGroup = z.infer<typeof operatorGroupSchema>;

/** Top-level fields the schema knows. */
export const KNOWN_OPERATOR_GROUP_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(operatorGroupSchema.shape),
);
