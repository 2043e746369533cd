-- Checkpoints: the monitoring locations Uptrends checks from (GET /Checkpoint) and the regions
-- they are grouped in (GET /CheckpointRegion). Service-wide reference lists, read per account like
-- the time zones, so the keys include account_id. Soft deletes like every configuration table: a
-- checkpoint Uptrends retires keeps its row, with deleted_at, so a monitor's old SelectedCheckpoints
-- still resolve to a name.

create table uptrends.checkpoint (
  account_id text not null,
  checkpoint_id integer not null,
  name text,
  code text,
  ipv4_addresses text[] not null default '{}'::text[],
  ipv6_addresses text[] not null default '{}'::text[],
  is_primary boolean,
  supports_ipv6 boolean,
  has_high_availability boolean,
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint checkpoint_pkey primary key (account_id, checkpoint_id)
);

comment on table uptrends.checkpoint is
  'One row per checkpoint (GET /Checkpoint): a location Uptrends monitors from. monitor.raw->''SelectedCheckpoints''->''Checkpoints'' and the ServerId of a check refer to these ids; the addresses are what a firewall must let through.';
comment on column uptrends.checkpoint.account_id is 'Account whose API returned this list (the list is the same for every account).';
comment on column uptrends.checkpoint.checkpoint_id is 'Uptrends checkpoint id (Id).';
comment on column uptrends.checkpoint.name is 'Name of the checkpoint, e.g. "Amsterdam" (CheckpointName).';
comment on column uptrends.checkpoint.code is 'Location code of the checkpoint (Code).';
comment on column uptrends.checkpoint.ipv4_addresses is 'IPv4 addresses checks come from, as sent (Ipv4Addresses), upcoming addresses included; text, so an address the service formats oddly is kept rather than refused (cast with ::inet to compare).';
comment on column uptrends.checkpoint.ipv6_addresses is 'IPv6 addresses checks come from, as sent (IpV6Addresses; before September 2023 objects with an IpAddress, stored as the address alone); empty when the checkpoint has none.';
comment on column uptrends.checkpoint.is_primary is 'True for a primary checkpoint (IsPrimaryCheckpoint): monitors with UsePrimaryCheckpointsOnly check from these alone; null when not sent.';
comment on column uptrends.checkpoint.supports_ipv6 is 'True when the checkpoint can check over IPv6 (SupportsIpv6); null when not sent.';
comment on column uptrends.checkpoint.has_high_availability is 'True when the checkpoint has more than one server (HasHighAvailability); null when not sent.';
comment on column uptrends.checkpoint.raw is 'Checkpoint record as received (Id, Type, Attributes, Links).';
comment on column uptrends.checkpoint.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.checkpoint.first_seen_at is 'When a sync first saw this checkpoint (UTC).';
comment on column uptrends.checkpoint.last_seen_at is 'When a sync last saw this checkpoint (UTC).';
comment on column uptrends.checkpoint.deleted_at is 'When a sync first found the checkpoint gone from the list (UTC); null while it exists.';

create table uptrends.checkpoint_region (
  account_id text not null,
  checkpoint_region_id integer not null,
  name text,
  child_region_ids integer[] not null default '{}'::integer[],
  raw jsonb not null,
  run_id bigint not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint checkpoint_region_pkey primary key (account_id, checkpoint_region_id)
);

comment on table uptrends.checkpoint_region is
  'One row per checkpoint region (GET /CheckpointRegion): a continent, country or area that groups checkpoints; regions nest through child_region_ids. monitor.raw->''SelectedCheckpoints''->''Regions'' refers to these ids.';
comment on column uptrends.checkpoint_region.account_id is 'Account whose API returned this list (the list is the same for every account).';
comment on column uptrends.checkpoint_region.checkpoint_region_id is 'Uptrends region id (Id).';
comment on column uptrends.checkpoint_region.name is 'Name of the region, e.g. "Europe" (Name).';
comment on column uptrends.checkpoint_region.child_region_ids is 'Ids of the regions directly inside this one (ChildRegions), in the order sent; empty for a region without any. Walk them with a recursive query on checkpoint_region_id.';
comment on column uptrends.checkpoint_region.raw is 'Checkpoint region record as received.';
comment on column uptrends.checkpoint_region.run_id is 'etl_run id of the run that last wrote this row.';
comment on column uptrends.checkpoint_region.first_seen_at is 'When a sync first saw this region (UTC).';
comment on column uptrends.checkpoint_region.last_seen_at is 'When a sync last saw this region (UTC).';
comment on column uptrends.checkpoint_region.deleted_at is 'When a sync first found the region gone from the list (UTC); null while it exists.';

-- Migration 000005 said the database clock sets alert.loaded_at; the loader has always set it from
-- the run's clock (the machine uptrends-etl runs on) when the alert is first inserted.
comment on column uptrends.alert.loaded_at is 'When this alert was first inserted, by the clock of the run that inserted it (the machine uptrends-etl runs on, not the database server); a later merge leaves it as it was.';
