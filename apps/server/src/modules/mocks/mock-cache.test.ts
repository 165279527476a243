import {
  compileSample,
  compileTemplate,
  getSampleApi,
  type SampleCode,
  sampleTemplateText,
} from '@mocksmith/core';
import { describe, expect, it } from 'vitest';
import { toMockApi } from './mock-cache.ts';
import type { MockApiRecord } from './mocks.service.ts';

/** A stored GET API with this template text, official or a user's. */
function record(requestId: string, template: string, isOfficial: boolean): MockApiRecord {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    requestId,
    method: 'GET',
    customEndpoint: null,
    delay: 0,
    authToken: null,
    httpCode: 200,
    customHeaders: [],
    template,
    isOfficial,
  };
}

const CODES: SampleCode[] = ['weather', 'banking', 'analytics', 'social'];

describe('toMockApi', () => {
  it('serves an official sample API with its story, as core compiles the sample', () => {
    for (const code of CODES) {
      const api = toMockApi(record(code, sampleTemplateText(getSampleApi(code)), true));
      expect(api?.staticBody).toBeNull();
      for (const seed of ['1', '2', 'x']) {
        expect(api?.compiled.generate({ seed }), `${code} ${seed}`).toEqual(
          compileSample(code).generate({ seed }),
        );
      }
    }
  });

  it("serves a user's copy of a sample template as written, without the story", () => {
    const text = sampleTemplateText(getSampleApi('social'));
    const plain = compileTemplate(JSON.parse(text));
    if (!plain.ok) throw new Error('the social template is invalid');
    for (const [requestId, isOfficial] of [
      ['k3j9x0abcd12efgh', false],
      ['social', false],
      ['k3j9x0abcd12efgh', true],
    ] as const) {
      const api = toMockApi(record(requestId, text, isOfficial));
      expect(api?.compiled.generate({ seed: '5' })).toEqual(plain.value.generate({ seed: '5' }));
    }
  });
});
