import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      MOCK_RATE_LIMIT: 500,
      MOCK_RATE_WINDOW_S: 300,
      OPENAPI_RATE_LIMIT: 5,
      isProduction: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('lists every bad variable in one error', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', MOCK_RATE_LIMIT: '-1' }),
    ).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', MOCK_RATE_LIMIT: '-1' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration:/);
      expect(message).toMatch(/PORT: /);
      expect(message).toMatch(/DATABASE_URL: /);
      expect(message).toMatch(/MOCK_RATE_LIMIT: /);
    }
  });

  it('takes a wildcard host of projects as a host name, and refuses a URL', () => {
    expect(loadConfig({}).MOCK_WILDCARD_HOST).toBeUndefined();
    expect(loadConfig({ MOCK_WILDCARD_HOST: ' Mocks.Example.com ' }).MOCK_WILDCARD_HOST).toBe(
      'mocks.example.com',
    );
    expect(loadConfig({ MOCK_WILDCARD_HOST: 'lvh.me:3000' }).MOCK_WILDCARD_HOST).toBe(
      'lvh.me:3000',
    );
    for (const bad of [
      'https://mocks.example.com',
      'mocks.example.com/p',
      '*.example.com',
      '-a.b',
    ]) {
      expect(() => loadConfig({ MOCK_WILDCARD_HOST: bad }), bad).toThrowError(
        /MOCK_WILDCARD_HOST: must be a host name such as mocks\.example\.com/,
      );
    }
  });

  it('turns the limit off with 0', () => {
    expect(loadConfig({ MOCK_RATE_LIMIT: '0' }).MOCK_RATE_LIMIT).toBe(0);
  });
});
