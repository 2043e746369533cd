/**
 * One item of `GET /OperatorGroup/{guid}/Member`: an array of `{OperatorGuid}` objects on the
 * real service, although the Swagger file declares one object (facts 4.1).
 */
import { z } from 'zod';
import { guid } from './lenient.ts';

/** One member entry; `OperatorGuid` is required (Swagger). */
export const operatorGroupMemberSchema = z.looseObject({
  OperatorGuid: guid,
});

/** A parsed member entry. */
export type OperatorGroupMember = z.infer<typeof operatorGroupMemberSchema>;

/** Fields the schema knows. */
export const KNOWN_OPERATOR_GROUP_MEMBER_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(operatorGroupMemberSchema.shape),
);
