// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_BANKING } from '../data/demo-data.ts';
import { BankingPreview } from './banking-widget.tsx';

describe('the banking sample', () => {
  it('writes its dates as the dashboard does: day/month/year', () => {
    render(<BankingPreview body={DEMO_BANKING} />);
    // memberSince 2019-04-12T09:30Z; the first account's lastUpdated 2025-12-31T18:20Z.
    expect(screen.getByText('Member since 12/04/2019')).toBeTruthy();
    expect(screen.getAllByText('Last updated 31/12/2025').length).toBeGreaterThan(0);
  });
});
