import { describe, expect, it } from 'vitest';
import type { LiveAnswer } from '../api/call-route.ts';
import { answeredByText } from './live-answer.tsx';

const answer = (headers: [string, string][]): LiveAnswer => ({
  status: 200,
  statusText: 'OK',
  headers,
  body: '{}',
  durationMs: 3,
});

describe('answeredByText', () => {
  it('names the rule by its place when X-Mock-Rule gives one, and by its name otherwise', () => {
    expect(
      answeredByText(
        answer([
          ['x-mock-response', 'premium'],
          ['x-mock-rule', '2'],
        ]),
      ),
    ).toBe('Answered by response premium · rule 2');
    expect(
      answeredByText(
        answer([
          ['x-mock-response', 'premium'],
          ['x-mock-rule', 'Gold plan'],
        ]),
      ),
    ).toBe('Answered by response premium · rule “Gold plan”');
    // A name outside ASCII comes percent-encoded.
    expect(
      answeredByText(
        answer([
          ['x-mock-response', encodeURIComponent('prêt')],
          ['x-mock-rule', encodeURIComponent('Forfait or')],
        ]),
      ),
    ).toBe('Answered by response prêt · rule “Forfait or”');
  });

  it('says no rule matched when the route has rules, and nothing without X-Mock-Response', () => {
    expect(answeredByText(answer([['x-mock-response', 'ok']]), 2)).toBe(
      'Answered by response ok · no rule matched',
    );
    expect(answeredByText(answer([]), 2)).toBeUndefined();
  });
});
