/**
 * The placeholders of a subscription's mail subject, each defined once with the report that fills
 * it: the configuration file is checked against this table (an incidents-only subscription has no
 * `{uptime}`), and the mail fills the same names (src/reports/mail/subject.ts).
 */

/** The report a placeholder needs (none: every mail can fill it). */
type Kind = 'sla' | 'incidents' | 'at-risk';

/** Every placeholder: what it holds and which report fills it. */
export const SUBJECT_PLACEHOLDERS: Readonly<
  Record<string, { readonly about: string; readonly needs?: Kind }>
> = {
  subscription: { about: 'the subscription name' },
  period: { about: 'the period label, e.g. October 2025' },
  scope: { about: 'the scope, e.g. All monitors' },
  uptime: { about: "the account's uptime, e.g. 99.712%", needs: 'sla' },
  target: { about: "the account's target, e.g. 99.900%", needs: 'sla' },
  status: { about: 'Met, At risk, Missed, or why there is none', needs: 'sla' },
  missed: { about: 'monitors that missed their SLA', needs: 'sla' },
  incidents: { about: 'incidents that touched the period', needs: 'incidents' },
  ongoing: { about: 'incidents open at the end of the period', needs: 'incidents' },
  breached: { about: 'services (monitors and groups) whose budget is spent', needs: 'at-risk' },
  at_risk: { about: 'services burning fast enough to run out within days', needs: 'at-risk' },
  changes: { about: 'services whose state changed since the last mail', needs: 'at-risk' },
};

/**
 * The placeholders of `template` that `reports` cannot fill (unknown names included), and the
 * ones they can; an empty `unfillable` means the template is fine.
 */
export function checkSubject(
  template: string,
  reports: readonly string[],
): { readonly unfillable: readonly string[]; readonly valid: readonly string[] } {
  const valid = Object.entries(SUBJECT_PLACEHOLDERS)
    .filter(([, p]) => p.needs === undefined || reports.includes(p.needs))
    .map(([name]) => name);
  const used = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return { unfillable: [...new Set(used.filter((name) => !valid.includes(name)))], valid };
}
