import { messages } from '@mocksmith/core/errors';
import {
  apiMessages,
  CUSTOM_ENDPOINT_MESSAGE,
  normalizeCustomEndpoint,
} from '@mocksmith/core/schemas';
import {
  type ApiOptions,
  type CheckedOptions,
  checkOptions,
  type OptionField,
} from './api-options.ts';

/** The problems of an API form, by field; `template` is about the JSON text. */
export type ApiFormErrors = Partial<
  Record<'name' | 'customEndpoint' | 'template' | OptionField, string>
>;

export interface CheckedApiForm extends CheckedOptions {
  name: string;
  customEndpoint: string | null;
}

/**
 * Checks what the API page and the Edit modal send, with the spec's texts: the name, the custom
 * endpoint's form, the template's JSON and the options. The server checks it all again.
 */
export function checkApiForm(form: {
  name: string;
  customEndpoint: string;
  template: string;
  options: ApiOptions;
}): { ok: true; value: CheckedApiForm } | { ok: false; errors: ApiFormErrors } {
  const errors: ApiFormErrors = {};
  const name = form.name.trim();
  if (name === '') errors.name = apiMessages.nameRequired;
  const customEndpoint = normalizeCustomEndpoint(form.customEndpoint);
  if (customEndpoint === undefined) errors.customEndpoint = CUSTOM_ENDPOINT_MESSAGE;
  try {
    JSON.parse(form.template);
  } catch {
    errors.template = messages.invalidJsonApiPage;
  }
  const options = checkOptions(form.options);
  if (!options.ok) Object.assign(errors, options.errors);
  if (!options.ok || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { ...options.value, name, customEndpoint: customEndpoint ?? null } };
}
