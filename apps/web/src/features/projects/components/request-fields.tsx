import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

/** A header typed in the Test panel. */
export interface HeaderRow {
  key: number;
  name: string;
  value: string;
}

/** The headers typed, as sent: rows without a name are left out. */
export function typedHeaders(rows: readonly HeaderRow[]): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const row of rows) {
    if (row.name.trim() !== '') sent[row.name.trim()] = row.value;
  }
  return sent;
}

/** Whether `headers` hold a header, whatever the case of its name. */
export function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());
}

/** The Test panel's request headers: a name and a value per row, Remove, and Add header. */
export function RequestHeaderRows({
  rows,
  onChange,
}: {
  rows: readonly HeaderRow[];
  onChange: (rows: HeaderRow[]) => void;
}) {
  function update(key: number, change: Partial<HeaderRow>) {
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }

  return (
    <>
      {rows.map((row, index) => (
        <div key={row.key} className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
          <input
            aria-label={`Request header ${index + 1} name`}
            placeholder="X-Tenant"
            value={row.name}
            onChange={(event) => update(row.key, { name: event.target.value })}
            className={cn(inputClasses, 'sm:w-2/5')}
          />
          <input
            aria-label={`Request header ${index + 1} value`}
            placeholder="value"
            value={row.value}
            onChange={(event) => update(row.key, { value: event.target.value })}
            className={inputClasses}
          />
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove request header ${index + 1}`}
            onClick={() => onChange(rows.filter((item) => item.key !== row.key))}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        onClick={() =>
          onChange([
            ...rows,
            { key: Math.max(0, ...rows.map((row) => row.key)) + 1, name: '', value: '' },
          ])
        }
      >
        <Plus className="size-4" aria-hidden="true" />
        Add header
      </Button>
    </>
  );
}

/** The JSON body of a test call, sent as typed. */
export function BodyField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        Body (JSON)
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        spellCheck={false}
        rows={5}
        className="block w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      />
    </div>
  );
}
