/**
 * Framing and checking of client messages (issue 32, finding 4): a length out of bounds or an
 * unknown type is refused as soon as the header shows it, and a message reaches the engine only
 * when it is well formed for its type.
 */
import { describe, expect, it } from 'vitest';
import { checkMessage, nextFrame, ProtocolViolation } from '../../../../src/load/wire/wire-messages.ts';

const MAX = 1024;
const typed = (type: string, body: Buffer): Buffer => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const int32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const int16 = (n: number): Buffer => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const z = (text: string): Buffer => Buffer.from(`${text}\0`);

describe('nextFrame', () => {
  it.each([
    ['a start-up length of 0x7fffffff', Buffer.concat([int32(0x7fffffff), int32(196_608)]), true],
    ['a start-up length of 4', int32(4), true],
    ['a negative start-up length', int32(-5), true],
    ['an unknown type', Buffer.from([0xc7]), false],
    ['a message length of 0x7fffffff', Buffer.concat([Buffer.from('Q'), int32(0x7fffffff)]), false],
    ['a message length past the limit', Buffer.concat([Buffer.from('Q'), int32(MAX + 1)]), false],
    ['a message length of 3', Buffer.concat([Buffer.from('Q'), int32(3)]), false],
  ])('refuses %s from its header', (_what, bytes, startup) => {
    expect(() => nextFrame(bytes, startup, MAX)).toThrow(ProtocolViolation);
  });

  it('waits for the rest of an incomplete message, then returns it whole', () => {
    const whole = typed('Q', z('select 1'));
    expect(nextFrame(whole.subarray(0, 7), false, MAX)).toBeUndefined();
    expect(nextFrame(whole, false, MAX)).toMatchObject({
      size: whole.length,
      frame: { kind: 'typed', type: 'Q' },
    });
  });
});

describe('checkMessage', () => {
  it.each([
    ['Q', z('select 1'), 'select 1'],
    ['P', Buffer.concat([z('s1'), z('select $1'), int16(1), int32(23)]), 'select $1'],
    [
      'B',
      Buffer.concat([z(''), z('s1'), int16(0), int16(1), int32(2), Buffer.from('42'), int16(0)]),
      undefined,
    ],
    ['B', Buffer.concat([z(''), z(''), int16(0), int16(1), int32(-1), int16(0)]), undefined],
    ['E', Buffer.concat([z(''), int32(0)]), undefined],
    ['D', Buffer.concat([Buffer.from('S'), z('s1')]), undefined],
    ['S', Buffer.alloc(0), undefined],
  ])('accepts a well-formed %s', (type, body, sql) => {
    expect(checkMessage(type, body)).toEqual(sql === undefined ? {} : { sql });
  });

  it.each([
    ['Q', Buffer.from('select 1'), 'not terminated'],
    ['Q', Buffer.concat([z('select 1'), z('; drop')]), 'extra data'],
    ['Q', Buffer.concat([Buffer.from([0xc3, 0x28]), Buffer.from([0])]), 'invalid byte sequence'],
    ['P', Buffer.concat([z(''), z('select 1'), int16(5)]), 'runs past'],
    ['P', Buffer.concat([z(''), z('select 1'), int16(-1)]), 'negative count'],
    ['B', Buffer.concat([z(''), z(''), int16(0), int16(1), int32(1_000_000)]), 'runs past'],
    ['B', Buffer.concat([z(''), z(''), int16(0), int16(1), int32(-7), int16(0)]), 'negative length'],
    ['E', z(''), 'too short'],
    ['D', Buffer.concat([Buffer.from('X'), z('s1')]), 'subtype'],
    ['S', Buffer.from([1]), 'extra data'],
  ])('refuses a malformed %s (%s)', (type, body, reason) => {
    expect(() => checkMessage(type, body)).toThrow(reason);
  });
});
