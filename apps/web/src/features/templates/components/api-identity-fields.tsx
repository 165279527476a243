import { HTTP_METHODS, type HttpMethod } from '@mocksmith/core/http';
import { useId } from 'react';
import { FieldError, inputClasses } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

function isHttpMethod(value: string): value is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(value);
}

export interface ApiIdentity {
  name: string;
  customEndpoint: string;
  method: HttpMethod;
}

/** API Name, Custom Endpoint (optional) and the method, with their errors. */
export function ApiIdentityFields({
  value,
  onChange,
  errors = {},
  className,
}: {
  value: ApiIdentity;
  onChange: (next: ApiIdentity) => void;
  errors?: { name?: string | null; customEndpoint?: string | null };
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('grid gap-3 sm:grid-cols-[2fr_2fr_auto]', className)}>
      <div className="space-y-1">
        <label htmlFor={`${id}-name`} className="block text-sm font-medium">
          API Name
        </label>
        <input
          id={`${id}-name`}
          value={value.name}
          onChange={(event) => onChange({ ...value, name: event.target.value })}
          placeholder="Users API"
          aria-invalid={errors.name ? true : undefined}
          className={inputClasses}
        />
        {errors.name ? <FieldError>{errors.name}</FieldError> : null}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-endpoint`} className="block text-sm font-medium">
          Custom Endpoint (optional)
        </label>
        <input
          id={`${id}-endpoint`}
          value={value.customEndpoint}
          onChange={(event) => onChange({ ...value, customEndpoint: event.target.value })}
          placeholder="/users/list"
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={errors.customEndpoint ? true : undefined}
          className={cn(inputClasses, 'font-mono')}
        />
        {errors.customEndpoint ? <FieldError>{errors.customEndpoint}</FieldError> : null}
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-method`} className="block text-sm font-medium">
          Method
        </label>
        <select
          id={`${id}-method`}
          value={value.method}
          onChange={(event) => {
            if (isHttpMethod(event.target.value))
              onChange({ ...value, method: event.target.value });
          }}
          className={inputClasses}
        >
          {HTTP_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
