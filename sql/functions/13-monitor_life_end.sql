-- uptrends.monitor_life_end: when a monitor's life ends. A paused monitor runs no checks: its life
-- ends at its pause (its last modification), or at its deletion if that came first.
create or replace function uptrends.monitor_life_end(p_monitor uptrends.monitor)
returns timestamptz
language sql
immutable
parallel safe
as $$
  select coalesce(
    case
      when p_monitor.is_active is false then least(p_monitor.deleted_at, p_monitor.last_modified_at)
      else p_monitor.deleted_at
    end,
    'infinity'::timestamptz
  )
$$;

comment on function uptrends.monitor_life_end(uptrends.monitor) is
  'When a monitor''s life ends: for a paused monitor (is_active false) the earlier of deleted_at and last_modified_at (its pause), else deleted_at; infinity while it lives. With uptrends.monitor_life_start the one rule of a monitor''s life. Example: select name from uptrends.monitor m where uptrends.monitor_life_end(m) < now().';
