/** Request URLs and the route templates that name them. */
import { ConfigError } from '../../../../src/errors.ts';
import { resolveClientSettings } from '../../../../src/extract/http/client-settings.ts';
import { buildRequestUrl, routeTemplate } from '../../../../src/extract/http/request-url.ts';
import { describe, expect, it } from 'vitest';

const BASE = new URL('https://api.uptrends.com/v4');
// The KB's example cursor (facts 2.1): base64 with +, / and =.
const CURSOR =
  'qKLVZ/HGD2XeFkiwNFWJK+nRDuOjjBRipct8qOfRjRmGUG8F5P1WzrQ4p3JFfXoErs96xb+DS0SAPW+XDUi9Zw/zdo4uHXL3TYBhodxfQQul3L4mwDk=';

describe('buildRequestUrl', () => {
  it('appends the path to the base path', () => {
    expect(buildRequestUrl(BASE, '/Monitor').toString()).toBe('https://api.uptrends.com/v4/Monitor');
    expect(buildRequestUrl(new URL('http://h/v4/'), 'Monitor').toString()).toBe('http://h/v4/Monitor');
    expect(buildRequestUrl(new URL('http://h'), '/v1/account').toString()).toBe('http://h/v1/account');
  });

  it('percent-encodes a cursor so the service reads back the same string', () => {
    const url = buildRequestUrl(BASE, '/Alert/MonitorGroup/g', { Cursor: CURSOR });
    expect(url.search).not.toMatch(/[+/]|=.*=/);
    expect(url.search).toContain('%2B');
    expect(url.search).toContain('%2F');
    expect(url.search).toContain('%3D');
    expect(url.searchParams.get('Cursor')).toBe(CURSOR);
  });

  it('drops undefined values and writes booleans and numbers as text', () => {
    const url = buildRequestUrl(BASE, '/Alert/Monitor/m', {
      IncludeReminders: true,
      Take: 100,
      Cursor: undefined,
      Start: '2025-01-01T00:00:00',
    });
    expect(url.search).toBe('?IncludeReminders=true&Take=100&Start=2025-01-01T00%3A00%3A00');
  });

  it('keeps a query written into the path', () => {
    const url = buildRequestUrl(BASE, '/Statistics/Monitor/m?PresetPeriod=PreviousDay', { Dimension: 'Day' });
    expect(url.pathname).toBe('/v4/Statistics/Monitor/m');
    expect([...url.searchParams]).toEqual([
      ['PresetPeriod', 'PreviousDay'],
      ['Dimension', 'Day'],
    ]);
  });
});

describe('resolveClientSettings', () => {
  const o = { name: 'api' as const, baseUrl: 'http://h/v4', username: 'u', password: 'p' };

  it('applies the documented defaults', () => {
    const s = resolveClientSettings(o);
    expect(s).toMatchObject({
      concurrency: 4,
      maxRps: undefined,
      connectMs: 10_000,
      headersMs: 30_000,
      bodyMs: 60_000,
    });
    expect(s.retry).toEqual({
      maxAttempts: 6,
      baseDelayMs: 500,
      maxDelayMs: 30_000,
      maxRetryAfterMs: 120_000,
    });
  });

  it.each([
    [{ concurrency: 0 }, 'concurrency'],
    [{ concurrency: 2.5 }, 'concurrency'],
    [{ maxRps: -1 }, 'maxRps'],
    [{ retry: { maxAttempts: 0 } }, 'retry.maxAttempts'],
    [{ timeouts: { headersMs: Number.NaN } }, 'timeouts.headersMs'],
  ])('rejects %j naming the option', (extra, option) => {
    let error: unknown;
    try {
      resolveClientSettings({ ...o, ...extra });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).context.option).toBe(option);
  });

  it('rejects an invalid base URL and credentials inside it, without echoing them', () => {
    expect(() => resolveClientSettings({ ...o, baseUrl: 'not a url' })).toThrow(ConfigError);
    let error: unknown;
    try {
      resolveClientSettings({ ...o, baseUrl: 'http://user:hunter22@h/v4' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect(JSON.stringify(error) + (error as Error).message).not.toContain('hunter22');
  });
});

describe('routeTemplate', () => {
  it.each([
    ['/Alert/MonitorGroup/0b9c3a8e-4b6f-4f3e-9d2a-6a0c8f1e2d3b', '/Alert/MonitorGroup/{guid}'],
    ['/Alert/Monitor/0B9C3A8E-4B6F-4F3E-9D2A-6A0C8F1E2D3B', '/Alert/Monitor/{guid}'],
    ['/MonitorGroup/0b9c3a8e-4b6f-4f3e-9d2a-6a0c8f1e2d3b/Member', '/MonitorGroup/{guid}/Member'],
    ['/Timezone/56', '/Timezone/{id}'],
    ['/Monitor', '/Monitor'],
    ['/v1/DeviceGroupData?DeviceGroup=12&Take=10', '/v1/DeviceGroupData'],
    ['Account/Settings', '/Account/Settings'],
    ['/MonitorCheck/171193848695', '/MonitorCheck/{id}'],
  ])('%s -> %s', (path, template) => {
    expect(routeTemplate(path)).toBe(template);
  });

  it('recognises a percent-encoded GUID and leaves a stray % alone', () => {
    expect(routeTemplate('/Monitor/0b9c3a8e%2D4b6f-4f3e-9d2a-6a0c8f1e2d3b')).toBe('/Monitor/{guid}');
    expect(routeTemplate('/Monitor/50%')).toBe('/Monitor/50%');
  });

  it('does not take a GUID-like name for a GUID', () => {
    expect(routeTemplate('/Monitor/0b9c3a8e-4b6f-4f3e-9d2a')).toBe('/Monitor/0b9c3a8e-4b6f-4f3e-9d2a');
  });
});
