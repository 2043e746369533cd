/**
 * The SLA early warning's vocabulary and defaults, in a root module so the configuration file, the
 * CLI, the reports and the pipeline share one definition (the states themselves are computed by
 * uptrends.sla_burn: docs/reports.md, "Early warning").
 */

/** The states of `uptrends.sla_burn`, mildest first. */
export const BURN_STATES = ['ok', 'watch', 'at risk', 'breached'] as const;

/** One state. */
export type BurnState = (typeof BURN_STATES)[number];

/** The states an at-risk subscription can mail about (`notify:`). */
export const NOTIFIABLE_STATES = ['watch', 'at risk', 'breached'] as const;

/** One of them. */
export type NotifiableState = (typeof NOTIFIABLE_STATES)[number];

/** What an at-risk subscription mails about unless told otherwise: entering or leaving these. */
export const DEFAULT_NOTIFY: readonly NotifiableState[] = ['at risk', 'breached'];

/**
 * At risk when the 1- and 3-day burn rates would both spend the remaining error budget within this
 * many days (`p_at_risk_within_days`). (Default: 3)
 */
export const DEFAULT_AT_RISK_WITHIN_DAYS = 3;

/** Largest at-risk horizon accepted: a month. */
export const MAX_AT_RISK_WITHIN_DAYS = 31;
