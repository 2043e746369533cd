-- uptrends.monitor_group_names: the groups a monitor is in now, by name, as an array, for the
-- analyst views of single events (v_incident, v_alert). An array, not one row per group: a
-- monitor in two groups would otherwise count its incidents and alerts twice.
create or replace function uptrends.monitor_group_names(p_monitor_guid uuid)
returns text[]
language sql
stable
parallel safe
as $$
  select coalesce(array_agg(g.description order by g.description collate "C"), '{}'::text[])
  from uptrends.monitor_group_member gm
  join uptrends.monitor_group g on g.monitor_group_guid = gm.monitor_group_guid
  where gm.monitor_guid = p_monitor_guid
    and gm.deleted_at is null
    and g.deleted_at is null
    and not g.is_all
$$;

comment on function uptrends.monitor_group_names(uuid) is
  'Names of the monitor groups a monitor is in now (memberships and groups not deleted), alphabetical (byte order), without the built-in All Monitors group; an empty array when it is in no other group. The group_names of uptrends.v_incident and uptrends.v_alert. Example: select monitor_name, started_at_local from uptrends.v_incident where ''Websites'' = any (group_names).';
