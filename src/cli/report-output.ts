/**
 * What `report` and `nightly` share: the `--format`, `--account` and `--default-target` options, where each account's files go, and the
 * result lines of written files and of subscription deliveries (text on a terminal, JSON lines
 * otherwise; see CliContext.result).
 */
import { Option } from 'commander';
import { ConfigError } from '../errors.ts';
import type { DeliveryOutcome } from '../api/subscription-jobs.ts';
import { DEFAULT_REPORT_FORMATS, REPORT_FORMATS, type ReportFormat } from '../reports/render/report-files.ts';
import { DEFAULT_SLA_TARGET } from '../reports/report-defaults.ts';
import type { CliContext } from './cli-context.ts';
import { targetOption } from './options.ts';

/** `--format xlsx,csv`: a non-empty list of known formats. */
function formatOption(value: string): ReportFormat[] {
  const formats = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  const unknown = formats.filter((f) => !(REPORT_FORMATS as readonly string[]).includes(f));
  if (formats.length === 0 || unknown.length > 0) {
    throw new ConfigError(`--format must be a comma list of ${REPORT_FORMATS.join(', ')}; not "${value}".`, {
      context: { setting: '--format' },
    });
  }
  return [...new Set(formats)] as ReportFormat[];
}

/** `--format <list>` with its default, from the formats the reports know. */
export function formatOptionOf(
  description = 'files to write',
  defaults: readonly ReportFormat[] = DEFAULT_REPORT_FORMATS,
): Option {
  return new Option('--format <list>', `${description}: a comma list of ${REPORT_FORMATS.join(', ')}`)
    .argParser(formatOption)
    .default([...defaults], defaults.join(','));
}

/** `--account <id|name>`: the account a report command reads, when the warehouse holds several. */
export function accountOption(): Option {
  return new Option(
    '--account <id|name>',
    'the account (its id, or its name in accounts:), when the warehouse holds several',
  );
}

/** `--default-target <pct>`: the SLA target where nothing else gives one (99.9 unless given). */
export function defaultTargetOption(): Option {
  return new Option(
    '--default-target <pct>',
    'SLA target in percent where neither statistics nor a group SLA gives one',
  )
    .argParser(targetOption)
    .default(DEFAULT_SLA_TARGET);
}

/**
 * Whether reports go into a folder per account: with an `accounts:` section in the configuration
 * file, or when the command names an account (as nightly and subscriptions write them).
 */
export function accountFolders(ctx: CliContext, account: string | undefined): boolean {
  return ctx.configFile()?.contents.accounts !== undefined || account !== undefined;
}

/** One result per written file: its path (text), or `{"result":"file","path":...}` (JSON). */
export function printWritten(ctx: CliContext, paths: readonly string[]): void {
  for (const path of paths) ctx.result('file', { path }, path);
}

/** One line per delivery, for the job's output. */
export function outcomeLine(o: DeliveryOutcome): string {
  const what = `${o.subscription} ${o.period.label}`;
  switch (o.status) {
    case 'sent':
      return `sent: ${what} to ${o.recipients.join(', ')}${o.rejected.length > 0 ? ` (refused: ${o.rejected.join(', ')})` : ''}${o.kind === 'scheduled' ? '' : ` [${o.kind}]`}`;
    case 'written':
      return `written: ${what} (not e-mailed)`;
    case 'held':
      return `held: ${what}: ${o.error ?? ''}`;
    case 'already-delivered':
      return `skipped: ${what} is already delivered`;
    case 'unchanged':
      return `unchanged: ${what}: no service entered or left a notified state, nothing sent`;
    default:
      return `${o.status}: ${what}: ${o.error ?? ''}`;
  }
}

/** The files of a delivery, then the delivery itself. */
export function printOutcome(ctx: CliContext, o: DeliveryOutcome): void {
  printWritten(ctx, o.files);
  ctx.result(
    'delivery',
    {
      subscription: o.subscription,
      period: o.period.label,
      due: o.due,
      kind: o.kind,
      status: o.status,
      files: o.files,
      recipients: o.recipients,
      rejected: o.rejected,
      messageId: o.messageId,
      error: o.error,
    },
    outcomeLine(o),
  );
}

/** A dry run's word for each outcome: what the real run would do with the period. */
const DRY_RUN_WORDS: Readonly<Record<DeliveryOutcome['status'], string>> = {
  'would-send': 'would send',
  'would-write': 'would write, not e-mail (mail is off)',
  held: 'held, would not send',
  'already-delivered': 'would not send, already delivered',
  unchanged: 'would not send, nothing changed',
  failed: 'would fail',
  written: 'written',
  sent: 'sent',
  unknown: 'unknown',
};

/** An account as the output names it: its name in the warehouse and its AccountId, or the id alone. */
export function accountLabel(name: string | null, accountId: string): string {
  return name === null ? accountId : `${name} (${accountId})`;
}

/**
 * One mail a dry run lists (`nightly --dry-run`, `report send --dry-run`): subscription, account,
 * period, recipients and attachments, or why it would not go out. Text on a terminal, else one
 * JSON line `{"result":"dry-run",...}`.
 */
export function printDryRunOutcome(ctx: CliContext, o: DeliveryOutcome): void {
  const omitted = new Set(o.omitted ?? []);
  const attached = o.files.filter((f) => !omitted.has(f));
  const lines = [
    `${DRY_RUN_WORDS[o.status]}: ${o.subscription}, account ${accountLabel(o.accountName, o.accountId)}, ${o.period.label}${o.due === null ? '' : ` (due ${o.due})`}${o.kind === 'scheduled' ? '' : ` [${o.kind}]`}`,
  ];
  if (o.status === 'would-send' || o.status === 'would-write') {
    if (o.status === 'would-send') lines.push(`  to: ${o.recipients.join(', ')}`);
    for (const f of o.status === 'would-send' ? attached : o.files)
      lines.push(`  ${o.status === 'would-send' ? 'attached' : 'file'}: ${f}`);
    for (const f of omitted) lines.push(`  named in the mail, not attached (over the size limit): ${f}`);
  } else if (o.error !== null) {
    lines.push(`  why: ${o.error}`);
  }
  ctx.result(
    'dry-run',
    {
      subscription: o.subscription,
      account: o.accountName,
      accountId: o.accountId,
      period: o.period.label,
      periodStart: o.period.start.toISOString(),
      periodEnd: o.period.end.toISOString(),
      due: o.due,
      kind: o.kind,
      status: o.status,
      recipients: o.status === 'would-write' ? [] : o.recipients,
      attachments: o.status === 'would-send' ? attached : [],
      omitted: [...omitted],
      files: o.files,
      reason: o.status === 'would-send' || o.status === 'would-write' ? null : o.error,
    },
    lines,
  );
}
