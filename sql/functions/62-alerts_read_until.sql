-- uptrends.alerts_read_until: the instant an account's alerts were read up to, the "data as of" of
-- its reports and the instant the early warning is as of by default. The one rule for the view
-- v_sla_burn and the reports (src/reports/queries/scope.ts), so both name the same instant.
create or replace function uptrends.alerts_read_until(p_account_id text)
returns timestamptz
language sql
stable
as $$
  -- The All Monitors partition's watermark when there is one (the alerts of every monitor were read
  -- up to it), else the oldest of the partitions' (every monitor group read was read that far),
  -- else when the account was last synced (configuration only, no alerts read).
  select coalesce(
    (select coalesce(max(w.watermark) filter (where w.partition = 'all'), min(w.watermark))
     from uptrends.etl_state w
     where w.account_id = p_account_id and w.stream = 'alerts' and w.watermark is not null),
    (select a.last_seen_at from uptrends.account a where a.account_id = p_account_id)
  )
$$;

comment on function uptrends.alerts_read_until(text) is
  'The instant the alerts of account p_account_id were read up to: the watermark of the alerts stream''s All Monitors partition, else the oldest watermark of its partitions, else the account''s last_seen_at (a sync that read no alerts); null for an account the warehouse does not hold. The "data as of" of every report and the default as-of instant of the early warning (v_sla_burn takes the earlier of it and now). Example: select uptrends.alerts_read_until(account_id) from uptrends.account.';
