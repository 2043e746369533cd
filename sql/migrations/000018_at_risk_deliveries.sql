-- At-risk subscriptions (reports: [at-risk], issue 34) mail only when a service enters or leaves
-- "at risk" or "breached". Each such mail is one delivery in the ledger (its period is the local
-- day the check judged), and it records the states it reported, so the next check tells what
-- changed since the last mail that went out, and a change is sent once.

alter table uptrends.report_delivery add column notified_states jsonb;

comment on column uptrends.report_delivery.notified_states is
  'At-risk subscriptions: the services this mail reported in a notified state, as a JSON array of {"key", "grain", "guid", "name", "state"} (state "at risk" or "breached"; key is grain:guid). The next check compares with the latest delivered (sent or unknown) one. Null for SLA and incident reports.';
