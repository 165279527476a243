import { describe, expect, it } from 'vitest';
import {
  accountIdTail,
  currencySymbol,
  formatMoney,
  formatSignedAmount,
  savingsProgress,
  transactionDirection,
  transactionLabels,
} from './money.ts';

describe('currencySymbol', () => {
  it('knows USD $, EUR € and GBP £ (spec)', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('gbp')).toBe('£');
  });

  it('has none for other currencies', () => {
    expect(currencySymbol('JPY')).toBeNull();
    expect(currencySymbol('ZWL')).toBeNull();
  });
});

describe('formatMoney', () => {
  it('puts the symbol before two decimals with separators', () => {
    expect(formatMoney(4250.75, 'USD')).toBe('$4,250.75');
    expect(formatMoney(18340.2, 'EUR')).toBe('€18,340.20');
    expect(formatMoney(5000, 'GBP')).toBe('£5,000.00');
  });

  it('puts the ISO code before the amount of a currency without a symbol', () => {
    expect(formatMoney(169.34, 'ZWL')).toBe('ZWL 169.34');
    expect(formatMoney(1234567.8, 'jpy')).toBe('JPY 1,234,567.80');
  });

  it('puts the minus sign first', () => {
    expect(formatMoney(-12.5, 'USD')).toBe('-$12.50');
    expect(formatMoney(-12.5, 'CHF')).toBe('-CHF 12.50');
  });
});

describe('transactionLabels', () => {
  it('replaces sample_ placeholders with Transaction and Purchase (spec)', () => {
    expect(transactionLabels({ description: 'sample_transaction', category: 'sample_x' })).toEqual({
      description: 'Transaction',
      category: 'Purchase',
    });
  });

  it('keeps real texts and capitalises the category', () => {
    expect(transactionLabels({ description: 'Grocery store', category: 'payment' })).toEqual({
      description: 'Grocery store',
      category: 'Payment',
    });
    expect(transactionLabels({ description: 'sample_transaction', category: 'fee' })).toEqual({
      description: 'Transaction',
      category: 'Fee',
    });
  });

  it('replaces only a leading sample_', () => {
    expect(transactionLabels({ description: 'a sample_b', category: 'Sample_c' })).toEqual({
      description: 'a sample_b',
      category: 'Sample_c',
    });
  });
});

describe('transactionDirection and formatSignedAmount', () => {
  it('counts deposits and refunds as money in', () => {
    expect(transactionDirection({ amount: 3200, category: 'deposit' })).toBe('credit');
    expect(transactionDirection({ amount: 59.99, category: 'Refund' })).toBe('credit');
    expect(formatSignedAmount({ amount: 3200, category: 'deposit', currency: 'USD' })).toBe(
      '+$3,200.00',
    );
  });

  it('counts payments, purchases, fees and placeholders as money out', () => {
    for (const category of ['payment', 'purchase', 'fee', 'withdrawal', 'sample_category']) {
      expect(transactionDirection({ amount: 10, category })).toBe('debit');
    }
    expect(formatSignedAmount({ amount: 2599.39, category: 'payment', currency: 'AZN' })).toBe(
      '-AZN 2,599.39',
    );
  });

  it('counts a negative amount as money out whatever the category', () => {
    expect(transactionDirection({ amount: -20, category: 'deposit' })).toBe('debit');
    expect(formatSignedAmount({ amount: -20, category: 'deposit', currency: 'EUR' })).toBe(
      '-€20.00',
    );
  });
});

describe('accountIdTail', () => {
  it('is the last four characters', () => {
    expect(accountIdTail('4619609621')).toBe('9621');
    expect(accountIdTail('42')).toBe('42');
  });
});

describe('savingsProgress', () => {
  it('is the saved amount over the target, in %', () => {
    expect(savingsProgress({ target: 25000, current: 18340.2, progress: 10 })).toBeCloseTo(
      73.36,
      2,
    );
  });

  it('is capped at 100% (spec)', () => {
    expect(savingsProgress({ target: 1000, current: 4383.14, progress: 12 })).toBe(100);
  });

  it('uses the body progress, capped, when there is no target', () => {
    expect(savingsProgress({ target: 0, current: 10, progress: 42.5 })).toBe(42.5);
    expect(savingsProgress({ target: 0, current: 10, progress: 140 })).toBe(100);
  });
});
