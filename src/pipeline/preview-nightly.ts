/**
 * `nightly --dry-run`: what the night would mail, to whom, without mailing it. It does not sync:
 * a dry run changes nothing, and a sync writes the warehouse and spends the API's request
 * budget. Each account's subscriptions are planned as of `--as-of` (Default: today) from the
 * warehouse as it is, through the same steps as the real night with `dryRun` set
 * (subscriptions/dry-run.ts): nothing is sent, recorded, locked or left in the report folder.
 * A period held for coverage here may go out after the real night's sync has read its missing
 * time; the listing says so (docs/subscriptions.md, "Dry run").
 */
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { DEFAULT_ACCOUNT } from '../config-file/accounts-section.ts';
import type { AccountSetting } from '../config-file/resolve-accounts.ts';
import { ConfigError } from '../errors.ts';
import { findWarehouseAccount, listWarehouseAccounts } from '../load/account-names.ts';
import { openWarehouse } from '../load/connection/db.ts';
import type { Database } from '../load/schema.ts';
import type { Logger } from '../logger.ts';
import { queryReportAccount, type ReportAccount } from '../reports/queries/scope.ts';
import { systemClock, type Clock } from '../terms.ts';
import { accountSchedule, type NightlySubscriptionOptions } from './run-nightly.ts';
import type { DeliveryOutcome } from './subscriptions/deliver-occurrence.ts';
import { runSubscriptionSchedule, type SubscriptionRunResult } from './subscriptions/run-subscriptions.ts';

/** One account's listing, or why it has none (an account the warehouse does not hold yet). */
export interface NightlyPreviewAccount {
  /** The account's name in the run (`default`: the environment's credentials, no `accounts:` section). */
  readonly account: string;
  /** The warehouse's account it was listed for; undefined when there is none to list. */
  readonly warehouseAccount: ReportAccount | undefined;
  readonly subscriptions: SubscriptionRunResult | undefined;
  readonly error: Error | undefined;
}

/** What `nightly --dry-run` found. */
export interface NightlyPreview {
  readonly accounts: readonly NightlyPreviewAccount[];
}

/**
 * The account of the environment's credentials (no `accounts:` section), as the warehouse knows it
 * without asking the API: the one a sync with them recorded as `default`, else the only account
 * (one loaded before names were kept, or under a name the file no longer has). The real night
 * syncs that account first and reports on it.
 */
async function credentialsAccount(db: Kysely<Database>): Promise<ReportAccount> {
  const recorded = (await listWarehouseAccounts(db)).find((a) => a.name?.toLowerCase() === DEFAULT_ACCOUNT);
  return queryReportAccount(db, recorded?.accountId);
}

/** Lists what the nightly job would deliver for each account, without syncing or sending. */
export async function previewNightly(
  config: Config,
  options: {
    readonly subscriptions: NightlySubscriptionOptions;
    /** The accounts. (Default: the one account of `config`, named default) */
    readonly accounts?: readonly AccountSetting[] | undefined;
    /** Reports go to `outDir/<account>/`. (Default: when there are several accounts) */
    readonly accountFolders?: boolean | undefined;
  },
  deps: { logger: Logger; clock?: Clock; onOutcome?: (outcome: DeliveryOutcome) => void },
): Promise<NightlyPreview> {
  const clock = deps.clock ?? systemClock;
  const settings = options.accounts ?? [undefined];
  const folders = options.accountFolders ?? settings.length > 1;
  const warehouse = await openWarehouse({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    create: false,
    schema: 'current',
  });
  const accounts: NightlyPreviewAccount[] = [];
  try {
    for (const setting of settings) {
      const name = setting?.name ?? DEFAULT_ACCOUNT;
      let account;
      try {
        account =
          setting === undefined || setting.fileIndex === undefined
            ? await credentialsAccount(warehouse.db)
            : await queryReportAccount(
                warehouse.db,
                (await findWarehouseAccount(warehouse.db, name, 'accounts')).accountId,
              );
      } catch (error) {
        if (!(error instanceof ConfigError) || options.accounts === undefined) throw error;
        accounts.push({ account: name, warehouseAccount: undefined, subscriptions: undefined, error });
        continue;
      }
      const subscriptions = await runSubscriptionSchedule(
        warehouse,
        { ...accountSchedule(options.subscriptions, name, account, folders), dryRun: true },
        { logger: deps.logger, clock, onOutcome: deps.onOutcome },
      );
      accounts.push({ account: name, warehouseAccount: account, subscriptions, error: undefined });
    }
  } finally {
    await warehouse.close();
  }
  return { accounts };
}
