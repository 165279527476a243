// @vitest-environment happy-dom
import { ErrorCode } from '@mocksmith/core/errors';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { fromSampleTexts } from '../../../components/template-editor/from-sample/texts.ts';
import { testUser } from '../../../testing/data.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { recordCalls, serveApis } from '../../../testing/server.ts';
import { RequireAuth } from '../../require-auth.tsx';
import DashboardApiRoute from '../dashboard-api.tsx';

function renderApiPage() {
  return renderApp(
    [
      {
        element: <RequireAuth />,
        children: [{ path: '/dashboard/api', element: <DashboardApiRoute /> }],
      },
    ],
    { at: '/dashboard/api', user: testUser },
  );
}

type UserSession = ReturnType<typeof renderApiPage>['user'];

/** What the server infers from the sample of these tests. */
const inferred = {
  template: {
    id: 'uuid',
    email: 'email',
    name: 'string.name.fullname',
    deletedAt: null,
  },
  report: [
    { path: '$.id', chosen: 'uuid', why: 'the value is a uuid', literal: false },
    { path: '$.email', chosen: 'email', why: 'the value is an e-mail address', literal: false },
    {
      path: '$.name',
      chosen: 'string.name.fullname',
      why: 'a full name beside a person’s fields',
      literal: false,
    },
    { path: '$.deletedAt', chosen: null, why: 'null stays null', literal: true },
  ],
};

const SAMPLE = '{"id": "0b6d5a4e-3c2b-4a19-8f7e-6d5c4b3a2910", "email": "ada@example.org"}';

/** Opens From a sample on the API page; returns the dialog and its opener. */
async function openFromSample(user: UserSession) {
  const opener = await screen.findByRole('button', { name: fromSampleTexts.button });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: fromSampleTexts.title });
  return { dialog, opener };
}

/** The code panel captioned `label` in `scope`, once it is shown. */
async function codePanel(scope: HTMLElement, label: string): Promise<HTMLElement> {
  const caption = await within(scope).findByText(label);
  const panel = caption.closest('figure');
  if (!panel) throw new Error(`No code panel captioned ${label}`);
  return panel;
}

async function pasteSample(user: UserSession, dialog: HTMLElement, text: string) {
  const field = within(dialog).getByRole('textbox', { name: fromSampleTexts.sampleLabel });
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('From a sample on the API page', () => {
  afterEach(async () => {
    // Toasts outlive the page: the next test counts its own.
    (await import('sonner')).toast.dismiss();
  });

  it('makes a template of a pasted sample, shows it with its report and a preview, and puts it in the editor', async () => {
    serveApis();
    const calls = recordCalls('post', backend('/templates/infer'), () =>
      HttpResponse.json(inferred),
    );
    const { user } = renderApiPage();
    const { dialog, opener } = await openFromSample(user);
    // The sample takes the focus: pasting is the first step.
    const field = within(dialog).getByRole('textbox', { name: fromSampleTexts.sampleLabel });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(
      within(dialog).getByRole('button', { name: fromSampleTexts.accept }).hasAttribute('disabled'),
    ).toBe(true);

    await pasteSample(user, dialog, SAMPLE);
    await user.click(within(dialog).getByRole('button', { name: fromSampleTexts.make }));

    const template = await codePanel(dialog, fromSampleTexts.templateLabel);
    expect(calls.map((call) => call.body)).toEqual([{ sample: JSON.parse(SAMPLE) }]);
    expect(JSON.parse(template.querySelector('code')?.textContent ?? '')).toEqual(
      inferred.template,
    );
    // The report: per field, what was chosen and why, and what stayed as in the sample.
    const report = within(dialog).getByRole('table', { name: fromSampleTexts.reportTitle });
    const rows = within(report)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      '$.iduuidthe value is a uuid',
      '$.emailemailthe value is an e-mail address',
      '$.namestring.name.fullnamea full name beside a person’s fields',
      `$.deletedAtnullnull stays null${fromSampleTexts.kept}`,
    ]);
    // The preview: what the template generates (the test server's preview).
    const preview = await codePanel(dialog, fromSampleTexts.previewLabel);
    expect(preview.textContent).toContain('sample email');

    await user.click(within(dialog).getByRole('button', { name: fromSampleTexts.accept }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const editor = screen.getByRole('textbox', { name: 'JSON template' }) as HTMLTextAreaElement;
    expect(JSON.parse(editor.value)).toEqual(inferred.template);
    expect(await screen.findByText(fromSampleTexts.accepted)).toBeTruthy();
    // The focus goes back to the button that opened the dialog.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('refuses a sample that is not JSON, naming the problem, and calls nothing', async () => {
    serveApis();
    const calls = recordCalls('post', backend('/templates/infer'), () =>
      HttpResponse.json(inferred),
    );
    const { user } = renderApiPage();
    const editor = (await screen.findByRole('textbox', {
      name: 'JSON template',
    })) as HTMLTextAreaElement;
    const before = editor.value;
    const { dialog } = await openFromSample(user);

    await user.click(within(dialog).getByRole('button', { name: fromSampleTexts.make }));
    expect(within(dialog).getByRole('alert').textContent).toBe(fromSampleTexts.empty);

    await pasteSample(user, dialog, '{"email": }');
    await user.click(within(dialog).getByRole('button', { name: fromSampleTexts.make }));
    const alert = within(dialog).getByRole('alert');
    // The parser's own words name the problem (here V8's, as in Chromium).
    expect(alert.textContent).toMatch(/^The sample is not valid JSON: Unexpected token '\}'/);
    const field = within(dialog).getByRole('textbox', { name: fromSampleTexts.sampleLabel });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect(calls).toEqual([]);
    expect(
      within(dialog).getByRole('button', { name: fromSampleTexts.accept }).hasAttribute('disabled'),
    ).toBe(true);

    // Editing the sample clears the message; Escape closes and the editor keeps its template.
    await user.type(field, 'x');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(editor.value).toBe(before);
  });

  it('shows the server’s refusals in the dialog: too large, too deep, throttled', async () => {
    serveApis();
    const answers = [
      () => errorAnswer(413, ErrorCode.BODY_TOO_LARGE, 'The request body is too large'),
      () =>
        errorAnswer(
          400,
          ErrorCode.TEMPLATE_TOO_DEEP,
          'Template is nested too deeply: at most 32 levels of objects and arrays are allowed',
        ),
      () =>
        errorAnswer(
          400,
          ErrorCode.BODY_TOO_DEEP,
          'The JSON body is nested too deeply: at most 64 levels of arrays and objects are accepted',
        ),
      () => errorAnswer(429, ErrorCode.RATE_LIMITED, 'Too many previews: try again in 30 seconds'),
    ];
    let answered = 0;
    recordCalls('post', backend('/templates/infer'), () => {
      const answer = answers[answered] ?? answers[0]!;
      answered += 1;
      return answer();
    });
    const { user } = renderApiPage();
    const { dialog } = await openFromSample(user);
    await pasteSample(user, dialog, SAMPLE);
    const make = within(dialog).getByRole('button', { name: fromSampleTexts.make });

    const expected = [
      fromSampleTexts.tooLarge,
      fromSampleTexts.tooDeep,
      fromSampleTexts.tooDeep,
      'Too many previews: try again in 30 seconds',
    ];
    for (const message of expected) {
      await user.click(make);
      await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(message));
      expect(within(dialog).queryByRole('table')).toBeNull();
    }
    expect(fromSampleTexts.tooDeep).toContain('at most 30 levels');
  });

  it('drops an answer for a sample edited while it was made', async () => {
    serveApis();
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let called = false;
    recordCalls('post', backend('/templates/infer'), async () => {
      called = true;
      await answered;
      return HttpResponse.json(inferred);
    });
    const { user } = renderApiPage();
    const { dialog } = await openFromSample(user);
    await pasteSample(user, dialog, SAMPLE);
    await user.click(within(dialog).getByRole('button', { name: fromSampleTexts.make }));
    await waitFor(() => expect(called).toBe(true));
    await user.type(
      within(dialog).getByRole('textbox', { name: fromSampleTexts.sampleLabel }),
      ' ',
    );
    answer?.();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: fromSampleTexts.make })).toBeTruthy(),
    );
    expect(within(dialog).queryByText(fromSampleTexts.templateLabel)).toBeNull();
    expect(
      within(dialog).getByRole('button', { name: fromSampleTexts.accept }).hasAttribute('disabled'),
    ).toBe(true);
  });
});
