import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/errors.ts';
import { decideFault } from '../../../src/simulator/faults/decide-fault.ts';
import { noFaults, parseFaultSpec } from '../../../src/simulator/faults/parse-fault-spec.ts';

describe('parseFaultSpec', () => {
  it('reads every key of the grammar', () => {
    const s = parseFaultSpec(
      ' latency=50, jitter=20,rate429=0.05,retryAfter=2,error500=0.05,error503=0.02,reset=0.02,truncate=0.02,malformed=0.01,slow=0.01,slowMs=30000,expireCursor=0.05,repeatCursor=0.02,outage=/Monitor$,scope=^/v4/Alert,maxPerUrl=5,seed=77',
    );
    expect(s).toMatchObject({
      latencyMs: 50,
      jitterMs: 20,
      rate429: 0.05,
      retryAfterSec: 2,
      error500: 0.05,
      error503: 0.02,
      reset: 0.02,
      truncate: 0.02,
      malformed: 0.01,
      slow: 0.01,
      slowMs: 30_000,
      expireCursor: 0.05,
      repeatCursor: 0.02,
      maxPerUrl: 5,
      seed: 77,
    });
    expect(s.outage?.test('/v4/Monitor')).toBe(true);
    expect(s.outage?.test('/v4/Monitor/abc')).toBe(false);
    expect(s.scope?.source).toBe('^\\/v4\\/Alert');
  });

  it('treats empty, none and off as no faults', () => {
    for (const text of [undefined, '', '  ', 'none', 'off']) expect(parseFaultSpec(text)).toEqual(noFaults());
  });

  it('names the offending key in a ConfigError', () => {
    const cases: [string, RegExp][] = [
      ['latency=-1', /latency/],
      ['error500=1.5', /error500/],
      ['rate429', /rate429/],
      ['nope=1', /unknown key "nope"/],
      ['outage=[', /outage/],
      ['reset=0.7,truncate=0.4', /more than 1/],
    ];
    for (const [text, message] of cases) {
      expect(() => parseFaultSpec(text)).toThrow(ConfigError);
      expect(() => parseFaultSpec(text)).toThrow(message);
    }
  });
});

describe('decideFault', () => {
  const spec = parseFaultSpec(
    'rate429=0.1,error500=0.2,error503=0.1,reset=0.05,truncate=0.05,malformed=0.05,slow=0.05',
  );

  it('is a pure function of seed, method, URL and attempt', () => {
    for (let i = 0; i < 200; i++) {
      const url = `/v4/Monitor/${i}?x=1`;
      expect(decideFault(spec, 1, 'GET', url, 0, 0)).toEqual(decideFault(spec, 1, 'GET', url, 0, 0));
    }
    const a = Array.from({ length: 200 }, (_, i) => decideFault(spec, 1, 'GET', `/u/${i}`, 0, 0).kind);
    const b = Array.from({ length: 200 }, (_, i) => decideFault(spec, 2, 'GET', `/u/${i}`, 0, 0).kind);
    expect(a).not.toEqual(b);
  });

  it('hits each kind at about its configured rate', () => {
    const counts = new Map<string, number>();
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const k = decideFault(spec, 3, 'GET', `/v4/Alert/Monitor/x?i=${i}`, 0, 0).kind ?? 'none';
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    const expected: Record<string, number> = {
      rate429: 0.1,
      error500: 0.2,
      error503: 0.1,
      reset: 0.05,
      truncate: 0.05,
      malformed: 0.05,
      slow: 0.05,
      none: 0.4,
    };
    for (const [k, p] of Object.entries(expected))
      expect(Math.abs((counts.get(k) ?? 0) / n - p)).toBeLessThan(0.015);
  });

  it('stops faulting a URL after maxPerUrl faulted attempts, except a permanent outage', () => {
    const always = parseFaultSpec('error500=1,maxPerUrl=2,outage=^/down');
    expect(decideFault(always, 1, 'GET', '/x', 0, 0).kind).toBe('error500');
    expect(decideFault(always, 1, 'GET', '/x', 1, 1).kind).toBe('error500');
    expect(decideFault(always, 1, 'GET', '/x', 2, 2).kind).toBeUndefined();
    expect(decideFault(always, 1, 'GET', '/down/here', 9, 9).outage).toBe(true);
  });

  it('limits random faults to the scope and cursor faults to requests carrying a cursor', () => {
    const scoped = parseFaultSpec('error500=1,scope=^/v4/Alert');
    expect(decideFault(scoped, 1, 'GET', '/v4/Monitor', 0, 0).kind).toBeUndefined();
    expect(decideFault(scoped, 1, 'GET', '/v4/Alert/Monitor/a', 0, 0).kind).toBe('error500');
    const cursors = parseFaultSpec('expireCursor=1');
    expect(decideFault(cursors, 1, 'GET', '/v4/Alert/Monitor/a?Take=5', 0, 0).expireCursor).toBe(false);
    expect(decideFault(cursors, 1, 'GET', '/v4/Alert/Monitor/a?Cursor=abc', 0, 0).expireCursor).toBe(true);
    const repeat = parseFaultSpec('repeatCursor=1');
    expect(decideFault(repeat, 1, 'GET', '/a?cursor=abc', 0, 0).repeatCursor).toBe(true);
  });

  it('adds latency plus a jitter below its bound', () => {
    const s = parseFaultSpec('latency=100,jitter=50');
    const delays = Array.from({ length: 500 }, (_, i) => decideFault(s, 1, 'GET', `/d/${i}`, 0, 0).delayMs);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...delays)).toBeLessThan(150);
    expect(new Set(delays).size).toBeGreaterThan(20);
  });
});
