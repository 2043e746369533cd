-- No planner statistics for the `raw` jsonb columns of the large tables. ANALYZE sampled and
-- compared whole raw documents, its slowest part on these tables (after a year's backfill of 500
-- monitors: monitor_statistics 0.96 -> 0.38 s, alert 0.60 -> 0.52 s), and statistics of whole
-- documents help no query: analysts read fields (`raw->>'ErrorMessage'`), whose estimates come
-- from an expression index's own statistics where one exists, never from these.
alter table uptrends.alert alter column raw set statistics 0;
alter table uptrends.monitor_statistics alter column raw set statistics 0;
alter table uptrends.infra_device_uptime_daily alter column raw set statistics 0;
