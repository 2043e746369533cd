-- Whether a figure rests on complete data: the one rule every report, CSV and view applies.
create or replace function uptrends.data_state(p_required_seconds double precision, p_read_seconds double precision)
returns text
language sql
immutable
as $$
  -- A second of slack: windows that were read end on the same instants as the periods.
  select case
    when p_required_seconds > 0 and coalesce(p_read_seconds, 0) <= 1 then 'no data'
    when coalesce(p_read_seconds, 0) >= p_required_seconds - 1 then 'complete'
    else 'incomplete'
  end
$$;

comment on function uptrends.data_state(double precision, double precision) is
  'The data behind a figure: ''complete'' when every second it needs (p_required_seconds) was read (p_read_seconds, one second of slack), ''no data'' when nothing was (the figure is unknown, never 100 %), else ''incomplete'' (shown, never judged against a target). Example: uptrends.data_state(required_seconds, covered_seconds).';
