-- uptrends.refresh_incidents: recomputes the incidents of the (monitor, incident key) pairs a window touched.
-- Two parallel arrays rather than a composite-type array: both drivers pass plain arrays as
-- parameters without a custom type, on PGlite as on a server.
create or replace function uptrends.refresh_incidents(p_monitor_guids uuid[], p_incident_keys text[], p_run_id bigint)
returns integer
language plpgsql
volatile
as $$
declare
  v_changed integer;
begin
  if coalesce(cardinality(p_monitor_guids), 0) <> coalesce(cardinality(p_incident_keys), 0) then
    raise exception 'refresh_incidents: % monitor guids but % incident keys',
      coalesce(cardinality(p_monitor_guids), 0), coalesce(cardinality(p_incident_keys), 0);
  end if;

  -- One index probe per pair (the lateral join on monitor_guid and incident_key): the cost
  -- follows the number of keys a window touched, never the size of the alert table.
  with pairs as (
    select distinct p.monitor_guid, p.incident_key
    from unnest(p_monitor_guids, p_incident_keys) as p (monitor_guid, incident_key)
    where p.monitor_guid is not null and p.incident_key is not null
  ),
  computed as (
    select
      s.account_id,
      p.monitor_guid,
      p.incident_key,
      s.started_at,
      s.started_at_local,
      s.ended_at,
      s.ended_at_local,
      (extract(epoch from s.ended_at - s.started_at))::bigint as duration_seconds,
      s.alert_count,
      s.reminder_count,
      s.first_error_description,
      s.first_error_monitor_check_id,
      s.last_monitor_check_id,
      s.last_alert_at
    from pairs p
    cross join lateral (
      -- One sort per pair: the pair's alerts in (raised_at, alert_id) order, fed to plain
      -- aggregates as they come. Ordered aggregates (array_agg(... order by ...)) would each sort
      -- the pair's alerts again: five tuplesorts per incident were a fifth of a backfill's server
      -- time. "First" and "last" in that order are an array's first and last elements; the order
      -- by coalesce(first_error_at, raised_at) first is the first position holding the least
      -- such value (ties broken by raised_at, alert_id, as the input order breaks them).
      select
        g.account_id,
        g.started_at,
        g.starts[array_position(g.start_keys, g.started_at)] as started_at_local,
        g.ended_at,
        g.ended_locals[1] as ended_at_local,
        g.alert_count,
        g.reminder_count,
        g.error_descriptions[1] as first_error_description,
        g.first_checks[array_position(g.start_keys, g.started_at)] as first_error_monitor_check_id,
        g.checks[g.alert_count] as last_monitor_check_id,
        g.last_alert_at
      from (
        select
          min(o.account_id) as account_id,
          min(o.start_key) as started_at,
          array_agg(o.start_key) as start_keys,
          array_agg(o.start_local) as starts,
          min(o.raised_at) filter (where o.alert_type = 'Ok') as ended_at,
          array_agg(o.raised_at_local) filter (where o.alert_type = 'Ok') as ended_locals,
          count(*)::integer as alert_count,
          (count(*) filter (where o.alert_type = 'Reminder'))::integer as reminder_count,
          array_agg(o.error_description) filter (where o.alert_type <> 'Ok') as error_descriptions,
          array_agg(o.first_error_monitor_check_id) as first_checks,
          array_agg(o.monitor_check_id) as checks,
          max(o.raised_at) as last_alert_at
        from (
          select
            a.account_id,
            coalesce(a.first_error_at, a.raised_at) as start_key,
            coalesce(a.first_error_at_local, a.raised_at_local) as start_local,
            a.raised_at,
            a.raised_at_local,
            a.alert_type,
            a.error_description,
            a.first_error_monitor_check_id,
            a.monitor_check_id
          from uptrends.alert a
          where a.monitor_guid = p.monitor_guid and a.incident_key = p.incident_key
          order by a.raised_at, a.alert_id
        ) o
        having count(*) > 0
      ) g
    ) s
  ),
  upserted as (
    insert into uptrends.incident as i (
      account_id, monitor_guid, incident_key, started_at, started_at_local, ended_at, ended_at_local,
      duration_seconds, alert_count, reminder_count, first_error_description, first_error_monitor_check_id,
      last_monitor_check_id, last_alert_at, run_id
    )
    select
      c.account_id, c.monitor_guid, c.incident_key, c.started_at, c.started_at_local, c.ended_at, c.ended_at_local,
      c.duration_seconds, c.alert_count, c.reminder_count, c.first_error_description, c.first_error_monitor_check_id,
      c.last_monitor_check_id, c.last_alert_at, p_run_id
    from computed c
    on conflict (monitor_guid, incident_key) do update set
      account_id = excluded.account_id,
      started_at = excluded.started_at,
      started_at_local = excluded.started_at_local,
      ended_at = excluded.ended_at,
      ended_at_local = excluded.ended_at_local,
      duration_seconds = excluded.duration_seconds,
      alert_count = excluded.alert_count,
      reminder_count = excluded.reminder_count,
      first_error_description = excluded.first_error_description,
      first_error_monitor_check_id = excluded.first_error_monitor_check_id,
      last_monitor_check_id = excluded.last_monitor_check_id,
      last_alert_at = excluded.last_alert_at,
      run_id = excluded.run_id
    -- An unchanged incident keeps its row and its run_id, like every merge of the warehouse.
    where (
      i.account_id, i.started_at, i.started_at_local, i.ended_at, i.ended_at_local, i.duration_seconds,
      i.alert_count, i.reminder_count, i.first_error_description, i.first_error_monitor_check_id,
      i.last_monitor_check_id, i.last_alert_at
    ) is distinct from (
      excluded.account_id, excluded.started_at, excluded.started_at_local, excluded.ended_at,
      excluded.ended_at_local, excluded.duration_seconds, excluded.alert_count, excluded.reminder_count,
      excluded.first_error_description, excluded.first_error_monitor_check_id, excluded.last_monitor_check_id,
      excluded.last_alert_at
    )
    returning 1
  ),
  -- A pair with no alert left (an alert moved to another incident key): its incident goes. Pairs
  -- the computation found alerts for are left out before the incident table is read.
  deleted as (
    delete from uptrends.incident i
    using pairs p
    where i.monitor_guid = p.monitor_guid
      and i.incident_key = p.incident_key
      and not exists (
        select 1 from computed c where c.monitor_guid = p.monitor_guid and c.incident_key = p.incident_key
      )
    returning 1
  )
  select (select count(*) from upserted) + (select count(*) from deleted) into v_changed;

  return v_changed;
end
$$;

comment on function uptrends.refresh_incidents(uuid[], text[], bigint) is
  'Recomputes the incident rows of exactly the given (monitor, incident key) pairs (element i of both arrays forms pair i) from uptrends.alert: inserts new incidents, updates changed ones (stamping p_run_id), leaves unchanged ones untouched and deletes an incident whose alerts are all gone. Returns the number of incident rows inserted, changed or deleted. Reads only the alerts of those pairs, through the (monitor_guid, incident_key) index. Example: select uptrends.refresh_incidents(array[''1d2f5fac-730c-45b0-a077-4ab82aaee14e'']::uuid[], array[''key-1''], 17).';
