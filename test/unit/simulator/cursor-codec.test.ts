import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeCursor, encodeCursor, type CursorPayload } from '../../../src/simulator/cursor-codec.ts';

const payload = fc.record<CursorPayload>({
  scopeKind: fc.constantFrom('monitor', 'group'),
  scopeIndex: fc.integer({ min: 0, max: 20_000 }),
  includeReminders: fc.boolean(),
  ascending: fc.boolean(),
  take: fc.integer({ min: 1, max: 100 }),
  startSec: fc.integer({ min: 0, max: 2_000_000_000 }),
  endSec: fc.integer({ min: 0, max: 2_000_000_000 }),
  afterKey: fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER })),
  issuedSec: fc.integer({ min: 0, max: 2_000_000_000 }),
});

describe('cursor codec', () => {
  it('round-trips every payload', () => {
    fc.assert(
      fc.property(payload, fc.integer({ min: 0, max: 2 ** 32 - 1 }), (p, secret) => {
        expect(decodeCursor(encodeCursor(p, secret), secret)).toEqual(p);
      }),
    );
  });

  it('looks like the real cursors: long standard base64 with + and / and = padding', () => {
    fc.assert(
      fc.property(payload, (p) => {
        const text = encodeCursor(p, 42);
        expect(text).toHaveLength(120);
        expect(text).toMatch(/^[A-Za-z0-9+/]+==$/);
        expect(text).toContain('+');
        expect(text).toContain('/');
      }),
    );
  });

  it('is deterministic for a payload and differs between positions', () => {
    const p: CursorPayload = {
      scopeKind: 'group',
      scopeIndex: 0,
      includeReminders: false,
      ascending: false,
      take: 100,
      startSec: 1,
      endSec: 2,
      afterKey: 10,
      issuedSec: 3,
    };
    expect(encodeCursor(p, 7)).toBe(encodeCursor({ ...p }, 7));
    expect(encodeCursor({ ...p, afterKey: 11 }, 7)).not.toBe(encodeCursor(p, 7));
  });

  it('rejects any single-character edit, another dataset secret and non-cursors', () => {
    const p: CursorPayload = {
      scopeKind: 'monitor',
      scopeIndex: 3,
      includeReminders: true,
      ascending: true,
      take: 50,
      startSec: 1_700_000_000,
      endSec: 1_700_086_400,
      afterKey: -1,
      issuedSec: 1_700_000_100,
    };
    const text = encodeCursor(p, 99);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 117 }), fc.constantFrom(...alphabet), (pos, ch) => {
        fc.pre(text[pos] !== ch);
        expect(decodeCursor(`${text.slice(0, pos)}${ch}${text.slice(pos + 1)}`, 99)).toBeUndefined();
      }),
    );
    expect(decodeCursor(text, 100)).toBeUndefined();
    expect(decodeCursor(text.replaceAll('+', ' '), 99)).toBeUndefined();
    expect(decodeCursor('', 99)).toBeUndefined();
    expect(
      decodeCursor(
        'qKLVZ/HGD2XeFkiwNFWJK+nRDuOjjBRipct8qOfRjRmGUG8F5P1WzrQ4p3JFfXoErs96xb+DS0SAPW+XDUi9Zw/zdo4uHXL3TYBhodxfQQul3L4mwDk=',
        99,
      ),
    ).toBeUndefined();
  });
});
