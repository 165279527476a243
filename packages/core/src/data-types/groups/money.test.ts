import { describe, expect, it } from 'vitest';
import { drawValues } from '../../testing/draw.ts';
import { definitions } from '../context.ts';
import { moneyTypes } from './money.ts';

const DRAWS = 300;
/** How this file draws: `DRAWS` values of a type under seed 7. */
const SAMPLE = { count: DRAWS, seed: 7 };

function expectCents(values: number[], min: number, max: number): void {
  for (const value of values) {
    expect(Math.round(value * 100) / 100).toBe(value);
    expect(value).toBeGreaterThanOrEqual(min);
    expect(value).toBeLessThanOrEqual(max);
  }
}

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The ISO 13616 check: move the first four characters to the end, letters to numbers, mod 97. */
function ibanValid(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const value = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

describe('money types', () => {
  it('gives ISO currency codes, symbols and names from the locale list', () => {
    const codes = definitions.finance.currency.map((c) => c.code);
    for (const code of drawValues<string>(moneyTypes, 'string.money.currency', SAMPLE)) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(codes).toContain(code);
    }
    for (const symbol of drawValues<string>(moneyTypes, 'string.money.symbol', SAMPLE))
      expect(symbol.trim()).not.toBe('');
    for (const name of drawValues<string>(moneyTypes, 'string.money.currencyname', SAMPLE)) {
      expect(name.trim()).not.toBe('');
      expect(name).not.toMatch(/[()]/);
    }
  });

  it('gives prices from 1 to 1000 with two decimals, mostly charm prices', () => {
    const prices = drawValues<number>(moneyTypes, 'number.money.price', SAMPLE);
    expectCents(prices, 1, 1000);
    const charm = prices.filter((p) => Math.round((p % 1) * 100) >= 95).length;
    expect(charm).toBeGreaterThan(DRAWS / 3);
    expect(prices.filter((p) => p < 100).length).toBeGreaterThan(DRAWS / 2);
  });

  it('gives amounts with two decimals and whole discounts', () => {
    expectCents(drawValues<number>(moneyTypes, 'number.money.amount', SAMPLE), 1, 10_000);
    for (const discount of drawValues<number>(moneyTypes, 'number.money.discount', SAMPLE)) {
      expect(Number.isInteger(discount)).toBe(true);
      expect(discount).toBeGreaterThanOrEqual(5);
      expect(discount).toBeLessThanOrEqual(70);
    }
  });

  it('gives Luhn-valid card numbers of the right length for their brand', () => {
    for (const card of drawValues<string>(moneyTypes, 'string.money.creditcard', SAMPLE)) {
      expect(card).toMatch(/^\d{14,16}$/);
      expect(luhnValid(card), card).toBe(true);
      if (card.startsWith('4')) expect(card).toHaveLength(16);
      if (/^3[47]/.test(card)) expect(card).toHaveLength(15);
    }
    const issuers = new Set(drawValues<string>(moneyTypes, 'string.money.cardissuer', SAMPLE));
    expect(issuers).toContain('Visa');
    expect(issuers).toContain('Mastercard');
  });

  it('gives IBANs with a valid checksum, BICs and account numbers', () => {
    for (const iban of drawValues<string>(moneyTypes, 'string.money.iban', SAMPLE)) {
      expect(iban).toMatch(/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/);
      expect(ibanValid(iban), iban).toBe(true);
    }
    for (const bic of drawValues<string>(moneyTypes, 'string.money.bic', SAMPLE)) {
      expect(bic).toMatch(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/);
    }
    for (const account of drawValues<string>(moneyTypes, 'string.money.accountnumber', SAMPLE))
      expect(account).toMatch(/^\d{10}$/);
  });

  it('gives Bitcoin addresses in the formats in use', () => {
    for (const address of drawValues<string>(moneyTypes, 'string.money.bitcoin', SAMPLE)) {
      expect(address).toMatch(
        /^(bc1q[02-9ac-hj-np-z]{38}|bc1p[02-9ac-hj-np-z]{58}|[13][1-9A-HJ-NP-Za-km-z]{25,33})$/,
      );
    }
  });

  it('gives transaction types in lower case', () => {
    const types = new Set(drawValues<string>(moneyTypes, 'string.money.transactiontype', SAMPLE));
    expect(types).toContain('payment');
    for (const type of types) expect(type).toMatch(/^[a-z]+$/);
  });

  it('gives the same values for the same seed', () => {
    const all = (seed: number) =>
      JSON.stringify(moneyTypes.map((t) => drawValues(moneyTypes, t.name, { ...SAMPLE, seed })));
    expect(all(42)).toBe(all(42));
    expect(all(42)).not.toBe(all(43));
  });
});
