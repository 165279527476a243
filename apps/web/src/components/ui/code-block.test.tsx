// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodeBlock } from './code-block.tsx';

describe('CodeBlock', () => {
  const pre = () => screen.getByText('{"a": 1}').closest('pre');

  it('scrolls long lines sideways by default', () => {
    render(<CodeBlock code={'{"a": 1}'} label="Example" />);
    expect(pre()?.className).toMatch(/\boverflow-x-auto\b/);
    expect(pre()?.className).not.toMatch(/\bwhitespace-pre-wrap\b/);
  });

  it('wraps long lines, breaking long strings, with wrap', () => {
    render(<CodeBlock code={'{"a": 1}'} label="Example" wrap />);
    expect(pre()?.className).toMatch(/\bwhitespace-pre-wrap\b/);
    expect(pre()?.className).toMatch(/\bwrap-anywhere\b/);
    expect(pre()?.className).not.toMatch(/\boverflow-x-auto\b/);
  });
});
