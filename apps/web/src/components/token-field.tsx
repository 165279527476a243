import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { generateAuthToken } from '../lib/auth-token.ts';
import { Button } from './ui/button.tsx';
import { CopyButton } from './ui/copy-button.tsx';
import { FieldError } from './ui/input.tsx';
import { Switch } from './ui/switch.tsx';

/**
 * A bearer-token switch, as the API page's authentication toggle: turning it on makes a token
 * (`mck_` and 40 random characters) unless there is one, turning it off sets it to null; the
 * token shows with Copy token and New token. Used by a stand-alone API's options, routes,
 * collections and the project's settings; `error` shows the server's or the form's problem.
 */
export function TokenField({
  value,
  onChange,
  label,
  description,
  error,
}: {
  value: string | null;
  onChange: (next: string | null) => void;
  label: string;
  description: string;
  error?: string;
}) {
  const errorId = `${useId()}-token-error`;
  return (
    <div className="space-y-2">
      <Switch
        checked={value !== null}
        onChange={(enabled) => onChange(enabled ? (value ?? generateAuthToken()) : null)}
        label={label}
        description={description}
      />
      {value !== null ? (
        <div className="flex flex-wrap items-center gap-2 sm:pl-14">
          <code
            aria-describedby={error ? errorId : undefined}
            className="min-w-0 rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all dark:bg-slate-950"
          >
            {value}
          </code>
          <CopyButton text={value} label="Copy token" />
          <Button variant="ghost" size="sm" onClick={() => onChange(generateAuthToken())}>
            <RefreshCw className="size-4" aria-hidden="true" />
            New token
          </Button>
        </div>
      ) : null}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
