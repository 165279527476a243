// @vitest-environment happy-dom
import type { ProjectDetail } from '@mocksmith/core/projects';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { testUser } from '../../../testing/data.ts';
import { renderApp } from '../../../testing/render.tsx';
import { InspectorPage } from '../components/inspector-page.tsx';
import { callOf, projectOf } from '../testing/calls.ts';
import { fakeLive } from '../testing/fake-live.ts';
import { serveLog } from '../testing/inspector-server.ts';

function renderInspector(project: ProjectDetail) {
  return renderApp(
    [
      {
        path: paths.dashboardProjectRequests,
        element: <InspectorPage project={project} openSource={fakeLive().factory} />,
      },
    ],
    { at: `/dashboard/projects/${project.id}/requests`, user: testUser },
  );
}

describe('forwarded calls in the request inspector', () => {
  it('say that the real API answered them, with its status and time, in the list and the call', async () => {
    const project = projectOf();
    serveLog(project, [
      callOf({
        id: 1,
        method: 'POST',
        path: '/payments',
        status: 402,
        response: null,
        latencyMs: 48.2,
        upstream: { status: 402, ms: 41.6 },
      }),
    ]);
    const { user } = renderInspector(project);
    const open = await screen.findByRole('button', { name: /^Open POST \/payments at / });
    const table = screen.getByRole('table', { name: 'Calls, newest first' });
    const [, row] = within(table).getAllByRole('row');
    expect(row?.textContent).toContain('Forwarded: the real API answered 402 in 42 ms');
    await user.click(open);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Forwarded: the real API answered 402 in 42 ms')).toBeTruthy();
  });
});
