-- Report subscriptions (uptrends-etl.yaml, `subscriptions:`): when the scheduler first saw each
-- one, and the delivery ledger that makes every (subscription, period) go out once.
-- The subscriptions themselves live in the configuration file, not here: the file is the truth,
-- this table only remembers from which date on a subscription's missed periods are caught up.

create table uptrends.report_subscription (
  subscription text not null,
  account_id text not null,
  first_due_on date not null,
  definition jsonb not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  constraint report_subscription_pkey primary key (subscription, account_id)
);

comment on table uptrends.report_subscription is
  'One row per report subscription and account that a nightly run has seen in the configuration file. Catch-up of missed periods never goes back before first_due_on.';
comment on column uptrends.report_subscription.subscription is 'Subscription name, as in the configuration file.';
comment on column uptrends.report_subscription.account_id is 'Account the subscription reports on.';
comment on column uptrends.report_subscription.first_due_on is 'Earliest account-local date (yyyy-MM-dd) a nightly run evaluated the subscription for (its --as-of date): periods due before it are never sent automatically.';
comment on column uptrends.report_subscription.definition is 'The subscription as last seen (schedule, period, scope, formats, recipients; no secrets), for audit.';
comment on column uptrends.report_subscription.first_seen_at is 'When a run first saw the subscription (UTC).';
comment on column uptrends.report_subscription.last_seen_at is 'When a run last saw the subscription (UTC).';

create table uptrends.report_delivery (
  delivery_id bigint generated always as identity primary key,
  subscription text not null,
  account_id text not null,
  period_start timestamptz not null,
  period_end timestamptz not null,
  period_label text not null,
  due_on date,
  kind text not null check (kind in ('scheduled', 'manual', 'resend')),
  status text not null default 'prepared'
    check (status in ('prepared', 'handing_over', 'sent', 'failed', 'unknown')),
  message_id text not null,
  recipients text[] not null,
  accepted text[] not null default '{}'::text[],
  rejected text[] not null default '{}'::text[],
  files text[] not null default '{}'::text[],
  error text,
  prepared_at timestamptz not null default now(),
  handed_over_at timestamptz,
  finished_at timestamptz,
  constraint report_delivery_message_id_key unique (message_id),
  constraint report_delivery_period_check check (period_end > period_start)
);

-- At most one delivery per period that is on its way or delivered (or may have been): the database
-- itself refuses a second one, whatever the application does. Resends are deliberate and exempt.
create unique index report_delivery_once_idx
  on uptrends.report_delivery (subscription, account_id, period_start, period_end)
  where kind <> 'resend' and status in ('prepared', 'handing_over', 'sent', 'unknown');

create index report_delivery_subscription_idx
  on uptrends.report_delivery (subscription, account_id, prepared_at desc);

comment on table uptrends.report_delivery is
  'Delivery ledger of report subscriptions: one row per attempt to e-mail one subscription''s reports for one period. The row is written before the SMTP hand-over and updated after it, so a run killed in between is reconciled by the next run (docs/subscriptions.md).';
comment on column uptrends.report_delivery.delivery_id is 'Attempt identifier, increasing.';
comment on column uptrends.report_delivery.subscription is 'Subscription name (report_subscription.subscription).';
comment on column uptrends.report_delivery.account_id is 'Account the reports cover.';
comment on column uptrends.report_delivery.period_start is 'Start of the report period (UTC instant of the account-local midnight), inclusive.';
comment on column uptrends.report_delivery.period_end is 'End of the report period (UTC instant of the account-local midnight), exclusive.';
comment on column uptrends.report_delivery.period_label is 'The period as the reports name it, e.g. October 2025 or 2025-10-06 to 2025-10-12.';
comment on column uptrends.report_delivery.due_on is 'Account-local date the schedule made the period due; null for a manual send of a period the schedule does not produce.';
comment on column uptrends.report_delivery.kind is 'scheduled (nightly), manual (report send of a period not yet delivered: it counts as the delivery) or resend (report send of a period already delivered).';
comment on column uptrends.report_delivery.status is 'prepared (recorded, SMTP not yet given the end of the message), handing_over (end of message being handed to SMTP), sent (the server accepted it), failed (it did not: retried next run), unknown (the run stopped during the hand-over: maybe delivered, never repeated automatically).';
comment on column uptrends.report_delivery.message_id is 'Message-ID header of the e-mail, fixed before sending, to find it in the mail server''s logs.';
comment on column uptrends.report_delivery.recipients is 'Addresses the e-mail was addressed to (listed addresses plus the operators of the listed operator groups).';
comment on column uptrends.report_delivery.accepted is 'Addresses the SMTP server accepted.';
comment on column uptrends.report_delivery.rejected is 'Addresses the SMTP server rejected (the others still received the e-mail).';
comment on column uptrends.report_delivery.files is 'Report files written for the delivery, as paths; attached unless too large.';
comment on column uptrends.report_delivery.error is 'Why the attempt failed or is unknown (no secrets).';
comment on column uptrends.report_delivery.prepared_at is 'When the attempt was recorded (UTC).';
comment on column uptrends.report_delivery.handed_over_at is 'When the end of the message was handed to the SMTP server (UTC); null before.';
comment on column uptrends.report_delivery.finished_at is 'When the outcome (sent, failed, unknown) was recorded (UTC).';
