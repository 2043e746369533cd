/**
 * Unpacks a ustar archive into a folder as its bytes arrive, one chunk at a time: the embedded
 * warehouse's template (pglite-template.ts) is 4 MB of gzip and 40 MB of tar, and unpacked whole
 * (gunzipSync) it left the command's process about 40 MB larger for good: the C library's heap
 * keeps the pages of the freed buffer, so every `sync`, `nightly` and `demo` into a new directory
 * carried them to its peak (docs/performance.md, "The embedded warehouse (PGlite)"). Here no more
 * than one chunk and one 512-byte header are held, whatever the size of a file.
 *
 * Only what the template holds is accepted: regular files and directories. Files are written 0600
 * and folders 0700; an entry that would leave the folder is refused. Entries that `last` selects
 * are held in memory (they must be small) and written after all the others, so a copy cut short is
 * not taken for a complete one.
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

const BLOCK = 512;

/** The unpacking of one archive into `root`. */
export class TarUnpacker {
  readonly #root: string;
  readonly #last: (name: string) => boolean;
  readonly #header = Buffer.alloc(BLOCK);
  #headerFill = 0;
  /** Bytes of the current file still to come, then of its padding. */
  #remaining = 0;
  #padding = 0;
  #fd: number | undefined;
  #held: { target: string; chunks: Buffer[] } | undefined;
  readonly #deferred: { target: string; content: Buffer }[] = [];
  #ended = false;

  /** Unpacks into `root` (an existing folder). */
  constructor(root: string, last: (name: string) => boolean = () => false) {
    this.#root = path.resolve(root);
    this.#last = last;
  }

  /** Takes the archive's next bytes. */
  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && !this.#ended) {
      if (this.#remaining > 0) {
        const n = Math.min(this.#remaining, chunk.length - at);
        this.#content(chunk.subarray(at, at + n));
        at += n;
        this.#remaining -= n;
        if (this.#remaining === 0) this.#endFile();
      } else if (this.#padding > 0) {
        const n = Math.min(this.#padding, chunk.length - at);
        at += n;
        this.#padding -= n;
      } else {
        const n = Math.min(BLOCK - this.#headerFill, chunk.length - at);
        chunk.copy(this.#header, this.#headerFill, at, at + n);
        this.#headerFill += n;
        at += n;
        if (this.#headerFill === BLOCK) {
          this.#headerFill = 0;
          this.#entry();
        }
      }
    }
  }

  /** Ends the archive: writes the held entries; throws when it stopped inside an entry. */
  finish(): void {
    if (this.#remaining > 0 || this.#headerFill > 0) {
      if (this.#fd !== undefined) closeSync(this.#fd);
      throw new Error('the template archive ends inside an entry');
    }
    for (const { target, content } of this.#deferred) writeFileSync(target, content, { mode: 0o600 });
    this.#deferred.length = 0;
  }

  #text(from: number, length: number): string {
    return this.#header.toString('latin1', from, from + length).replace(/\0.*$/s, '');
  }

  #entry(): void {
    const name = this.#text(0, 100);
    if (name === '') {
      this.#ended = true;
      return;
    }
    const prefix = this.#text(345, 155);
    const full = prefix === '' ? name : `${prefix}/${name}`;
    const size = Number.parseInt(this.#text(124, 12).trim() || '0', 8);
    const type = this.#text(156, 1);
    if (type !== '0' && type !== '' && type !== '5') throw new Error(`template entry ${full}: type ${type}`);
    const target = path.resolve(this.#root, `.${path.posix.sep}${full.replace(/^\/+/, '')}`);
    if (!target.startsWith(`${this.#root}${path.sep}`))
      throw new Error(`template entry ${full} leaves the folder`);
    if (type === '5') {
      mkdirSync(target, { recursive: true, mode: 0o700 });
      return;
    }
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    if (this.#last(full.replace(/^\/+/, ''))) this.#held = { target, chunks: [] };
    else this.#fd = openSync(target, 'w', 0o600);
    this.#remaining = size;
    this.#padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (size === 0) this.#endFile();
  }

  #content(bytes: Buffer): void {
    if (this.#held !== undefined) {
      this.#held.chunks.push(Buffer.from(bytes));
      return;
    }
    for (let written = 0; written < bytes.length; ) {
      written += writeSync(this.#fd!, bytes, written, bytes.length - written);
    }
  }

  #endFile(): void {
    if (this.#held !== undefined) {
      this.#deferred.push({ target: this.#held.target, content: Buffer.concat(this.#held.chunks) });
      this.#held = undefined;
    } else if (this.#fd !== undefined) {
      closeSync(this.#fd);
      this.#fd = undefined;
    }
  }
}
