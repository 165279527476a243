import type { BankTransaction, SavingsGoal } from '@mocksmith/core/samples';
import { formatDecimal } from '../../../lib/format.ts';
import { cappedProgress } from './numbers.ts';

const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£' };

/** The symbol of a currency the spec names (USD $, EUR €, GBP £), or null for any other. */
export function currencySymbol(code: string): string | null {
  return SYMBOLS[code.toUpperCase()] ?? null;
}

/**
 * An amount with two decimals and thousands separators, after its currency's symbol ($1,234.50)
 * or, for a currency without one, after its ISO code (JPY 1,234.50).
 */
export function formatMoney(amount: number, currency: string): string {
  const digits = formatDecimal(Math.abs(amount), 2, 2);
  const symbol = currencySymbol(currency);
  const sign = amount < 0 ? '-' : '';
  return symbol ? `${sign}${symbol}${digits}` : `${sign}${currency.toUpperCase()} ${digits}`;
}

/** The prefix of the sample API's placeholder texts. */
export const PLACEHOLDER_PREFIX = 'sample_';

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A transaction's description and category as the widget shows them. Placeholder texts (starting
 * with sample_) become 'Transaction' and 'Purchase' (spec); a category is capitalised.
 */
export function transactionLabels(tx: Pick<BankTransaction, 'description' | 'category'>): {
  description: string;
  category: string;
} {
  return {
    description: tx.description.startsWith(PLACEHOLDER_PREFIX) ? 'Transaction' : tx.description,
    category: tx.category.startsWith(PLACEHOLDER_PREFIX) ? 'Purchase' : capitalize(tx.category),
  };
}

/** Categories of money coming in; every other one is money going out. */
const CREDIT_CATEGORIES = new Set(['deposit', 'refund', 'income', 'salary', 'interest']);

/**
 * Whether a transaction brings money in or takes it out. The samples give positive amounts
 * whatever the category, so the sign comes from the category (a deposit or a refund comes in;
 * a payment, purchase, fee or withdrawal goes out); a negative amount always goes out.
 */
export function transactionDirection(
  tx: Pick<BankTransaction, 'amount' | 'category'>,
): 'credit' | 'debit' {
  if (tx.amount < 0) return 'debit';
  return CREDIT_CATEGORIES.has(tx.category.toLowerCase()) ? 'credit' : 'debit';
}

/** A transaction's amount with its sign: +$25.00 coming in, -$12.50 going out. */
export function formatSignedAmount(tx: Pick<BankTransaction, 'amount' | 'category' | 'currency'>) {
  const sign = transactionDirection(tx) === 'credit' ? '+' : '-';
  return `${sign}${formatMoney(Math.abs(tx.amount), tx.currency)}`;
}

/** The last four characters of an account number, the short ID an account is shown by. */
export function accountIdTail(id: string): string {
  return id.slice(-4);
}

/**
 * How far the savings goal is reached, in % for the bar: the saved amount over the target when
 * there is a target (so the bar agrees with the amounts shown beside it), else the body's
 * `progress`; capped at 100.
 */
export function savingsProgress(goal: SavingsGoal): number {
  const percent = goal.target > 0 ? (goal.current / goal.target) * 100 : goal.progress;
  return cappedProgress(percent);
}
