/**
 * Records the bodies the simulator served, one per line, into a file: the bench's ETL floor
 * (bench/etl-floor.ts) parses exactly the bytes a measured sync received, so its floor and the
 * sync's CPU describe the same work. Only whole JSON answers of status 200 are kept: a JSON text
 * never holds a raw line break, so one line is one body. Not a feature of the real service.
 */
import { closeSync, openSync, writeSync } from 'node:fs';

/** An open recording: appends bodies to its file until closed. */
export class BodyRecorder {
  readonly file: string;
  #fd: number | undefined;
  #bodies = 0;
  #bytes = 0;

  /** Creates (or truncates) `file`. */
  constructor(file: string) {
    this.file = file;
    this.#fd = openSync(file, 'w');
  }

  /** Appends one body. Synchronous on purpose: the recording must be complete when the run ends. */
  record(text: string): void {
    if (this.#fd === undefined) return;
    const line = `${text}\n`;
    writeSync(this.#fd, line);
    this.#bodies++;
    this.#bytes += Buffer.byteLength(line);
  }

  /** Closes the file; answers what it holds. */
  close(): { file: string; bodies: number; bytes: number } {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    return { file: this.file, bodies: this.#bodies, bytes: this.#bytes };
  }
}
