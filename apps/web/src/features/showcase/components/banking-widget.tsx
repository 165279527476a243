import type { BankAccount, BankingSample } from '@mocksmith/core/samples';
import { CreditCard, Landmark, PiggyBank, Wallet } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { cn } from '../../../lib/cn.ts';
import { DEMO_BANKING } from '../data/demo-data.ts';
import { showcaseTexts } from '../texts.ts';
import { formatDate } from '../utils/dates.ts';
import { keyed } from '../utils/keys.ts';
import {
  accountIdTail,
  formatMoney,
  formatSignedAmount,
  savingsProgress,
  transactionDirection,
  transactionLabels,
} from '../utils/money.ts';
import { formatPercent } from '../utils/numbers.ts';
import { PreviewSection, ShareBars } from './charts.tsx';
import { ShowcaseWidget } from './showcase-widget.tsx';

/** The banking widget, fed by the `banking` sample API. */
export function BankingWidget() {
  return (
    <ShowcaseWidget
      code="banking"
      name="Banking"
      dataName="banking"
      description="A customer's accounts, recent transactions and spending insights."
      demo={DEMO_BANKING}
      warning={showcaseTexts.bankingFallback}
    >
      {(body) => <BankingPreview body={body} />}
    </ShowcaseWidget>
  );
}

const cardClasses =
  'min-w-0 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The preview: the customer, then tabs Accounts, Transactions and Insights. */
export function BankingPreview({ body }: { body: BankingSample }) {
  const { customerInfo, accounts, transactions, insights } = body;
  // The insights carry no currency of their own: they are in the main account's.
  const currency = accounts[0]?.currency ?? 'USD';
  return (
    <div
      data-testid="banking-preview"
      className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900/60"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white"
        >
          <Landmark className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 className="text-lg font-semibold break-words">{customerInfo.name}</h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Member since {formatDate(customerInfo.memberSince)}
          </p>
        </div>
      </div>

      <Tabs defaultValue="accounts" className="mt-5">
        <TabsList aria-label="Banking views">
          <TabsTrigger value="accounts">Accounts</TabsTrigger>
          <TabsTrigger value="transactions">Transactions</TabsTrigger>
          <TabsTrigger value="insights">Insights</TabsTrigger>
        </TabsList>

        <TabsContent value="accounts">
          <ul aria-label="Accounts" className="grid gap-3 sm:grid-cols-2">
            {keyed(accounts, (account) => account.id).map(({ key, item: account }) => (
              <AccountCard key={key} account={account} />
            ))}
          </ul>
        </TabsContent>

        <TabsContent value="transactions">
          <ul
            aria-label="Recent transactions"
            className={cn(cardClasses, 'divide-y divide-slate-200 p-0 dark:divide-slate-700')}
          >
            {keyed(transactions, (tx) => tx.id).map(({ key, item: tx }) => {
              const labels = transactionLabels(tx);
              const credit = transactionDirection(tx) === 'credit';
              return (
                <li
                  key={key}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-3"
                >
                  <div className="min-w-0">
                    <p className="font-medium break-words">{labels.description}</p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      {labels.category} · {formatDate(tx.date)}
                    </p>
                  </div>
                  <p
                    className={cn(
                      'font-semibold tabular-nums',
                      credit
                        ? 'text-emerald-700 dark:text-emerald-400'
                        : 'text-slate-900 dark:text-slate-100',
                    )}
                  >
                    {formatSignedAmount(tx)}
                  </p>
                </li>
              );
            })}
          </ul>
        </TabsContent>

        <TabsContent value="insights">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className={cardClasses}>
              <PreviewSection title="Monthly spending">
                <p className="mb-4 text-2xl font-bold tabular-nums">
                  {formatMoney(insights.monthlySpending.total, currency)}
                </p>
                <SpendingBars
                  categories={insights.monthlySpending.categories}
                  currency={currency}
                />
              </PreviewSection>
            </div>
            <div className={cardClasses}>
              <PreviewSection title="Savings goal">
                <SavingsGoalBar goal={insights.savingsGoal} currency={currency} />
              </PreviewSection>
            </div>
          </div>
        </TabsContent>
      </Tabs>
    </div>
  );
}

const ACCOUNT_ICONS: Record<string, typeof Wallet> = {
  checking: Wallet,
  savings: PiggyBank,
  credit: CreditCard,
};

function AccountCard({ account }: { account: BankAccount }) {
  const Icon = ACCOUNT_ICONS[account.type] ?? Wallet;
  const tail = accountIdTail(account.id);
  return (
    <li className={cardClasses}>
      <div className="flex items-center justify-between gap-2">
        <p className="flex items-center gap-2 font-semibold">
          <Icon className="size-4 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
          {capitalize(account.type)}
        </p>
        <p className="font-mono text-sm text-slate-600 dark:text-slate-300">
          <span aria-hidden="true">•••• {tail}</span>
          <span className="sr-only">account ending in {tail}</span>
        </p>
      </div>
      <p className="mt-2 text-2xl font-bold tabular-nums break-words">
        <span className="sr-only">Balance </span>
        {formatMoney(account.balance, account.currency)}
      </p>
      {account.limit !== null || account.dueDate !== null ? (
        <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
          {account.limit !== null ? (
            <div>
              <dt className="text-slate-600 dark:text-slate-300">Credit limit</dt>
              <dd className="font-medium tabular-nums">
                {formatMoney(account.limit, account.currency)}
              </dd>
            </div>
          ) : null}
          {account.dueDate !== null ? (
            <div>
              <dt className="text-slate-600 dark:text-slate-300">Due date</dt>
              <dd className="font-medium">{formatDate(account.dueDate)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-300">
        Last updated {formatDate(account.lastUpdated)}
      </p>
    </li>
  );
}

function SpendingBars({
  categories,
  currency,
}: {
  categories: BankingSample['insights']['monthlySpending']['categories'];
  currency: string;
}) {
  const largest = Math.max(0, ...categories.map((c) => c.amount));
  return (
    <ShareBars
      label="Spending by category"
      items={categories.map((category) => ({
        name: category.name,
        valueText: formatMoney(category.amount, currency),
        fill: largest > 0 ? (category.amount / largest) * 100 : 0,
        colorClass: 'bg-emerald-500',
      }))}
    />
  );
}

function SavingsGoalBar({
  goal,
  currency,
}: {
  goal: BankingSample['insights']['savingsGoal'];
  currency: string;
}) {
  const progress = savingsProgress(goal);
  return (
    <div>
      <p className="text-2xl font-bold tabular-nums">{formatMoney(goal.current, currency)}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        of {formatMoney(goal.target, currency)}
      </p>
      <div
        role="progressbar"
        aria-label="Savings goal progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        aria-valuetext={`${formatPercent(progress)} reached`}
        className="mt-4 h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div
          data-testid="savings-bar"
          className="h-full rounded-full bg-emerald-500"
          style={{ width: `${progress}%` }}
        />
      </div>
      <p className="mt-2 text-sm font-medium">{formatPercent(progress)} reached</p>
    </div>
  );
}
