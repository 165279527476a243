import { describe, expect, it } from 'vitest';
import { routeRulesSchema } from '../schemas/rules.ts';
import { compileRules, ruleProblems } from './rule-match.ts';
import {
  describeRule,
  MAX_CONDITIONS_PER_RULE,
  MAX_RULE_IN_VALUES,
  MAX_RULE_MATCH_LENGTH,
  MAX_RULE_PATTERN_SIZE,
  MAX_RULE_VALUE_LENGTH,
  MAX_RULES_PER_ROUTE,
  MAX_RULES_PROGRAM_SIZE,
  type RouteRule,
  type RuleCondition,
  type RuleOperator,
  type RuleRequest,
  type RuleSource,
} from './rules.ts';

// Core has no DOM or Node types; the timer is there in both.
declare const performance: { now(): number };

const request = (parts: Partial<RuleRequest> = {}): RuleRequest => ({
  params: {},
  query: {},
  headers: {},
  body: null,
  ...parts,
});

const REQUEST = request({
  params: { id: '42', version: 2, beta: true },
  query: { tier: 'gold', tag: ['a', 'b'], empty: '', n: '15', big: '1e3', none: [] },
  headers: {
    'x-plan': 'gold',
    accept: 'application/json',
    'x-multi': ['one', 'two'],
    'x-count': '7',
    cookie: 'session=abc123; theme=dark%20blue; bad=%E0%A4%A; quoted="q v"; dup=1; dup=2; flag',
  },
  body: {
    user: {
      id: 42,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      'first-name': 'Ada',
      tags: ['vip', 'beta'],
      active: true,
      score: 9.5,
      nickname: null,
      zip: '01234',
    },
    items: [
      { sku: 'A-1', qty: 2 },
      { sku: 'B-2', qty: 10 },
    ],
    total: 120.5,
    'a.b': 'dotted',
  },
});

function condition(
  source: RuleSource,
  name: string,
  operator: RuleOperator,
  value?: string | string[],
): RuleCondition {
  if (Array.isArray(value)) return { source, name, operator, values: value };
  return value === undefined ? { source, name, operator } : { source, name, operator, value };
}

const rule = (
  conditions: RuleCondition[],
  response = 'picked',
  combine: 'all' | 'any' = 'all',
): RouteRule => ({ combine, conditions, response });

const holds = (when: RuleCondition, on: RuleRequest = REQUEST) =>
  compileRules([rule([when])]).match(on) !== null;

type Case = [string, RuleCondition, boolean];

describe('one condition', () => {
  const cases: Case[] = [
    // path parameters: numbers and booleans compare as their text
    ['param equals its text', condition('param', 'id', 'equals', '42'), true],
    ['param text is not padded', condition('param', 'id', 'equals', '042'), false],
    ['param number as text', condition('param', 'version', 'equals', '2'), true],
    ['param boolean as text', condition('param', 'beta', 'equals', 'true'), true],
    ['param notEquals another', condition('param', 'id', 'notEquals', '7'), true],
    ['param notEquals itself', condition('param', 'id', 'notEquals', '42'), false],
    ['param contains', condition('param', 'id', 'contains', '4'), true],
    ['param startsWith', condition('param', 'id', 'startsWith', '4'), true],
    ['param regex', condition('param', 'id', 'regex', '^\\d+$'), true],
    ['param gt', condition('param', 'id', 'gt', '40'), true],
    ['param lt', condition('param', 'id', 'lt', '40'), false],
    ['param in', condition('param', 'id', 'in', ['41', '42']), true],
    ['param exists', condition('param', 'id', 'exists'), true],
    ['param absent exists', condition('param', 'nope', 'exists'), false],
    ['param absent missing', condition('param', 'nope', 'missing'), true],
    ['param absent equals', condition('param', 'nope', 'equals', ''), false],

    // query parameters: case-sensitive names, several values (any one passes)
    ['query equals', condition('query', 'tier', 'equals', 'gold'), true],
    ['query equals is case-sensitive', condition('query', 'tier', 'equals', 'Gold'), false],
    ['query names are case-sensitive', condition('query', 'Tier', 'equals', 'gold'), false],
    ['query equals one of several values', condition('query', 'tag', 'equals', 'b'), true],
    ['query notEquals when one value equals', condition('query', 'tag', 'notEquals', 'b'), false],
    ['query notEquals when none equals', condition('query', 'tag', 'notEquals', 'c'), true],
    ['query notEquals when missing', condition('query', 'absent', 'notEquals', 'gold'), true],
    ['query empty value exists', condition('query', 'empty', 'exists'), true],
    ['query empty value equals ""', condition('query', 'empty', 'equals', ''), true],
    ['query empty value is not missing', condition('query', 'empty', 'missing'), false],
    ['query absent exists', condition('query', 'absent', 'exists'), false],
    ['query absent missing', condition('query', 'absent', 'missing'), true],
    ['query empty list is missing', condition('query', 'none', 'missing'), true],
    ['query contains', condition('query', 'tier', 'contains', 'ol'), true],
    ['query startsWith', condition('query', 'tier', 'startsWith', 'go'), true],
    ['query startsWith elsewhere', condition('query', 'tier', 'startsWith', 'old'), false],
    ['query regex is unanchored', condition('query', 'tier', 'regex', 'ol'), true],
    ['query regex anchored by the user', condition('query', 'tier', 'regex', '^ol'), false],
    ['query regex on one of several values', condition('query', 'tag', 'regex', '^b$'), true],
    ['query gte', condition('query', 'n', 'gte', '15'), true],
    ['query gt', condition('query', 'n', 'gt', '15'), false],
    ['query lte', condition('query', 'n', 'lte', '15'), true],
    ['query lt', condition('query', 'n', 'lt', '15.5'), true],
    ['query exponent is a number', condition('query', 'big', 'gt', '999'), true],
    ['query text is not a number', condition('query', 'tier', 'lt', '5'), false],
    ['query absent is not a number', condition('query', 'absent', 'gte', '0'), false],
    ['query text equals text only', condition('query', 'n', 'equals', '15.0'), false],
    ['query in', condition('query', 'tier', 'in', ['silver', 'gold']), true],
    ['query not in', condition('query', 'tier', 'in', ['silver']), false],
    ['query in, one of several values', condition('query', 'tag', 'in', ['c', 'a']), true],

    // headers: any case of name, values case-sensitive
    ['header name in any case', condition('header', 'X-Plan', 'equals', 'gold'), true],
    ['header value is case-sensitive', condition('header', 'x-plan', 'equals', 'GOLD'), false],
    ['header equals one of several', condition('header', 'x-multi', 'equals', 'two'), true],
    ['header notEquals one of several', condition('header', 'x-multi', 'notEquals', 'two'), false],
    ['header contains', condition('header', 'accept', 'contains', 'json'), true],
    ['header startsWith', condition('header', 'Accept', 'startsWith', 'application/'), true],
    ['header lt', condition('header', 'x-count', 'lt', '10'), true],
    ['header gt', condition('header', 'x-count', 'gt', '10'), false],
    ['header absent missing', condition('header', 'authorization', 'missing'), true],
    ['header absent exists', condition('header', 'Authorization', 'exists'), false],
    ['header regex with (?i)', condition('header', 'x-plan', 'regex', '(?i)^GOLD$'), true],
    ['header in', condition('header', 'x-plan', 'in', ['gold', 'platinum']), true],

    // cookies, from the Cookie header
    ['cookie equals', condition('cookie', 'session', 'equals', 'abc123'), true],
    ['cookie value decoded', condition('cookie', 'theme', 'equals', 'dark blue'), true],
    ['cookie bad encoding kept', condition('cookie', 'bad', 'equals', '%E0%A4%A'), true],
    ['cookie quotes removed', condition('cookie', 'quoted', 'equals', 'q v'), true],
    ['cookie sent twice, second value', condition('cookie', 'dup', 'equals', '2'), true],
    ['cookie sent twice, notEquals', condition('cookie', 'dup', 'notEquals', '1'), false],
    ['cookie names are case-sensitive', condition('cookie', 'Session', 'exists'), false],
    ['cookie without = is ignored', condition('cookie', 'flag', 'exists'), false],
    ['cookie absent missing', condition('cookie', 'none', 'missing'), true],
    ['cookie startsWith', condition('cookie', 'session', 'startsWith', 'abc'), true],
    ['cookie regex', condition('cookie', 'session', 'regex', '\\d{3}$'), true],
    ['cookie in', condition('cookie', 'theme', 'in', ['light', 'dark blue']), true],

    // body paths
    ['body $.a.b', condition('body', '$.user.id', 'equals', '42'), true],
    ['body a.b', condition('body', 'user.id', 'equals', '42'), true],
    ['body JSON number equals 42.0', condition('body', 'user.id', 'equals', '42.0'), true],
    ['body JSON number notEquals 42.00', condition('body', 'user.id', 'notEquals', '42.00'), false],
    ['body JSON number against text', condition('body', 'user.id', 'equals', '42abc'), false],
    ['body string compares as text', condition('body', 'user.zip', 'equals', '1234'), false],
    ['body string equals its text', condition('body', 'user.zip', 'equals', '01234'), true],
    ['body index in brackets', condition('body', 'items[1].sku', 'equals', 'B-2'), true],
    ['body index dotted', condition('body', 'items.0.sku', 'equals', 'A-1'), true],
    ['body index past the end missing', condition('body', 'items[2].sku', 'missing'), true],
    ['body index past the end exists', condition('body', 'items[2].sku', 'exists'), false],
    ['body key with dashes', condition('body', 'user.first-name', 'equals', 'Ada'), true],
    ['body quoted key with a dot', condition('body', '$["a.b"]', 'equals', 'dotted'), true],
    ['body null exists', condition('body', 'user.nickname', 'exists'), true],
    ['body null equals "null"', condition('body', 'user.nickname', 'equals', 'null'), true],
    ['body absent field missing', condition('body', 'user.nope', 'missing'), true],
    ['body path through a text missing', condition('body', 'user.name.first', 'missing'), true],
    ['body inherited key missing', condition('body', 'user.constructor', 'missing'), true],
    ['body array as JSON text', condition('body', 'user.tags', 'equals', '["vip","beta"]'), true],
    ['body array contains JSON text', condition('body', 'user.tags', 'contains', '"vip"'), true],
    ['body array element', condition('body', 'user.tags[0]', 'equals', 'vip'), true],
    ['body boolean as text', condition('body', 'user.active', 'equals', 'true'), true],
    ['body boolean is not a number', condition('body', 'user.active', 'lt', '2'), false],
    ['body gt', condition('body', 'total', 'gt', '100'), true],
    ['body lte on a decimal', condition('body', 'total', 'lte', '120.5'), true],
    ['body gte in an array', condition('body', 'items[1].qty', 'gte', '10'), true],
    ['body lt', condition('body', 'user.score', 'lt', '10'), true],
    ['body regex', condition('body', 'user.email', 'regex', '@example\\.com$'), true],
    ['body startsWith', condition('body', 'user.name', 'startsWith', 'Ada'), true],
    [
      'body contains is case-sensitive',
      condition('body', 'user.name', 'contains', 'lovelace'),
      false,
    ],
    ['body in compares numbers', condition('body', 'user.id', 'in', ['7', '42.0']), true],
    ['body in compares text', condition('body', 'user.zip', 'in', ['1234']), false],
    ['body $ is the whole body', condition('body', '$', 'contains', '"total":120.5'), true],
    ['body object notEquals text', condition('body', 'user', 'notEquals', 'x'), true],
  ];

  it('has at least 60 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(cases)('%s', (_title, when, expected) => {
    expect(holds(when)).toBe(expected);
  });
});

describe('requests of other shapes', () => {
  it('reads headers given in any case (a test panel may send them so)', () => {
    const mixed = request({ headers: { 'X-Plan': 'gold', Cookie: 'a=1' } });
    expect(holds(condition('header', 'x-plan', 'equals', 'gold'), mixed)).toBe(true);
    expect(holds(condition('cookie', 'a', 'equals', '1'), mixed)).toBe(true);
  });

  it('finds no cookie when there is no Cookie header', () => {
    expect(holds(condition('cookie', 'session', 'missing'), request())).toBe(true);
    expect(holds(condition('cookie', 'session', 'exists'), request())).toBe(false);
  });

  it('reads several Cookie headers', () => {
    const twice = request({ headers: { cookie: ['a=1', 'b=2'] } });
    expect(holds(condition('cookie', 'b', 'equals', '2'), twice)).toBe(true);
  });

  it('finds every body path missing when there is no JSON body, $ too', () => {
    expect(holds(condition('body', '$', 'missing'), request())).toBe(true);
    expect(holds(condition('body', 'user.id', 'exists'), request())).toBe(false);
    expect(holds(condition('body', 'user.id', 'notEquals', '1'), request())).toBe(true);
  });

  it('reads a body that is a JSON text or number at $', () => {
    expect(holds(condition('body', '$', 'equals', 'hello'), request({ body: 'hello' }))).toBe(true);
    expect(holds(condition('body', '$', 'gt', '3'), request({ body: 5 }))).toBe(true);
  });

  it('reads what a query parser hands over beyond texts without throwing', () => {
    const odd = request({ query: { n: 5, nested: { a: '1' } } as unknown as RuleRequest['query'] });
    expect(holds(condition('query', 'n', 'equals', '5'), odd)).toBe(true);
    expect(holds(condition('query', 'nested', 'contains', 'a'), odd)).toBe(false);
    expect(holds(condition('query', 'nested', 'missing'), odd)).toBe(true);
  });

  it('reads the whole body when it is an array', () => {
    const list = request({ body: [{ sku: 'A-1' }] });
    expect(holds(condition('body', '$[0].sku', 'equals', 'A-1'), list)).toBe(true);
    expect(holds(condition('body', '0.sku', 'equals', 'A-1'), list)).toBe(true);
  });
});

describe('rules', () => {
  const gold = condition('header', 'x-plan', 'equals', 'gold');
  const silver = condition('query', 'tier', 'equals', 'silver');

  it('needs every condition with all (AND)', () => {
    expect(compileRules([rule([gold, silver])]).match(REQUEST)).toBeNull();
    const both = rule([gold, condition('query', 'tier', 'equals', 'gold')]);
    expect(compileRules([both]).match(REQUEST)).toEqual({ index: 0, rule: both });
  });

  it('needs one condition with any (OR)', () => {
    const either = rule([silver, gold], 'picked', 'any');
    expect(compileRules([either]).match(REQUEST)).toEqual({ index: 0, rule: either });
    const neither = rule([silver, condition('header', 'x-plan', 'equals', 'bronze')], 'x', 'any');
    expect(compileRules([neither]).match(REQUEST)).toBeNull();
  });

  it('picks the first rule that matches', () => {
    const rules = [rule([silver], 'first'), rule([gold], 'second'), rule([gold], 'third')];
    const match = compileRules(rules).match(REQUEST);
    expect(match?.index).toBe(1);
    expect(match?.rule.response).toBe('second');
  });

  it('answers null when no rule matches, or there are none', () => {
    expect(compileRules([rule([silver])]).match(REQUEST)).toBeNull();
    expect(compileRules([]).match(REQUEST)).toBeNull();
    expect(compileRules([]).size).toBe(0);
  });

  describe('with the responses’ header conditions', () => {
    const detail = { name: 'detail', when: { header: 'x-plan', equals: 'gold' } };
    const plain = { name: 'plain', when: null };
    const list = { name: 'list', when: { header: 'x-count', equals: '7' } };
    const RESPONSES = [detail, plain, list];

    it('makes a rule of each, after the owner’s, marked as a header condition', () => {
      const rules = compileRules([rule([silver], 'plain')], RESPONSES);
      expect(rules.size).toBe(1);
      expect(rules.headerConditions).toBe(2);
      expect(rules.match(REQUEST)).toEqual({
        index: 1,
        rule: {
          combine: 'all',
          conditions: [{ source: 'header', name: 'x-plan', operator: 'equals', value: 'gold' }],
          response: 'detail',
        },
        fromWhen: true,
      });
      expect(rules.match(request({ headers: { 'x-count': '7' } }))).toMatchObject({
        index: 2,
        rule: { response: 'list' },
        fromWhen: true,
      });
    });

    it('lets the owner’s rules match first, at their own places', () => {
      const owners = [rule([silver], 'plain'), rule([gold], 'list')];
      expect(compileRules(owners, RESPONSES).match(REQUEST)).toEqual({
        index: 1,
        rule: owners[1],
      });
    });

    it('compares the value exactly, and needs the header', () => {
      const rules = compileRules([], RESPONSES);
      expect(rules.match(request({ headers: { 'x-plan': 'Gold' } }))).toBeNull();
      expect(rules.match(request({ headers: { 'x-plan': 'gold ' } }))).toBeNull();
      expect(rules.match(request())).toBeNull();
      const empty = compileRules([], [{ name: 'blank', when: { header: 'x-plan', equals: '' } }]);
      expect(empty.match(request({ headers: { 'x-plan': '' } }))?.rule.response).toBe('blank');
    });

    it('reads the header conditions when an owner’s rule picks a response not served', () => {
      const owners = [rule([gold], 'gone'), rule([gold], 'plain')];
      // Its later rules are passed by, as the choice did when they were its own step.
      expect(compileRules(owners, RESPONSES).match(REQUEST)).toMatchObject({
        index: 2,
        rule: { response: 'detail' },
        fromWhen: true,
      });
      expect(compileRules(owners, [plain]).match(REQUEST)).toBeNull();
      // Without the responses, the rule matches as written.
      expect(compileRules(owners).match(REQUEST)).toEqual({ index: 0, rule: owners[0] });
    });
  });

  it('never matches a rule with no conditions', () => {
    expect(compileRules([rule([]), rule([], 'x', 'any')]).match(REQUEST)).toBeNull();
  });

  it('compiles a pattern RE2 refuses without throwing, and it never holds', () => {
    const rules = [rule([condition('query', 'tier', 'regex', '(g)\\1')]), rule([gold], 'next')];
    expect(compileRules(rules).match(REQUEST)?.rule.response).toBe('next');
  });

  it('matches a backtracking pattern against a 4 KB field (the longest read) within 20 ms', () => {
    // `(a+)+$` takes JavaScript's RegExp seconds (exponential) here; RE2 is linear.
    const rules = compileRules([rule([condition('body', 'text', 'regex', '(a+)+$')])]);
    const failing = request({ body: { text: `${'a'.repeat(MAX_RULE_MATCH_LENGTH - 1)}!` } });
    const passing = request({ body: { text: 'a'.repeat(MAX_RULE_MATCH_LENGTH) } });
    rules.match(failing);
    const started = performance.now();
    const result = rules.match(failing);
    const elapsed = performance.now() - started;
    expect(result).toBeNull();
    expect(elapsed).toBeLessThan(20);
    expect(rules.match(passing)?.index).toBe(0);
  });
});

describe('ruleProblems', () => {
  const RESPONSES = ['ok', 'not-found', 'premium'];

  it('finds none in good rules', () => {
    const rules = [
      rule([condition('header', 'x-plan', 'equals', 'gold')], 'premium'),
      rule([condition('query', 'id', 'exists'), condition('body', 'n', 'lt', '3')], 'ok', 'any'),
      rule([
        condition('cookie', 'c', 'in', ['a', 'b']),
        condition('param', 'id', 'regex', '^\\d+'),
      ]),
    ].map((each, index) => (index === 2 ? { ...each, response: 'not-found' } : each));
    expect(ruleProblems(rules, RESPONSES)).toEqual([]);
  });

  it('names a response the route does not have, and those it has', () => {
    const rules = [rule([condition('query', 'a', 'exists')], 'gold')];
    expect(ruleProblems(rules, RESPONSES)).toEqual([
      {
        path: '$.rules[0].response',
        message:
          'the rule picks "gold", which is not a response of this route; its responses: ok, not-found, premium',
      },
    ]);
  });

  it.each([
    ['(a)\\1', 'invalid escape sequence', 'backreferences'],
    ['(?=a)b', 'invalid or unsupported Perl syntax', 'lookarounds'],
    ['(?<!a)b', 'invalid', 'lookarounds'],
    ['(ab', 'missing closing )', ''],
  ])('refuses the regex %s in RE2 words', (pattern, reason, hint) => {
    const [problem, ...more] = ruleProblems(
      [rule([condition('body', 'a', 'regex', pattern)], 'ok')],
      RESPONSES,
    );
    expect(more).toEqual([]);
    expect(problem?.path).toBe('$.rules[0].conditions[0].value');
    expect(problem?.message).toContain(`the regex /${pattern}/ cannot be used: ${reason}`);
    expect(problem?.message).toContain(hint);
  });

  it.each<[string, RuleCondition, string, string]>([
    [
      'equals without a value',
      condition('query', 'a', 'equals'),
      'value',
      'equals needs a value to compare with',
    ],
    [
      'lt with a text',
      condition('query', 'a', 'lt', 'ten'),
      'value',
      'lt compares numbers: "ten" is not a number (such as 10 or 2.5)',
    ],
    [
      'gte with nothing',
      condition('query', 'a', 'gte', ''),
      'value',
      'gte compares numbers: "" is not a number (such as 10 or 2.5)',
    ],
    [
      'in without values',
      condition('query', 'a', 'in', []),
      'values',
      'in needs at least one value',
    ],
    [
      'in with too many values',
      condition('query', 'a', 'in', Array.from({ length: MAX_RULE_IN_VALUES + 1 }, String)),
      'values',
      `in takes at most ${MAX_RULE_IN_VALUES} values`,
    ],
    [
      'a value too long',
      condition('query', 'a', 'equals', 'x'.repeat(MAX_RULE_VALUE_LENGTH + 1)),
      'value',
      `the value is longer than ${MAX_RULE_VALUE_LENGTH} characters`,
    ],
    [
      'a header name with a space',
      condition('header', 'x plan', 'exists'),
      'name',
      '"x plan" is not a header name: use letters, digits and - _ . ! # $ % & \' * + ^ ` | ~ without spaces',
    ],
    ['an empty name', condition('query', '  ', 'exists'), 'name', 'a query name is required'],
    [
      'a body path with an empty step',
      condition('body', 'a..b', 'exists'),
      'name',
      'the body path "a..b" has an empty step (".." and a trailing "." are not allowed)',
    ],
    [
      'a body path with a wildcard',
      condition('body', 'items[*].sku', 'exists'),
      'name',
      'the body path "items[*].sku" has [*]: brackets hold an index such as [0] or a quoted key such as ["x-id"]',
    ],
    [
      'an unknown operator',
      { source: 'query', name: 'a', operator: 'like' as RuleOperator, value: 'x' },
      'operator',
      'operator must be one of equals, notEquals, contains, startsWith, regex, exists, missing, lt, lte, gt, gte, in',
    ],
  ])('refuses %s', (_title, when, field, message) => {
    expect(ruleProblems([rule([when], 'ok')], RESPONSES)).toEqual([
      { path: `$.rules[0].conditions[0].${field}`, message },
    ]);
  });

  it('refuses a rule with no conditions, or too many', () => {
    const many = Array.from({ length: MAX_CONDITIONS_PER_RULE + 1 }, () =>
      condition('query', 'a', 'exists'),
    );
    expect(ruleProblems([rule([], 'ok'), rule(many, 'ok')], RESPONSES)).toEqual([
      { path: '$.rules[0].conditions', message: 'a rule needs at least one condition' },
      {
        path: '$.rules[1].conditions',
        message: `a rule holds at most ${MAX_CONDITIONS_PER_RULE} conditions; this one has ${MAX_CONDITIONS_PER_RULE + 1}`,
      },
    ]);
  });

  it('refuses more rules than a route holds', () => {
    const rules = Array.from({ length: MAX_RULES_PER_ROUTE + 1 }, () =>
      rule([condition('query', 'a', 'exists')], 'ok'),
    );
    expect(ruleProblems(rules, RESPONSES)).toEqual([
      {
        path: '$.rules',
        message: `a route holds at most ${MAX_RULES_PER_ROUTE} rules; this one has ${MAX_RULES_PER_ROUTE + 1}`,
      },
    ]);
  });

  it(`matches a regex on values of at most ${MAX_RULE_MATCH_LENGTH} characters only`, () => {
    const when = condition('body', 'text', 'regex', 'a$');
    const text = (length: number) => request({ body: { text: 'a'.repeat(length) } });
    expect(holds(when, text(MAX_RULE_MATCH_LENGTH))).toBe(true);
    expect(holds(when, text(MAX_RULE_MATCH_LENGTH + 1))).toBe(false);
    expect(holds(condition('body', 'text', 'contains', 'a'), text(65_536))).toBe(true);
  });

  it(`refuses a regex compiling to more than ${MAX_RULE_PATTERN_SIZE} instructions`, () => {
    // Each `\pL` one instruction: 250 of them and the match's two.
    const big = '\\pL{250}';
    expect(ruleProblems([rule([condition('body', 'a', 'regex', big)], 'ok')], RESPONSES)).toEqual([
      {
        path: '$.rules[0].conditions[0].value',
        message: `the regex /${big}/ compiles to 252 instructions, more than the 250 one may (RE2's program size): repeat less (a smaller {n,m}), or split it`,
      },
    ]);
    expect(
      ruleProblems([rule([condition('body', 'a', 'regex', '\\pL{248}')], 'ok')], RESPONSES),
    ).toEqual([]);
  });

  it(`refuses a route whose regexes pass ${MAX_RULES_PROGRAM_SIZE} instructions together, compiling no more`, () => {
    // 50 rules of 20 patterns of about 160 instructions each: the issue's route.
    const rules = Array.from({ length: MAX_RULES_PER_ROUTE }, (_, r) =>
      rule(
        Array.from({ length: MAX_CONDITIONS_PER_RULE }, (_, c) =>
          condition(
            'header',
            'x-path',
            'regex',
            `^/v[0-9]+/(users|orders)/[a-z0-9-]{1,64}-${r}-${c}$`,
          ),
        ),
        'ok',
      ),
    );
    // A pattern RE2 refuses, past the bound: never compiled, so never named.
    rules[49]?.conditions.push(condition('query', 'a', 'regex', '(a)\\1'));
    const problems = ruleProblems(rules, RESPONSES);
    expect(problems).toEqual([
      {
        path: '$.rules',
        message: `the regexes of a route's rules compile to at most 2,500 instructions together (RE2's program size); these pass it at rules[0].conditions[16]: use fewer or smaller patterns (equals, startsWith or in where they do)`,
      },
      {
        path: '$.rules[49].conditions',
        message: `a rule holds at most ${MAX_CONDITIONS_PER_RULE} conditions; this one has ${MAX_CONDITIONS_PER_RULE + 1}`,
      },
    ]);
  });

  it('refuses a path parameter the route does not have, when told its parameters', () => {
    const rules = [rule([condition('param', 'userId', 'exists')], 'ok')];
    expect(ruleProblems(rules, RESPONSES, ['id'])).toEqual([
      {
        path: '$.rules[0].conditions[0].name',
        message: 'the path has no parameter "userId"; its parameters: id',
      },
    ]);
    expect(ruleProblems(rules, RESPONSES, [])).toEqual([
      {
        path: '$.rules[0].conditions[0].name',
        message: 'the path has no parameters, so "userId" is never there',
      },
    ]);
    expect(ruleProblems(rules, RESPONSES)).toEqual([]);
  });
});

describe('routeRulesSchema', () => {
  it('trims names, defaults combine to all and drops values an operator does not use', () => {
    const parsed = routeRulesSchema.parse([
      {
        name: '  vip ',
        response: ' premium ',
        conditions: [
          { source: 'header', name: ' X-Plan ', operator: 'exists', value: 'gold' },
          { source: 'query', name: 'tier', operator: 'in', value: 'a', values: ['a', 'b'] },
          { source: 'query', name: 'n', operator: 'gt', value: '3', values: ['a'] },
        ],
      },
      {
        name: ' ',
        response: 'ok',
        combine: 'any',
        conditions: [{ source: 'body', name: '$', operator: 'missing' }],
      },
    ]);
    expect(parsed).toEqual([
      {
        name: 'vip',
        combine: 'all',
        response: 'premium',
        conditions: [
          { source: 'header', name: 'X-Plan', operator: 'exists' },
          { source: 'query', name: 'tier', operator: 'in', values: ['a', 'b'] },
          { source: 'query', name: 'n', operator: 'gt', value: '3' },
        ],
      },
      {
        name: undefined,
        combine: 'any',
        response: 'ok',
        conditions: [{ source: 'body', name: '$', operator: 'missing' }],
      },
    ]);
  });

  it('names each problem at its place (a regex is compiled by ruleProblems, not here)', () => {
    const result = routeRulesSchema.safeParse([
      { response: ' ', conditions: [] },
      {
        response: 'ok',
        conditions: [
          { source: 'form', name: 'a', operator: 'equals', value: 'x' },
          { source: 'query', name: 'a', operator: 'like', value: 'x' },
          { source: 'query', name: 'a', operator: 'regex', value: '(a)\\1' },
          { source: 'query', name: 'a', operator: 'lt' },
        ],
      },
    ]);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['0.conditions', 'a rule needs at least one condition'],
      ['0.response', 'each rule names the response it picks'],
      ['1.conditions.0.source', 'source must be one of param, query, header, cookie, body'],
      [
        '1.conditions.1.operator',
        'operator must be one of equals, notEquals, contains, startsWith, regex, exists, missing, lt, lte, gt, gte, in',
      ],
      ['1.conditions.3.value', 'lt needs a value to compare with'],
    ]);
  });

  it('refuses more rules than a route holds', () => {
    const one = {
      response: 'ok',
      conditions: [{ source: 'query', name: 'a', operator: 'exists' }],
    };
    const result = routeRulesSchema.safeParse(
      Array.from({ length: MAX_RULES_PER_ROUTE + 1 }, () => one),
    );
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      `a route holds at most ${MAX_RULES_PER_ROUTE} rules`,
    ]);
  });
});

describe('describeRule', () => {
  it.each<[RouteRule, string]>([
    [
      rule(
        [
          condition('header', 'x-plan', 'equals', 'gold'),
          condition('query', 'tier', 'in', ['a', 'b']),
        ],
        'premium',
      ),
      'header x-plan equals "gold" AND query tier in [a, b] → premium',
    ],
    [
      rule(
        [condition('cookie', 'session', 'missing'), condition('body', '$.user.id', 'exists')],
        'login',
        'any',
      ),
      'cookie session is missing OR body $.user.id exists → login',
    ],
    [
      rule(
        [
          condition('param', 'id', 'regex', '^\\d+$'),
          condition('body', 'total', 'gte', '100'),
          condition('query', 'q', 'notEquals', ''),
          condition('query', 'tag', 'in', ['a, b', '', 'c']),
        ],
        'ok',
      ),
      'param id matches /^\\d+$/ AND body total ≥ 100 AND query q not equals "" AND query tag in ["a, b", "", c] → ok',
    ],
  ])('%#: %s', (given, expected) => {
    expect(describeRule(given)).toBe(expected);
  });
});
