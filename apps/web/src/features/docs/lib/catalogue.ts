import { DEMO_TYPE_NAMES } from '@mocksmith/core/errors';
import { type DataTypeInfo, searchTypes } from '@mocksmith/core/types-info';

/** The heading of each catalogue group; a group the list does not know is named after its id. */
const CATEGORY_LABELS: Record<string, string> = {
  basic: 'Basic types',
  name: 'Names',
  person: 'People',
  address: 'Addresses',
  phone: 'Phone numbers',
  mail: 'E-mail addresses',
  money: 'Money and payments',
  review: 'Reviews',
  country: 'Countries',
  event: 'Events',
  color: 'Colors',
  file: 'Files',
  weather: 'Weather',
  analytics: 'Web analytics',
  time: 'Dates and times',
  social: 'Social media',
  product: 'Products',
  company: 'Companies',
  internet: 'Internet',
};

/** The heading of a catalogue group. */
export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category] ?? category.charAt(0).toUpperCase() + category.slice(1);
}

/** Whether every known group has a heading of its own (the test checks core's list against it). */
export function hasCategoryLabel(category: string): boolean {
  return category in CATEGORY_LABELS;
}

/** The id of a group's heading, for the links that jump to it. */
export function categoryAnchor(category: string): string {
  return `types-${category}`;
}

/** One group of the catalogue, in the order the server lists them. */
export interface TypeGroup {
  category: string;
  label: string;
  types: DataTypeInfo[];
}

/** The types grouped by category, groups and types in the list's order; empty groups left out. */
export function groupTypes(types: readonly DataTypeInfo[]): TypeGroup[] {
  const groups = new Map<string, TypeGroup>();
  for (const type of types) {
    let group = groups.get(type.category);
    if (!group) {
      group = { category: type.category, label: categoryLabel(type.category), types: [] };
      groups.set(type.category, group);
    }
    group.types.push(type);
  }
  return [...groups.values()];
}

/**
 * The types whose name or example text contains the query, case-insensitive: core's search, the
 * pickers' own, but without their cap of 100 matches.
 */
export function filterTypes<T extends DataTypeInfo>(types: readonly T[], query: string): T[] {
  return searchTypes(types, query, 'all', Number.POSITIVE_INFINITY);
}

/** Whether the anonymous demo accepts the type. */
export function isDemoType(name: string): boolean {
  return (DEMO_TYPE_NAMES as readonly string[]).includes(name);
}

/** The example as JSON text (strings quoted, so the kind shows). */
export function exampleJson(example: DataTypeInfo['example']): string {
  return JSON.stringify(example);
}

/** Examples longer than this are cut short, with the whole value a click away. */
export const EXAMPLE_PREVIEW_LENGTH = 120;

/** The start of a long example, cut at `EXAMPLE_PREVIEW_LENGTH` characters with an ellipsis. */
export function examplePreview(text: string): string {
  return text.length > EXAMPLE_PREVIEW_LENGTH
    ? `${text.slice(0, EXAMPLE_PREVIEW_LENGTH - 1)}…`
    : text;
}
