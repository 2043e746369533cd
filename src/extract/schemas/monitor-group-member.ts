/**
 * One item of `GET /MonitorGroup/{guid}/Member`. The real service returns an array of
 * `{MonitorGuid}` objects although the Swagger file declares a single object (facts 3.6).
 */
import { z } from 'zod';
import { guid } from './lenient.ts';

/** One member entry. */
export const monitorGroupMemberSchema = z.looseObject({
  MonitorGuid: guid,
});

/** A parsed member entry. */
export type MonitorGroupMember = z.infer<typeof monitorGroupMemberSchema>;

/** Fields the schema knows. */
export const KNOWN_MONITOR_GROUP_MEMBER_FIELDS: ReadonlySet<string> = new Set(
  Object.keys(monitorGroupMemberSchema.shape),
);
