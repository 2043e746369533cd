/**
 * Whether a program is on PATH: the print tests run LibreOffice (`soffice`) and poppler
 * (`pdftotext`), which `.ci/run` installs; elsewhere they are skipped rather than failed.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** True when `command -v <command>` finds it; the name is a fixed test constant, never input. */
export async function onPath(command: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}
