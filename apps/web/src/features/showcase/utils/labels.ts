/** Labels, icons and colours of the widgets' categorical values. */
import { Cloud, CloudRain, CloudSun, type LucideIcon, Sun } from 'lucide-react';
import { formatDecimal } from '../../../lib/format.ts';

/** How the weather widget shows a condition: in words, and as an icon in its colour. */
export interface ConditionLook {
  label: string;
  icon: LucideIcon;
  colorClass: string;
}

/**
 * The four conditions of the weather sample. Words and icon come from this one table, so an
 * icon always says what its condition says.
 */
const CONDITIONS: Readonly<Record<string, ConditionLook>> = {
  sunny: { label: 'Sunny', icon: Sun, colorClass: 'text-amber-500' },
  partly_cloudy: { label: 'Partly cloudy', icon: CloudSun, colorClass: 'text-amber-500' },
  cloudy: { label: 'Cloudy', icon: Cloud, colorClass: 'text-slate-500 dark:text-slate-400' },
  rainy: { label: 'Rainy', icon: CloudRain, colorClass: 'text-sky-600 dark:text-sky-400' },
};

/** The look of a weather condition: its row of the table, or for another one a plain cloud. */
export function conditionLook(condition: string): ConditionLook {
  const known = Object.hasOwn(CONDITIONS, condition) ? CONDITIONS[condition] : undefined;
  if (known) return known;
  const words = condition.replaceAll('_', ' ').trim();
  return {
    label: words.charAt(0).toUpperCase() + words.slice(1),
    icon: Cloud,
    colorClass: 'text-slate-500 dark:text-slate-400',
  };
}

/** A weather condition in words: partly_cloudy is 'Partly cloudy'; an unknown one is tidied. */
export function conditionLabel(condition: string): string {
  return conditionLook(condition).label;
}

/** A temperature in °C with at most one decimal: 6.9°C. */
export function formatTemperature(celsius: number): string {
  return `${formatDecimal(celsius, 1)}°C`;
}

/** The colour of each traffic source the analytics types produce. */
const SOURCE_COLORS: Readonly<Record<string, string>> = {
  'Organic Search': 'bg-emerald-500',
  Direct: 'bg-indigo-500',
  Social: 'bg-pink-500',
  Referral: 'bg-amber-500',
  Email: 'bg-sky-500',
  'Paid Search': 'bg-violet-500',
};

/** Colours for sources of other names, taken in turn. */
const OTHER_COLORS = ['bg-teal-500', 'bg-rose-400', 'bg-lime-500', 'bg-slate-400'] as const;

/** The background class of a traffic source: its own colour, or one of the spare ones by position. */
export function sourceColor(name: string, index: number): string {
  return SOURCE_COLORS[name] ?? OTHER_COLORS[index % OTHER_COLORS.length] ?? 'bg-slate-400';
}

/** The colour class of each known traffic source, for tests and legends. */
export const KNOWN_SOURCES = Object.keys(SOURCE_COLORS);
