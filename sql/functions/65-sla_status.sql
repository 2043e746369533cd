-- The SLA status of an uptime against its thresholds: the one rule every report and view applies.
create or replace function uptrends.sla_status(
  p_uptime_percentage double precision,
  p_desired_percentage double precision,
  p_error_percentage double precision,
  p_data_state text
)
returns text
language sql
immutable
as $$
  -- Judged only over complete data. Uptime is a quotient of seconds: 100 * (1 - d / m) can land a
  -- hair under an exactly met target, so a nano-percent tolerance, far below any shown precision.
  select case
    when p_data_state is distinct from 'complete' or p_uptime_percentage is null then null
    when p_uptime_percentage + 1e-9 >= p_desired_percentage then 'Met'
    when p_uptime_percentage + 1e-9 >= p_error_percentage then 'At risk'
    else 'Missed'
  end
$$;

comment on function uptrends.sla_status(double precision, double precision, double precision, text) is
  'SLA status: Met at or above the desired threshold, At risk between it and the error threshold, Missed below the error threshold; null without an uptime or when the data is not complete (uptrends.data_state). Example: uptrends.sla_status(uptime_percentage, target_percentage, target_error_percentage, data_state).';
