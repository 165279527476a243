// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OpenApiUpload } from './openapi-upload.tsx';

const file = () => new File(['openapi: 3.0.0\n'], 'pets.yaml', { type: 'application/x-yaml' });

describe('the OpenAPI upload screen', () => {
  it('hands over a picked or dropped file, with the status and the problem the screen gives', async () => {
    const onFile = vi.fn();
    render(
      <OpenApiUpload
        onFile={onFile}
        disabled={false}
        processing={false}
        status="Analyzing"
        error="Not an OpenAPI file"
        testId="zone"
      />,
    );
    await userEvent.upload(screen.getByLabelText('OpenAPI file'), file());
    expect(onFile).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText<HTMLInputElement>('OpenAPI file').value).toBe('');
    fireEvent.drop(screen.getByTestId('zone'), { dataTransfer: { files: [file()] } });
    expect(onFile).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Drop an OpenAPI file here, or click to choose one')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Analyzing');
    expect(screen.getByRole('alert').textContent).toBe('Not an OpenAPI file');
  });

  it('takes no file while disabled', () => {
    const onFile = vi.fn();
    render(<OpenApiUpload onFile={onFile} disabled processing status={null} error={null} />);
    expect(screen.getByLabelText<HTMLInputElement>('OpenAPI file').disabled).toBe(true);
    fireEvent.drop(screen.getByText('Drop an OpenAPI file here, or click to choose one'), {
      dataTransfer: { files: [file()] },
    });
    expect(onFile).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers the extensions the screen takes: those of an OpenAPI file, or more', () => {
    const { unmount } = render(
      <OpenApiUpload
        onFile={vi.fn()}
        disabled={false}
        processing={false}
        status={null}
        error={null}
      />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('OpenAPI file').accept).toBe('.json,.yaml,.yml');
    unmount();
    render(
      <OpenApiUpload
        onFile={vi.fn()}
        disabled={false}
        processing={false}
        status={null}
        error={null}
        extensions={['.json', '.yaml', '.yml', '.har']}
      />,
    );
    expect(screen.getByLabelText<HTMLInputElement>('OpenAPI file').accept).toBe(
      '.json,.yaml,.yml,.har',
    );
    expect(screen.getByText('.json, .yaml, .yml, .har')).toBeTruthy();
  });
});
