/** The template editor's texts of the spec (section 8), word for word. */
export const editorTexts = {
  previewFailed: 'Failed to generate preview',
  addFieldFailed: 'Failed to add field',
  downloadFailed: 'Failed to save result',
} as const;

/** The warning of a value that looks like a misspelt type, under the editor and in it. */
export const typeWarningTexts = {
  listLabel: 'Type warnings',
  notAType: 'is not a data type: it is returned as text.',
  didYouMean: (count: number) => (count === 1 ? 'Did you mean:' : 'Did you mean one of:'),
  /** The whole warning on one line, as the editor's tooltip shows it. */
  line: (value: string, suggestions: readonly string[]) =>
    `"${value}" is not a data type: it is returned as text. Did you mean ${suggestions.join(' or ')}?`,
  /** The editor's action. */
  actionName: (name: string) => `Use ${name}`,
  /** The list's button, which shows the name alone. */
  buttonLabel: (name: string, value: string) => `Use ${name} for ${value}`,
} as const;
