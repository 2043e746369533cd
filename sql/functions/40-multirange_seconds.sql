-- Length of a set of time ranges in seconds (0 for null or empty); used by the uptime views.
create or replace function uptrends.multirange_seconds(p_ranges tstzmultirange)
returns double precision
language sql
immutable
as $$
  select coalesce(sum(extract(epoch from upper(r) - lower(r)))::double precision, 0)
  from unnest(p_ranges) as r
$$;

comment on function uptrends.multirange_seconds(tstzmultirange) is
  'Total length in seconds of the ranges of a tstzmultirange (0 for null or empty). The ranges of a multirange never overlap, so nothing is counted twice. Example: uptrends.multirange_seconds(range_agg(tstzrange(start_at, end_at))).';
