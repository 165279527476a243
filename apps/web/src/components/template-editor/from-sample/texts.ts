import { MAX_TEMPLATE_DEPTH } from '@mocksmith/core/limits';

/**
 * The words of "From a sample" (issue 39), the same in the API editor and the route editor. The
 * spec quotes none of them; docs/decisions.md says why they read as they do.
 */
export const fromSampleTexts = {
  /** The button beside the editor's tools, and the dialog's title. */
  button: 'From a sample',
  title: 'Make a template from a sample',
  description:
    'Paste a JSON body, such as a real response. Each value becomes a data type that fits its name and content; no name, e-mail or other personal value of the sample is kept.',
  sampleLabel: 'JSON sample',
  make: 'Make template',
  making: 'Making template...',
  templateLabel: 'Template made from the sample',
  reportTitle: 'What each field became',
  reportField: 'Field',
  reportChosen: 'Template value',
  reportWhy: 'Why',
  /** Beside a field whose value was kept as the sample had it (null, an empty list). */
  kept: 'kept as in the sample',
  previewLabel: 'Preview of the template',
  previewing: 'Generating preview...',
  accept: 'Use this template',
  cancel: 'Cancel',
  /** Said once the editor holds the new template: it is saved as any other edit. */
  accepted: 'Template replaced by the one made from the sample. Save to keep it.',
  empty: 'Paste a JSON sample first.',
  notJson: (problem: string) => `The sample is not valid JSON: ${problem}`,
  tooLarge: 'The sample is too large: at most 1 MiB of JSON is accepted.',
  /** A leaf may become a directive two levels deeper, so a sample nests two levels less. */
  tooDeep: `The sample is nested too deeply: at most ${MAX_TEMPLATE_DEPTH - 2} levels of arrays and objects are accepted.`,
  failed: 'Failed to make a template from the sample',
} as const;
