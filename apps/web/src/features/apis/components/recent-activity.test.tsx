// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RecentActivity } from './recent-activity.tsx';

describe('Recent Activity', () => {
  it('dates each entry day/month/year and hours:minutes, as the rest of the app', () => {
    const createdAt = new Date(2025, 11, 31, 21, 45, 12).toISOString();
    render(
      <RecentActivity
        isLoading={false}
        entries={[{ typeMessage: 'CREATE', message: 'API Orders created', createdAt }]}
      />,
    );
    const time = screen.getByText('31/12/2025 21:45');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(createdAt);
  });
});
