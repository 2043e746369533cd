-- The columns uptrends.statistics_cover reads, beside its key, so the figures read the buckets from
-- the index alone. A bucket row holds the service's whole document (raw, about 1 kB): a year of
-- 1,000 monitors is 380 MB of heap, which every SLA workbook read through the buffer cache for its
-- Trend months, against 46 MB of this index. Rows of pages not yet vacuumed are still read from the
-- heap (an index-only scan checks the visibility map), so a figure never depends on vacuum.
create index monitor_statistics_cover_idx on uptrends.monitor_statistics (monitor_guid, bucket_start_at)
  include (
    bucket_end_at, bucket_start_local, bucket_end_local, grain, uptime_seconds, downtime_seconds, checks,
    confirmed_errors, unconfirmed_errors, alerts, sla_target
  );

comment on index uptrends.monitor_statistics_cover_idx is
  'The buckets of a monitor by start with every column uptrends.statistics_cover reads: the figures read statistics without the rows'' raw documents.';
