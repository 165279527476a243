import {
  SOCIAL_PLATFORMS,
  type SocialPlatform,
  type SocialPlatformName,
  type SocialSample,
} from '@mocksmith/core/samples';
import { BadgeCheck, Heart, MessageCircle, Repeat2 } from 'lucide-react';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { cn } from '../../../lib/cn.ts';
import { DEMO_SOCIAL } from '../data/demo-data.ts';
import { showcaseTexts } from '../texts.ts';
import { formatDate, formatDayLabel } from '../utils/dates.ts';
import { keyed } from '../utils/keys.ts';
import { formatNumber, formatPercent } from '../utils/numbers.ts';
import { BarChart, PreviewSection, ShareBars } from './charts.tsx';
import { PlatformIcon } from './icons.tsx';
import { ShowcaseWidget } from './showcase-widget.tsx';
import { StatCard, StatGrid } from './stat-card.tsx';

/** The social media widget, fed by the `social` sample API. It has no tab (spec). */
export function SocialWidget({ id }: { id?: string }) {
  return (
    <ShowcaseWidget
      id={id}
      code="social"
      name="Social media"
      dataName="social media"
      description="Accounts on several platforms: followers, reach, engagement, audience and top posts."
      demo={DEMO_SOCIAL}
      warning={showcaseTexts.socialFallback}
    >
      {(body) => <SocialPreview body={body} />}
    </ShowcaseWidget>
  );
}

const cardClasses =
  'min-w-0 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';

/**
 * The preview: the spec's platform selector (Twitter, Facebook, Instagram, whatever the body
 * lists), the selected platform's account, then tabs Overview, Engagement and Content.
 */
export function SocialPreview({ body }: { body: SocialSample }) {
  const [selected, setSelected] = useState<SocialPlatformName | null>(null);
  const shown =
    selected ??
    SOCIAL_PLATFORMS.find((name) => body.platforms.some((p) => p.name === name)) ??
    SOCIAL_PLATFORMS[0];
  const platform = body.platforms.find((p) => p.name === shown);
  return (
    <div
      data-testid="social-preview"
      className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900/60"
    >
      <fieldset>
        <legend className="text-sm font-semibold text-slate-700 dark:text-slate-200">
          Platform
        </legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {SOCIAL_PLATFORMS.map((name) => {
            const active = name === shown;
            return (
              <button
                key={name}
                type="button"
                aria-pressed={active}
                onClick={() => setSelected(name)}
                className={cn(
                  'inline-flex h-9 items-center gap-2 rounded-full border px-3 text-sm font-medium transition-colors',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-900',
                  active
                    ? 'border-indigo-600 bg-indigo-600 text-white dark:border-indigo-500 dark:bg-indigo-500'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
                )}
              >
                <PlatformIcon name={name} className="size-4" />
                {name}
              </button>
            );
          })}
        </div>
      </fieldset>

      {platform ? (
        <PlatformView platform={platform} />
      ) : (
        <p className="mt-5 text-sm text-slate-600 dark:text-slate-300">
          This response has no {shown} account.
        </p>
      )}
    </div>
  );
}

function PlatformView({ platform }: { platform: SocialPlatform }) {
  const { accountInfo: account, metrics, previousPeriod: previous } = platform;
  return (
    <>
      <div className="mt-5 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-600 text-white dark:bg-indigo-500"
        >
          <PlatformIcon name={platform.name} className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-1.5 text-lg font-semibold">
            <span className="break-words">{account.displayName}</span>
            {account.verified ? (
              <BadgeCheck
                role="img"
                aria-label="Verified"
                className="size-5 text-sky-600 dark:text-sky-400"
              />
            ) : null}
          </h3>
          <p className="text-sm break-all text-slate-600 dark:text-slate-300">
            {account.username} on {platform.name}
          </p>
        </div>
      </div>

      <Tabs defaultValue="overview" className="mt-5">
        <TabsList aria-label="Social media views">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="engagement">Engagement</TabsTrigger>
          <TabsTrigger value="content">Content</TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="space-y-4">
          <StatGrid>
            <StatCard
              label="Followers"
              value={formatNumber(metrics.followers)}
              current={metrics.followers}
              previous={previous.followers}
              period="last period"
            />
            <StatCard
              label="Engagement rate"
              value={formatPercent(metrics.engagement, 2)}
              current={metrics.engagement}
              previous={previous.engagement}
              period="last period"
            />
            <StatCard
              label="Reach"
              value={formatNumber(metrics.reach)}
              current={metrics.reach}
              previous={previous.reach}
              period="last period"
            />
            <StatCard
              label="Impressions"
              value={formatNumber(metrics.impressions)}
              current={metrics.impressions}
              previous={previous.impressions}
              period="last period"
            />
          </StatGrid>
          <div className="grid gap-4 xl:grid-cols-5">
            <div className={cn(cardClasses, 'xl:col-span-3')}>
              <PreviewSection title="Daily engagement">
                <BarChart
                  label="Daily engagement"
                  unit="interactions"
                  bars={platform.dailyEngagement.map((day) => ({
                    label: formatDayLabel(day.date),
                    value: day.value,
                  }))}
                />
              </PreviewSection>
            </div>
            <div className={cn(cardClasses, 'xl:col-span-2')}>
              <PreviewSection title="Audience by age">
                <ShareBars
                  label="Audience by age"
                  items={platform.demographics.map((group) => ({
                    name: group.age,
                    valueText: formatPercent(group.percentage),
                    fill: group.percentage,
                    colorClass: 'bg-sky-500',
                  }))}
                />
              </PreviewSection>
            </div>
          </div>
        </TabsContent>

        <TabsContent value="engagement">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className={cardClasses}>
              <PreviewSection title="Engagement by type">
                <ShareBars
                  label="Engagement by type"
                  items={platform.engagementBreakdown.map((kind) => ({
                    name: kind.type,
                    valueText: `${formatNumber(kind.count)} · ${formatPercent(kind.percentage)}`,
                    fill: kind.percentage,
                    colorClass: 'bg-pink-500',
                  }))}
                />
              </PreviewSection>
            </div>
            <div className={cardClasses}>
              <PreviewSection title="Account info">
                <dl className="space-y-3 text-sm">
                  <Info label="Username" value={account.username} />
                  <Info label="Display name" value={account.displayName} />
                  <Info label="Created" value={formatDate(account.createdAt)} />
                  <Info
                    label="Account type"
                    value={account.type.charAt(0).toUpperCase() + account.type.slice(1)}
                  />
                  <Info label="Verified" value={account.verified ? 'Yes' : 'No'} />
                </dl>
              </PreviewSection>
            </div>
          </div>
        </TabsContent>

        <TabsContent value="content">
          <div className="grid gap-4 xl:grid-cols-5">
            <div className={cn(cardClasses, 'xl:col-span-3')}>
              <PreviewSection title="Top posts">
                <ol className="divide-y divide-slate-200 dark:divide-slate-700">
                  {keyed(platform.topPosts, (post) => post.content).map(({ key, item: post }) => (
                    <li key={key} className="py-3 first:pt-0 last:pb-0">
                      <p className="text-sm break-words">{post.content}</p>
                      <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
                        <span>{formatDate(post.date)}</span>
                        <Count icon={Heart} value={post.likes} label="likes" />
                        <Count icon={MessageCircle} value={post.comments} label="comments" />
                        <Count icon={Repeat2} value={post.shares} label="shares" />
                      </p>
                    </li>
                  ))}
                </ol>
              </PreviewSection>
            </div>
            <div className={cn(cardClasses, 'xl:col-span-2')}>
              <PreviewSection title="Content categories">
                <ul className="space-y-3 text-sm">
                  {keyed(platform.contentCategories, (c) => c.name).map(
                    ({ key, item: category }) => (
                      <li key={key} className="flex items-baseline justify-between gap-3">
                        <span className="min-w-0">
                          <span className="block font-medium break-words">{category.name}</span>
                          <span className="text-xs text-slate-600 dark:text-slate-300">
                            {formatNumber(category.postCount)} posts
                          </span>
                        </span>
                        <span className="shrink-0 text-right tabular-nums">
                          {formatPercent(category.engagement, 2)}
                          <span className="block text-xs text-slate-600 dark:text-slate-300">
                            engagement
                          </span>
                        </span>
                      </li>
                    ),
                  )}
                </ul>
              </PreviewSection>
            </div>
          </div>
        </TabsContent>
      </Tabs>
    </>
  );
}

function Info({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
}

function Count({ icon: Icon, value, label }: { icon: typeof Heart; value: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-1 tabular-nums">
      <Icon className="size-3.5" aria-hidden="true" />
      {formatNumber(value)}
      <span className="sr-only"> {label}</span>
    </span>
  );
}
