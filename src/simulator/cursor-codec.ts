/**
 * Opaque alert cursors. Like the real service's (since February 2025), they are long standard-base64
 * strings containing `+`, `/` and `=`, so a client that forgets to URL-encode them breaks visibly.
 * A cursor encodes the whole query (scope, window, flags, Take) and the position after which the
 * batch starts; a checksum keyed by the dataset rejects edited cursors and cursors of another dataset.
 */
import { hash32 } from './seeded-random.ts';

/** Everything a cursor remembers. Times are Unix seconds. */
export interface CursorPayload {
  scopeKind: 'monitor' | 'group';
  scopeIndex: number;
  includeReminders: boolean;
  ascending: boolean;
  take: number;
  startSec: number;
  endSec: number;
  /** Sort key of the last alert before this batch, or -1 for "from the beginning". */
  afterKey: number;
  /** Simulator clock (seconds) when the query was first made; cursors expire relative to it. */
  issuedSec: number;
}

const VERSION = 2;
const BODY_BYTES = 48;
// 88 bytes: 1 nonce + 48 body + 4 checksum + padding; 88 % 3 == 1, so the text always ends in "==".
const TOTAL_BYTES = 88;

function keystream(secret: number, nonce: number, i: number): number {
  return hash32(secret, nonce, i) & 0xff;
}

function checksum(secret: number, body: Buffer): number {
  let h = hash32(secret, 'cursor');
  for (let i = 0; i < body.length; i += 4) h = hash32(h, body.readUInt32LE(i));
  return h;
}

/** Encodes a cursor; `secret` ties it to one dataset (seed, size and clock at generation). */
export function encodeCursor(p: CursorPayload, secret: number): string {
  const body = Buffer.alloc(BODY_BYTES);
  body.writeUInt8(VERSION, 0);
  body.writeUInt8(p.scopeKind === 'group' ? 1 : 0, 1);
  body.writeUInt8((p.includeReminders ? 1 : 0) | (p.ascending ? 2 : 0), 2);
  body.writeUInt8(p.take, 3);
  body.writeUInt32LE(p.scopeIndex, 4);
  body.writeDoubleLE(p.startSec, 8);
  body.writeDoubleLE(p.endSec, 16);
  body.writeDoubleLE(p.afterKey, 24);
  body.writeDoubleLE(p.issuedSec, 32);
  body.writeUInt32LE(hash32(secret, 'tag'), 40);
  body.writeUInt32LE(checksum(secret, body.subarray(0, 44)), 44);
  // Try nonces until the text shows both '+' and '/', as real cursors do; deterministic per payload.
  let fallback = '';
  for (let nonce = 0; nonce < 256; nonce++) {
    const out = Buffer.alloc(TOTAL_BYTES);
    out.writeUInt8(nonce, 0);
    for (let i = 0; i < TOTAL_BYTES - 1; i++) {
      const plain = i < BODY_BYTES ? body[i]! : hash32(secret, 'pad', i, body.readUInt32LE(44)) & 0xff;
      out[i + 1] = plain ^ keystream(secret, nonce, i);
    }
    const text = out.toString('base64');
    if (text.includes('+') && text.includes('/')) return text;
    if (nonce === 0) fallback = text;
  }
  return fallback;
}

/** Decodes a cursor; undefined when it is not one of ours (garbled, edited, other dataset). */
export function decodeCursor(text: string, secret: number): CursorPayload | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined;
  const raw = Buffer.from(text, 'base64');
  if (raw.length !== TOTAL_BYTES || raw.toString('base64') !== text) return undefined;
  const nonce = raw[0]!;
  const body = Buffer.alloc(BODY_BYTES);
  for (let i = 0; i < BODY_BYTES; i++) body[i] = raw[i + 1]! ^ keystream(secret, nonce, i);
  if (body.readUInt8(0) !== VERSION || body.readUInt32LE(40) !== hash32(secret, 'tag')) return undefined;
  if (body.readUInt32LE(44) !== checksum(secret, body.subarray(0, 44))) return undefined;
  // The padding is derived too, so an edit anywhere in the text is detected.
  for (let i = BODY_BYTES; i < TOTAL_BYTES - 1; i++) {
    if (
      (raw[i + 1]! ^ keystream(secret, nonce, i)) !==
      (hash32(secret, 'pad', i, body.readUInt32LE(44)) & 0xff)
    )
      return undefined;
  }
  const flags = body.readUInt8(2);
  return {
    scopeKind: body.readUInt8(1) === 1 ? 'group' : 'monitor',
    scopeIndex: body.readUInt32LE(4),
    includeReminders: (flags & 1) !== 0,
    ascending: (flags & 2) !== 0,
    take: body.readUInt8(3),
    startSec: body.readDoubleLE(8),
    endSec: body.readDoubleLE(16),
    afterKey: body.readDoubleLE(24),
    issuedSec: body.readDoubleLE(32),
  };
}
