import { CARD_TAGS, GALLERY_SORTS, type GallerySort } from '@mocksmith/core/texts';
import { formatInteger } from '../../../lib/format.ts';

/** The tags a card shows (the first CARD_TAGS) and how many more there are, for '+N'. */
export function cardTags(tags: readonly string[]): { shown: string[]; more: number } {
  return { shown: tags.slice(0, CARD_TAGS), more: Math.max(0, tags.length - CARD_TAGS) };
}

/** The template pretty-printed as JSON, or its text as it is when it is not JSON. */
export function prettyTemplate(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A sort named in a URL, or the default (popular) when it names none we know. */
export function toSort(value: string | null): GallerySort {
  return GALLERY_SORTS.find((sort) => sort.value === value)?.value ?? 'popular';
}

/** '1 like', '2 likes'. */
export function likesText(count: number): string {
  return `${formatInteger(count)} ${count === 1 ? 'like' : 'likes'}`;
}
