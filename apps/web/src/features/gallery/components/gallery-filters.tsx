import { GALLERY_SORTS, type GallerySort, TEMPLATE_CATEGORIES } from '@mocksmith/core/texts';
import { SelectField } from '../../../components/ui/input.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import type { GalleryFilters as Filters } from '../api/get-gallery.ts';

/** The gallery's search field, category select (All and the six) and sort select. */
export function GalleryFilters({
  search,
  filters,
  onSearchChange,
  onChange,
}: {
  /** The search as typed (the filters hold it once it has settled). */
  search: string;
  filters: Filters;
  onSearchChange: (value: string) => void;
  onChange: (next: Partial<Filters>) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_12rem_12rem] sm:items-end">
      <SearchInput
        value={search}
        onChange={onSearchChange}
        label="Search templates"
        placeholder="Search templates..."
      />
      <SelectField
        label="Category"
        value={filters.category}
        onChange={(event) => onChange({ category: event.target.value })}
      >
        <option value="">All</option>
        {TEMPLATE_CATEGORIES.map((category) => (
          <option key={category.value} value={category.value}>
            {category.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Sort by"
        value={filters.sort}
        onChange={(event) => onChange({ sort: event.target.value as GallerySort })}
      >
        {GALLERY_SORTS.map((sort) => (
          <option key={sort.value} value={sort.value}>
            {sort.label}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
