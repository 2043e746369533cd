-- uptrends.default_sla_target: the SLA target, in percent, of a monitor or group that neither its
-- statistics nor a group SLA definition give one, and of the account. The one home of 99.9: the
-- figure functions default their p_default_target to it, and the TypeScript constant
-- DEFAULT_SLA_TARGET (src/reports/report-defaults.ts) is checked against it by a test.
create or replace function uptrends.default_sla_target()
returns double precision
language sql
immutable
parallel safe
as $$
  select 99.9::double precision
$$;

comment on function uptrends.default_sla_target() is
  'The default SLA target in percent (99.9): what uptrends.figures, uptrends.sla_burn and uptrends.sla_burn_days hold a monitor, group or account to when neither statistics nor a group SLA definition give a target and the caller names none. Example: select uptrends.default_sla_target().';
