import { Search } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { inputClasses } from './input.tsx';

/** A search field with a magnifier and a label for screen readers only. */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <Search
        className="pointer-events-none absolute top-3 left-3 size-4 text-slate-500"
        aria-hidden="true"
      />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={cn(inputClasses, 'pl-9')}
      />
    </div>
  );
}
