import { expect } from 'vitest';

/**
 * Asserts that `field` shows `message` beside it as assistive technology reads it: the field is
 * aria-invalid and its aria-describedby names an element holding the message.
 */
export function expectFieldError(field: HTMLElement, message: string): void {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  const described = ids.map((id) => document.getElementById(id)?.textContent ?? '');
  expect(described).toContain(message);
}

/** Asserts that `field` shows no problem. */
export function expectNoFieldError(field: HTMLElement): void {
  expect(field.getAttribute('aria-invalid')).toBeNull();
}
