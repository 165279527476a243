import { describe, expect, it } from 'vitest';
import { projectSettingsSchema, updateProjectInputSchema } from './projects.ts';
import { proxySettingsSchema } from './proxy.ts';

describe('proxySettingsSchema', () => {
  it('keeps an http(s) base URL without its trailing slash, record off and 100 routes by default', () => {
    expect(proxySettingsSchema.parse({ url: 'https://api.example.com/v1/' })).toEqual({
      url: 'https://api.example.com/v1',
      record: false,
      recordLimit: 100,
      recorded: [],
    });
  });

  it.each([
    ['ftp://example.com', 'proxy.url must be an http or https URL'],
    ['not a url', 'proxy.url must be an http or https URL'],
    ['https://user:secret@example.com', 'cannot hold a user name or password'],
    ['https://example.com/?a=1', 'cannot hold a query or a fragment'],
  ])('refuses %s, naming the problem', (url, message) => {
    const result = proxySettingsSchema.safeParse({ url });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });

  it('is a project setting, null by default, and a PATCH may set or clear it', () => {
    expect(projectSettingsSchema.parse({}).proxy).toBeNull();
    expect(
      updateProjectInputSchema.parse({ settings: { proxy: { url: 'http://a.example' } } }).settings
        ?.proxy?.url,
    ).toBe('http://a.example');
    expect(
      updateProjectInputSchema.parse({ settings: { proxy: null } }).settings?.proxy,
    ).toBeNull();
  });
});
