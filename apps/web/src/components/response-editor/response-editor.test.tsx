// @vitest-environment happy-dom
import { apiMessages } from '@mocksmith/core/texts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useEffect } from 'react';
import { type FieldValues, FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ResponseEditor, type ResponseEditorPlace } from './response-editor.tsx';
import { ResponseStatusList } from './response-status-list.tsx';

interface Answer {
  status: number | string;
  delay: string;
  headers: { name: string; value: string }[];
}

/** A form holding one response at `prefix`, with a problem on its first header row's name. */
function Form({
  prefix,
  place,
  answer,
  children,
}: {
  prefix: '' | `responses.${number}.`;
  place: ResponseEditorPlace;
  answer: Answer;
  children?: ReactNode;
}) {
  const form = useForm<FieldValues>({
    defaultValues: prefix === '' ? answer : { responses: [answer, answer] },
  });
  const { setError } = form;
  useEffect(() => {
    setError(`${prefix}headers.0.name` as never, { message: 'bad name' });
  }, [prefix, setError]);
  return (
    <FormProvider {...form}>
      <ResponseEditor
        prefix={prefix}
        place={place}
        statusList={place.kind === 'api' ? <ResponseStatusList prefix={prefix} /> : undefined}
      >
        {children}
      </ResponseEditor>
    </FormProvider>
  );
}

const answer: Answer = { status: 404, delay: '0', headers: [{ name: 'Bad Name', value: 'x' }] };

describe('the response editor', () => {
  it('shows an API’s response in the API page’s words, with the error status warned of', async () => {
    render(
      <Form prefix="" place={{ kind: 'api' }} answer={answer}>
        <p>between</p>
      </Form>,
    );
    expect(screen.getByLabelText('Response delay (ms)')).toHaveProperty('max', '10000');
    expect(screen.getByLabelText('Response status code').tagName).toBe('SELECT');
    expect(screen.getByText(apiMessages.errorStatusWarning(404))).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Custom response headers' })).toBeTruthy();
    expect(screen.getByLabelText('Header 1 name')).toHaveProperty('value', 'Bad Name');
    expect(await screen.findByText('bad name')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove header 1' }));
    expect(screen.queryByLabelText('Header 1 name')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add header' }));
    expect(screen.getByLabelText('Header 1 value')).toHaveProperty('value', '');
    expect(screen.getByText('between')).toBeTruthy();
  });

  it('shows a route’s response in the route editor’s words, numbered', async () => {
    render(<Form prefix="responses.1." place={{ kind: 'route', number: 2 }} answer={answer} />);
    expect(screen.getByLabelText('Status')).toHaveProperty('value', '404');
    expect(screen.getByLabelText('Delay (ms)')).toHaveProperty('max', '');
    expect(screen.getByRole('group', { name: 'Headers of response 2' })).toBeTruthy();
    expect(screen.getByLabelText('Response 2 header 1 name')).toHaveProperty('value', 'Bad Name');
    expect(await screen.findByText('bad name')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add header to response 2' }));
    expect(screen.getByLabelText('Response 2 header 2 value')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove response 2 header 1' }));
    expect(screen.getAllByLabelText(/^Response 2 header \d name$/)).toHaveLength(1);
  });
});
