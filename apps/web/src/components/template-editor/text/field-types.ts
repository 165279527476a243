import type { DEMO_TYPE_NAMES } from '@mocksmith/core/errors';

/** A basic data type: the only types the anonymous demo accepts. */
export type BasicFieldType = (typeof DEMO_TYPE_NAMES)[number];

/** The types that get an "add a field" button, in the order the buttons appear. */
export const TYPE_BUTTON_FIELD_TYPES = [
  'string',
  'number',
  'boolean',
  'date',
  'email',
  'uuid',
  'lorem',
  'array',
] as const satisfies readonly BasicFieldType[];

/** The types of the Add New Field dialog (spec section 3, "Field definition"). */
export const DIALOG_FIELD_TYPES = [
  'string',
  'number',
  'boolean',
  'date',
  'email',
  'uuid',
] as const satisfies readonly BasicFieldType[];
export type DialogFieldType = (typeof DIALOG_FIELD_TYPES)[number];

/** The type the Add New Field dialog starts on. */
export const DEFAULT_DIALOG_FIELD_TYPE: DialogFieldType = 'string';
