import { describe, expect, it } from 'vitest';
import { importReportSections, importSummary } from './import-report.ts';

const report = {
  created: ['GET /pets'],
  updated: [],
  unchanged: ['GET /pets/{id}', 'DELETE /pets/{id}'],
  notInSpec: [],
  skipped: [{ operation: 'TRACE /pets', reason: 'TRACE is not a route method' }],
  warnings: ['servers base path /v1 stripped'],
};

describe('an import report in words', () => {
  it('names each kind of change with what it touched, leaving out the empty ones', () => {
    expect(importReportSections(report)).toEqual([
      { key: 'created', title: 'Created 1 route', items: ['GET /pets'] },
      {
        key: 'unchanged',
        title: '2 routes unchanged',
        items: ['GET /pets/{id}', 'DELETE /pets/{id}'],
      },
      {
        key: 'skipped',
        title: 'Skipped 1 operation',
        items: ['TRACE /pets: TRACE is not a route method'],
      },
      { key: 'warnings', title: '1 warning', items: ['servers base path /v1 stripped'] },
    ]);
  });

  it('sums it up in one line', () => {
    expect(importSummary(report)).toBe('1 route created, 0 updated, 2 unchanged, 1 skipped');
  });
});
