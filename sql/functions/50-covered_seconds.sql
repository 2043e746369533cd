-- Seconds of a set of ranges that fall inside one range: how much of a period the warehouse holds.
create or replace function uptrends.covered_seconds(p_covered tstzmultirange, p_period tstzrange)
returns double precision
language sql
immutable
as $$
  select uptrends.multirange_seconds(coalesce(p_covered, '{}'::tstzmultirange) * tstzmultirange(p_period))
$$;

comment on function uptrends.covered_seconds(tstzmultirange, tstzrange) is
  'Seconds of p_covered inside p_period (0 when either is null or empty). Divide by the period''s own seconds for a coverage share. Example: uptrends.covered_seconds(alerts_covered, tstzrange(''2025-10-01'', ''2025-11-01'')) over uptrends.v_monitor_coverage.';
