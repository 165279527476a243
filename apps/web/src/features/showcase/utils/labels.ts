/** Labels and colours of the widgets' categorical values. */

const CONDITION_LABELS: Readonly<Record<string, string>> = {
  sunny: 'Sunny',
  partly_cloudy: 'Partly cloudy',
  cloudy: 'Cloudy',
  rainy: 'Rainy',
};

/** A weather condition in words: partly_cloudy is 'Partly cloudy'; an unknown one is tidied. */
export function conditionLabel(condition: string): string {
  const known = CONDITION_LABELS[condition];
  if (known) return known;
  const words = condition.replaceAll('_', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A temperature in °C with at most one decimal: 6.9°C. */
export function formatTemperature(celsius: number): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(celsius)}°C`;
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
