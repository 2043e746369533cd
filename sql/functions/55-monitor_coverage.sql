-- What the warehouse read for each monitor of an account: the time its alerts and its statistics
-- were read to their end (etl_coverage). A function, not only a view, so uptrends.figures can read
-- it (functions are created before views). v_monitor_coverage selects from it.
create or replace function uptrends.monitor_coverage(p_account_id text)
returns table (
  monitor_guid uuid,
  alerts_covered tstzmultirange,
  statistics_covered tstzmultirange
)
language sql
stable
as $$
  select
    m.monitor_guid,
    coalesce(
      (
        select range_agg(c.covered)
        from uptrends.etl_coverage c
        where c.account_id = m.account_id
          and c.stream = 'alerts'
          and (
            c.partition = 'all'
            or c.partition = 'monitor:' || m.monitor_guid::text
            or c.partition in (
              select 'group:' || gm.monitor_group_guid::text
              from uptrends.monitor_group_member gm
              where gm.monitor_guid = m.monitor_guid and gm.deleted_at is null
            )
          )
      ),
      '{}'::tstzmultirange
    ),
    coalesce(
      (
        select c.covered
        from uptrends.etl_coverage c
        where c.account_id = m.account_id and c.stream = 'statistics' and c.partition = m.monitor_guid::text
      ),
      '{}'::tstzmultirange
    )
  from uptrends.monitor m
  where m.account_id = p_account_id
$$;

comment on function uptrends.monitor_coverage(text) is
  'Per monitor of the account: the time its alerts were read (the alert partitions that include it: all monitors, the groups it is a member of now, the monitor itself) and the time its statistics were read, as UTC multiranges from etl_coverage. Time outside them was never read: figures over it are unknown, not 100 %. Example: select * from uptrends.monitor_coverage(''123456'').';
