/**
 * What a dry run shows of a mail's files (`nightly --dry-run`, `report send --dry-run`): the report
 * set is written into a temporary folder of its own, so its names, sizes and the attachment rule
 * (`planAttachments`) are those of the real run, then the folder is removed. Nothing is left in
 * the output folder; the names are given as the real run would write them there.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { planAttachments } from './send-report-mail.ts';

/** The files a mail would carry, named as in the output folder. */
export interface PreviewedFiles {
  /** Every file the run would write, in the order the mail lists them. */
  readonly files: readonly string[];
  /** The ones the mail would attach. */
  readonly attached: readonly string[];
  /** The ones it would only name, being over the size limit together. */
  readonly omitted: readonly string[];
}

/**
 * Runs `write` into a temporary folder, plans the attachments from the files it wrote and removes
 * the folder again (also when `write` fails). `outDir` is where the real run would put them.
 */
export async function previewReportFiles(
  outDir: string,
  write: (dir: string) => Promise<readonly string[]>,
): Promise<PreviewedFiles> {
  const scratch = await mkdtemp(join(tmpdir(), 'uptrends-etl-dry-run-'));
  try {
    const written = await write(scratch);
    const plan = await planAttachments(written);
    const named = (paths: readonly string[]): string[] => paths.map((p) => join(outDir, basename(p)));
    return { files: named(written), attached: named(plan.attached), omitted: named(plan.omitted) };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
