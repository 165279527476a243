import { MAX_CONDITIONS_PER_RULE, MAX_RULES_PER_ROUTE } from '@mocksmith/core/projects';
import { expect, it } from 'vitest';
import { RULE_LIMITS } from './facts.ts';

it('states the rules’ limits core enforces', () => {
  expect(RULE_LIMITS).toEqual({ rules: MAX_RULES_PER_ROUTE, conditions: MAX_CONDITIONS_PER_RULE });
});
