/**
 * The values of a mail subject's placeholders (src/subject-placeholders.ts defines them and which
 * report fills each), from the same figures as the body, written by figure-format.ts.
 */
import type { IncidentModel } from '../incidents/model.ts';
import type { SlaDigest } from '../sla/model-types.ts';
import { figureText, statusWord } from '../render/figure-format.ts';

/** The value of every placeholder the given reports can fill. */
export function subjectValues(input: {
  readonly sla?: SlaDigest | undefined;
  readonly incidents?: IncidentModel | undefined;
  readonly subscription?: string | undefined;
}): Record<string, string> {
  const { sla, incidents } = input;
  const period = sla?.period ?? incidents?.period;
  const values: Record<string, string> = {
    subscription: input.subscription ?? '',
    period: period?.label ?? '',
    scope: sla?.scope ?? incidents?.scope ?? '',
  };
  if (sla !== undefined) {
    const a = sla.account;
    values.uptime = figureText('percent', a.uptime_percentage);
    values.target = figureText('percent', a.target_percentage);
    values.status = statusWord(a.status, a.data_state, a.coverage);
    values.missed = figureText('count', a.members_missed);
  }
  if (incidents !== undefined) {
    values.incidents = figureText('count', incidents.account.incidents_overlapping);
    values.ongoing = figureText('count', incidents.account.ongoing_at_end);
  }
  return values;
}
