import { describe, expect, it } from 'vitest';
import { countTypeFields, typeFieldName, typeFieldStem, uniqueFieldName } from './field-names.ts';

describe('typeFieldStem', () => {
  it('capitalises the type after "new"', () => {
    expect(typeFieldStem('string')).toBe('newString');
    expect(typeFieldStem('uuid')).toBe('newUuid');
    expect(typeFieldStem('lorem')).toBe('newLorem');
  });
});

describe('countTypeFields', () => {
  it('counts keys made of the stem and digits only', () => {
    const keys = [
      'newString1',
      'newString12',
      'newString',
      'newStringX',
      'xnewString1',
      'newNumber1',
    ];
    expect(countTypeFields(keys, 'string')).toBe(2);
    expect(countTypeFields(keys, 'number')).toBe(1);
    expect(countTypeFields(keys, 'email')).toBe(0);
  });

  it('is case-sensitive', () => {
    expect(countTypeFields(['newstring1', 'NewString1'], 'string')).toBe(0);
  });
});

describe('typeFieldName', () => {
  it('starts at new{Type}1', () => {
    expect(typeFieldName(['name', 'age'], 'string')).toBe('newString1');
    expect(typeFieldName([], 'array')).toBe('newArray1');
  });

  it('is new{Type}{count+1}', () => {
    expect(typeFieldName(['newString1'], 'string')).toBe('newString2');
    expect(typeFieldName(['newString1', 'newString2', 'newNumber1'], 'string')).toBe('newString3');
    expect(typeFieldName(['newString1', 'newString2', 'newNumber1'], 'number')).toBe('newNumber2');
  });

  it('ignores a plain "newString" key (it was not added by type)', () => {
    expect(typeFieldName(['newString'], 'string')).toBe('newString1');
  });

  it('goes past a taken name when a lower number was removed', () => {
    expect(typeFieldName(['newString1', 'newString3'], 'string')).toBe('newString4');
    expect(typeFieldName(['newString2'], 'string')).toBe('newString3');
  });

  it('gives names that never collide when applied repeatedly', () => {
    const keys: string[] = ['newDate3'];
    for (let i = 0; i < 5; i++) keys.push(typeFieldName(keys, 'date'));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toEqual(['newDate3', 'newDate2', 'newDate4', 'newDate5', 'newDate6', 'newDate7']);
  });
});

describe('uniqueFieldName', () => {
  it('keeps a free name', () => {
    expect(uniqueFieldName(['id'], 'email')).toBe('email');
  });

  it('adds 1, then 2 ... to a taken name', () => {
    expect(uniqueFieldName(['email'], 'email')).toBe('email1');
    expect(uniqueFieldName(['email', 'email1'], 'email')).toBe('email2');
  });

  it('takes the first free number', () => {
    expect(uniqueFieldName(['email', 'email2'], 'email')).toBe('email1');
  });

  it('works for names that end in digits', () => {
    expect(uniqueFieldName(['newX1'], 'newX1')).toBe('newX11');
    expect(uniqueFieldName(['newX'], 'newX')).toBe('newX1');
  });
});
