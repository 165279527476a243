// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CopyButton } from './copy-button.tsx';

describe('CopyButton', () => {
  it("shows a short 'Copy', its label being the accessible name", () => {
    render(<CopyButton text="mck_token" label="Copy token" />);
    const button = screen.getByRole('button', { name: 'Copy token' });
    expect(button.textContent).toBe('Copy');
  });

  it('shows its label itself with showLabel, with no separate accessible name', () => {
    render(<CopyButton text="https://example.test/api" label="Copy API URL" showLabel />);
    const button = screen.getByRole('button', { name: 'Copy API URL' });
    expect(button.textContent).toBe('Copy API URL');
    expect(button.hasAttribute('aria-label')).toBe(false);
  });
});
