/**
 * A landed migration is never edited: a warehouse that applied it records its checksum, and
 * `migrate` refuses to run against a file that no longer matches (migration 000005 was once edited
 * after it landed). This pins the checksum of every landed migration, so an edit fails here first.
 * A new migration is added to the list in the commit that lands it.
 */
import { describe, expect, it } from 'vitest';
import { readMigrations } from '../../../src/load/migrate.ts';

const LANDED: Record<string, string> = {
  '000001_run_ledger': '3ecb245e1413d1ea55f93284f924545644a78f9c7253b06f14ccf0029e77d220',
  '000002_etl_state': 'b95f01bb83cb045ba6b0ef6dbd4d5421aa25ec3bc80537249d8b0bce5cbffd6f',
  '000003_configuration': '7e3e3c0d498e668ad437869a726d2ecd94c98ad24333805181ce5bd2781f8972',
  '000004_rejected_records': 'a545245abbcd81326a47c9c160dd2a46fa4b1c2a45a6909d5336b73a9dd9b1cc',
  '000005_alerts_incidents_statistics': 'ed65cd012f7dedd2e5698497c6afec53fabf7d2420d136a842dcc87ac5a2ee6f',
  '000006_infra': '0fea8de2d59b6e38bc2d4f94611835c0936d6cec039dbfd34db9325c19219b21',
  '000007_schema_bookkeeping': 'd413864c4bd31d2a7fca9e5c34cc20c7cff79197970c2f769c3fa1efae8baba7',
  '000008_etl_state_drop_cursor': '93dd02ef2ee4e28a40568e6f3a08fdb144459b54b5cf4d28b7261dd40d69a9f3',
  '000009_alert_definitions': '2fc2823737660da13d29323f26a6f829abab83780ce4ba7f3cd3d7fa5e016852',
  '000010_coverage': 'b8ccdb4caba0a02ec2d61d6c190909adc4347675790acac56e561b22f070c6a4',
  '000011_statistics_grain': '810cabf1ad3b50b1e2735425c3518bc366edeb3f1e1250a5b0077c4c4a2a63c8',
  '000012_run_crashed': '6f0f986b4673e793a29483c471fac4d6df981e4290d89728c09f04487ed75d36',
  '000013_report_subscriptions': '01d74694c9073c6824cf4d55e5c562fb436788bc53a41503a6309d0bac9d3f9e',
  '000014_accounts_and_workers': '53c8c6d6de852ad083f8c3d12680314e10c97fc2306d7729cabfc58c13cd13e1',
  '000015_raw_statistics': 'ec02ffeca380a3c7b3cb0f725d8a46304428effd52da9b4c5d6e31a532a992a9',
  '000016_checkpoints': '778a3451d40f78d2347d67bbd2407f8410fb0dd3669fbf4a31db047daef3f682',
  '000017_no_jit': 'bb0c234003eb7f37e5eb94443bc6d0bcbbd8dc61bf60e4d0045ee5e84ef68382',
  '000018_at_risk_deliveries': '22e6d446af5b836fec8af2c9748aa639216e7f322d00b84a6d4caac8f30ef0d1',
  '000019_statistics_cover_index': '3e29140a961d5f8efe4d173a897da8f3c53bc4d91e24fc971810abae47d3a0ab',
  '000020_source_truth': '4c362195fbd213c092482f41ad7281598faa3cf5bc302fa18964a0fdd8bfc6e3',
  '000024_demo_simulator': '35788c61aad0f6c8b82e0572f660455c472cb1ac86af2c5924af54bd17adda08',
};

describe('landed migrations', () => {
  const files = new Map(readMigrations().map((m) => [`${m.version}_${m.name}`, m.checksum]));

  it.each(Object.entries(LANDED))('%s is unchanged', (name, checksum) => {
    expect(files.get(name)).toBe(checksum);
  });

  it('every migration on disk is pinned (add the new one to LANDED when it lands)', () => {
    expect([...files.keys()].filter((name) => LANDED[name] === undefined)).toEqual([]);
  });
});
