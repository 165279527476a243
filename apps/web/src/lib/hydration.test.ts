// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { holdInteraction } from './hydration.ts';

/** A task after the release's two (retyping, then the clicks). */
const afterReplay = () =>
  new Promise<void>((resolve) => setTimeout(() => setTimeout(() => setTimeout(resolve))));

function typeInto(field: HTMLTextAreaElement, value: string): void {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('holdInteraction', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  function setUp() {
    const field = document.createElement('textarea');
    const button = document.createElement('button');
    document.body.append(field, button);
    const seen: string[] = [];
    field.addEventListener('input', () => seen.push(`input ${field.value}`));
    button.addEventListener('click', () => seen.push('click'));
    return { field, button, seen };
  }

  it('types the held text again after the release, then clicks', async () => {
    const { field, button, seen } = setUp();
    const release = holdInteraction(document);
    typeInto(field, '{"a": "uuid"}');
    button.click();
    // What hydration does to a textarea: back to the page's text.
    field.value = '{"name": "string"}';
    seen.length = 0;
    release();
    await afterReplay();
    expect(field.value).toBe('{"a": "uuid"}');
    expect(seen).toEqual(['input {"a": "uuid"}', 'click']);
  });

  it('leaves a field typed into after the release as the visitor has it', async () => {
    const { field, button, seen } = setUp();
    const release = holdInteraction(document);
    typeInto(field, '');
    button.click();
    release();
    // The visitor goes on typing before the held text is put back: this text is the newer.
    typeInto(field, '{"id": "uuid"}');
    seen.length = 0;
    await afterReplay();
    expect(field.value).toBe('{"id": "uuid"}');
    expect(seen).toEqual(['click']);
  });

  it('holds a click made after the release until the held text is back', async () => {
    const { field, button, seen } = setUp();
    const release = holdInteraction(document);
    typeInto(field, '{"a": "uuid"}');
    field.value = '{"name": "string"}';
    seen.length = 0;
    release();
    // Hydration is over, but the retyping task has not run yet: the visitor clicks Generate.
    button.click();
    expect(seen).toEqual([]);
    await afterReplay();
    expect(seen).toEqual(['input {"a": "uuid"}', 'click']);
  });
});
