import {
  MAX_CONDITIONS_PER_RULE,
  MAX_RULE_MATCH_LENGTH,
  MAX_RULE_PATTERN_SIZE,
  MAX_RULES_PER_ROUTE,
  MAX_RULES_PROGRAM_SIZE,
} from '@mocksmith/core/projects';
import { expect, it } from 'vitest';
import { RULE_LIMITS } from './facts.ts';

it('states the rules’ limits core enforces', () => {
  expect(RULE_LIMITS).toEqual({
    rules: MAX_RULES_PER_ROUTE,
    conditions: MAX_CONDITIONS_PER_RULE,
    patternSize: MAX_RULE_PATTERN_SIZE,
    programSize: MAX_RULES_PROGRAM_SIZE,
    matchLength: MAX_RULE_MATCH_LENGTH,
  });
});
