import { describe, expect, it } from 'vitest';
import { changelog, devLog, roadmapItems } from './roadmap-data.ts';

const status = (title: string) => roadmapItems.find((item) => item.title === title)?.status;

describe('the roadmap data', () => {
  it('has the spec’s statuses: pagination in progress, webhooks and teams planned', () => {
    expect(status('Pagination Support')).toBe('in-progress');
    expect(status('Webhook Integration')).toBe('planned');
    expect(status('Team Collaboration')).toBe('planned');
  });

  it('has every other feature completed, the gallery, OpenAPI import and Postman export included', () => {
    expect(status('Templates Gallery')).toBe('completed');
    expect(status('OpenAPI Import')).toBe('completed');
    expect(status('Postman Export')).toBe('completed');
    const open = roadmapItems
      .filter((item) => item.status !== 'completed')
      .map((item) => item.title);
    expect(open.sort()).toEqual([
      'Pagination Support',
      'Team Collaboration',
      'Webhook Integration',
    ]);
  });

  it('lists the dev log and the changelog newest first, with valid dates', () => {
    for (const list of [devLog, changelog]) {
      const dates = list.map((entry) => entry.date);
      expect(dates.every((date) => !Number.isNaN(Date.parse(date)))).toBe(true);
      expect([...dates].sort().reverse()).toEqual(dates);
    }
  });

  it('gives every item a title and a description', () => {
    for (const item of roadmapItems) {
      expect(item.title.trim()).not.toBe('');
      expect(item.description.trim()).not.toBe('');
    }
  });
});
