import { describe, expect, it } from 'vitest';
import { drawValues } from '../../testing/draw.ts';
import { internetTypes } from './internet.ts';

describe('internet types', () => {
  it('urls and domains look right', () => {
    for (const v of drawValues(internetTypes, 'string.internet.url')) {
      expect(v).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]{2,4}(\/[a-z0-9-]+)*$/);
    }
    for (const v of drawValues(internetTypes, 'string.internet.domain'))
      expect(v).toMatch(/^[a-z0-9-]+\.[a-z]{2,4}$/);
    for (const v of drawValues(internetTypes, 'string.internet.hostname')) {
      expect(v).toMatch(/^[a-z]+\.[a-z0-9-]+\.[a-z]{2,4}$/);
    }
  });

  it('ipv4 has four octets of 0..255', () => {
    for (const v of drawValues(internetTypes, 'string.internet.ipv4')) {
      const parts = (v as string).split('.');
      expect(parts).toHaveLength(4);
      for (const p of parts) {
        expect(p).toMatch(/^(0|[1-9]\d{0,2})$/);
        expect(Number(p)).toBeLessThanOrEqual(255);
      }
    }
  });

  it('ipv6 has eight hex groups and mac six unicast bytes', () => {
    for (const v of drawValues(internetTypes, 'string.internet.ipv6'))
      expect(v).toMatch(/^([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}$/);
    for (const v of drawValues(internetTypes, 'string.internet.mac')) {
      expect(v).toMatch(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
      expect(Number.parseInt((v as string).slice(0, 2), 16) % 2).toBe(0);
    }
  });

  it('port, status and method are valid', () => {
    for (const v of drawValues(internetTypes, 'number.internet.port')) {
      expect(Number.isInteger(v)).toBe(true);
      expect(v as number).toBeGreaterThanOrEqual(1);
      expect(v as number).toBeLessThanOrEqual(65_535);
    }
    const statuses = drawValues<number>(internetTypes, 'number.internet.httpstatus', {
      count: 500,
    });
    for (const v of statuses) {
      expect(v).toBeGreaterThanOrEqual(100);
      expect(v).toBeLessThan(600);
    }
    expect(statuses.filter((s) => s >= 200 && s < 300).length).toBeGreaterThan(statuses.length / 2);
    for (const v of drawValues(internetTypes, 'string.internet.httpmethod')) {
      expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']).toContain(v);
    }
  });

  it('password is strong', () => {
    for (const v of drawValues(internetTypes, 'string.internet.password')) {
      const p = v as string;
      expect(p.length).toBeGreaterThanOrEqual(12);
      expect(p.length).toBeLessThanOrEqual(20);
      expect(p).toMatch(/[a-z]/);
      expect(p).toMatch(/[A-Z]/);
      expect(p).toMatch(/\d/);
      expect(p).toMatch(/[^A-Za-z0-9]/);
    }
  });

  it('slug, username, avatar, user agent and emoji look right', () => {
    for (const v of drawValues(internetTypes, 'string.internet.slug'))
      expect(v).toMatch(/^[a-z0-9]+(-[a-z0-9]+){1,2}$/);
    for (const v of drawValues(internetTypes, 'string.internet.username'))
      expect(v).toMatch(/^[a-z0-9._]+$/);
    for (const v of drawValues(internetTypes, 'string.internet.avatar'))
      expect(v).toMatch(/^https:\/\/\S+$/);
    for (const v of drawValues(internetTypes, 'string.internet.useragent'))
      expect(v).toMatch(/^Mozilla\/5\.0 \(/);
    for (const v of drawValues(internetTypes, 'string.internet.emoji')) {
      expect((v as string).length).toBeGreaterThan(0);
      expect(v).toMatch(/\p{Extended_Pictographic}|\p{Regional_Indicator}|[\u2000-\u2bff]/u);
    }
  });

  it('is reproducible under a seed', () => {
    for (const d of internetTypes) {
      expect(JSON.stringify(drawValues(internetTypes, d.name, { count: 20, seed: 42 }))).toBe(
        JSON.stringify(drawValues(internetTypes, d.name, { count: 20, seed: 42 })),
      );
    }
  });
});
