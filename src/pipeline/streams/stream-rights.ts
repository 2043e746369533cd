/**
 * Which streams a run can do without, and the right each needs (issue 40, item 11). Companies give
 * the ETL an operator without administrator rights: the service then refuses (403) operators,
 * operator groups, alert definitions, the vault and SLAs, and a service may lack a route (404 on
 * `/CheckpointRegion`). Such a stream is skipped with one warning naming it and the right it needs,
 * recorded as `skipped` with that notice on the run (`status`, the run's JSON), and the run goes
 * on: the reports go out from what was read.
 *
 * The streams the reports read are not listed here and stay required: monitor groups and their
 * members, monitors, alerts and statistics. A refusal there still fails the run, since no figure
 * could be trusted without them. SLAs (group targets) and maintenance periods are read by the SLA
 * report too, but it has a fallback for each (the default target; no maintenance), so they are
 * optional data: the reports say when they are missing (docs/extraction.md, "Least privilege").
 */
const ADMIN = 'an operator in the Administrators group';

/** Optional stream -> the right it needs. */
export const OPTIONAL_STREAM_RIGHTS: Readonly<Record<string, string>> = {
  timezones: 'read access to /Timezone',
  slas: `${ADMIN} (SLA definitions)`,
  sla_exclusion_periods: `${ADMIN} (SLA definitions)`,
  maintenance_periods: 'the "edit monitor" right on the monitors (maintenance periods)',
  operators: `${ADMIN} (operators)`,
  operator_groups: `${ADMIN} (operator groups)`,
  operator_group_members: `${ADMIN} (operator groups)`,
  public_status_pages: `${ADMIN} (public status pages)`,
  alert_definitions: `${ADMIN} (alert definitions)`,
  alert_definition_members: `${ADMIN} (alert definitions)`,
  alert_escalation_levels: `${ADMIN} (alert definitions)`,
  alert_escalation_level_members: `${ADMIN} (alert definitions)`,
  alert_escalation_level_integrations: `${ADMIN} (alert definitions)`,
  checkpoints: 'a service that offers /Checkpoint',
  checkpoint_regions: 'a service that offers /CheckpointRegion',
};

/** Optional data the reports use, by stream: what a report lacks when the stream was skipped. */
export const REPORT_OPTIONAL_DATA: Readonly<Record<string, string>> = {
  slas: 'SLA targets of monitor groups (the default target is used)',
  maintenance_periods: 'maintenance periods (none are excluded from downtime)',
};
