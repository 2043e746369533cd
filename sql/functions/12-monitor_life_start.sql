-- uptrends.monitor_life_start: when a monitor's life begins, for every figure that counts time
-- within it: its creation, or the beginning of time when the API did not say.
create or replace function uptrends.monitor_life_start(p_monitor uptrends.monitor)
returns timestamptz
language sql
immutable
parallel safe
as $$
  select coalesce(p_monitor.created_at, '-infinity'::timestamptz)
$$;

comment on function uptrends.monitor_life_start(uptrends.monitor) is
  'When a monitor''s life begins: created_at, else -infinity. With uptrends.monitor_life_end the one rule of a monitor''s life that uptrends.figures, uptrends.incident_figures, uptrends.maintenance_figures and the alert gaps of the reports count time within. Example: select name, uptrends.monitor_life_start(m), uptrends.monitor_life_end(m) from uptrends.monitor m.';
