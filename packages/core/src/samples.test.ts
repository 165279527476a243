import { describe, expect, it } from 'vitest';
import { sampleBodySchemas } from './sample-bodies.ts';
import { compileSample, sampleStory } from './sample-stories.ts';
import { getSampleApi, SAMPLE_APIS, SAMPLE_CODES, sampleTemplateText } from './samples.ts';
import { prepareTemplate } from './template/compile.ts';
import { showcaseKeys } from './testing/showcase-shapes.ts';

type Obj = Record<string, unknown>;

const keys = (value: unknown) => Object.keys(value as Obj);

/** A body of the sample as the server serves it: its template, then its story. */
function body(code: (typeof SAMPLE_CODES)[number], seed = 7): Obj {
  return compileSample(code).generate({ seed }) as Obj;
}

describe('SAMPLE_APIS', () => {
  it('holds the four samples of the showcase, in order, as GET APIs', () => {
    expect(SAMPLE_APIS.map((s) => s.code)).toEqual([...SAMPLE_CODES]);
    expect(SAMPLE_CODES).toEqual(['weather', 'banking', 'analytics', 'social']);
    for (const sample of SAMPLE_APIS) expect(sample.method).toBe('GET');
  });

  it('every template is valid in full mode', () => {
    for (const sample of SAMPLE_APIS) {
      const prepared = prepareTemplate(sampleTemplateText(sample), { mode: 'full' });
      expect(prepared.ok, sample.code).toBe(true);
    }
  });

  it('sampleTemplateText pretty-prints with two spaces and parses back', () => {
    const sample = getSampleApi('weather');
    expect(sampleTemplateText(sample).split('\n')[1]).toBe(
      '  "location": "object.weather.location",',
    );
    expect(JSON.parse(sampleTemplateText(sample))).toEqual(sample.template);
  });

  it('weather gives the showcase shape with five forecast days', () => {
    const weather = body('weather');
    expect(keys(weather)).toEqual(showcaseKeys.weather.root);
    expect(keys(weather.location)).toEqual(showcaseKeys.weather.location);
    expect(keys(weather.current)).toEqual(showcaseKeys.weather.current);
    expect(weather.forecast).toHaveLength(5);
  });

  it('banking keeps the sample_ placeholder and three accounts', () => {
    const banking = body('banking');
    expect(keys(banking)).toEqual(['customerInfo', 'accounts', 'transactions', 'insights']);
    expect((banking.accounts as Obj[]).map((a) => a.type)).toEqual([
      'checking',
      'savings',
      'credit',
    ]);
    for (const tx of banking.transactions as Obj[])
      expect(tx.description).toBe('sample_transaction');
  });

  it('analytics gives the showcase shape with seven daily visits', () => {
    const analytics = body('analytics');
    expect(keys(analytics)).toEqual(showcaseKeys.analytics.root);
    expect((analytics.dailyVisits as Obj).data).toHaveLength(7);
  });

  it('social gives platforms of the showcase shape', () => {
    const social = body('social');
    expect(keys(social)).toEqual(['platforms']);
    for (const platform of social.platforms as Obj[]) {
      expect(keys(platform)).toEqual(showcaseKeys.social.platform);
    }
  });
});

describe('sampleBodySchemas', () => {
  it('accept every generated body as it is, whatever the seed', () => {
    for (const code of SAMPLE_CODES) {
      for (let seed = 1; seed <= 20; seed++) {
        const generated = body(code, seed);
        // Unknown keys are dropped by parsing: equal means the body has exactly the schema's keys.
        expect(sampleBodySchemas[code].parse(generated), `${code} seed ${seed}`).toStrictEqual(
          generated,
        );
      }
    }
  });

  it('refuse a body of another sample, or one with a missing or mistyped field', () => {
    const weather = body('weather');
    expect(sampleBodySchemas.weather.safeParse(body('banking')).success).toBe(false);
    expect(
      sampleBodySchemas.banking.safeParse({ ...body('banking'), accounts: 'none' }).success,
    ).toBe(false);
    expect(sampleBodySchemas.analytics.safeParse({ error: 'Not Found' }).success).toBe(false);
    expect(sampleBodySchemas.social.safeParse({ platforms: [{ name: 'Twitter' }] }).success).toBe(
      false,
    );
    const current = { ...(weather.current as Obj), temp: Number.NaN };
    expect(sampleBodySchemas.weather.safeParse({ ...weather, current }).success).toBe(false);
  });
});

describe('sampleStory', () => {
  it('tells the story of each sample API, and of no other id', () => {
    for (const code of SAMPLE_CODES) expect(sampleStory(code)).toBeTypeOf('function');
    for (const id of ['k3j9x0abcd12efgh', 'todo', 'toString', '__proto__', 'constructor'])
      expect(sampleStory(id), id).toBeUndefined();
  });
});

describe('getSampleApi', () => {
  it('throws on an unknown code', () => {
    expect(() => getSampleApi('todo' as 'weather')).toThrow(/todo/);
  });
});
