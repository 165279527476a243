/** The template editor's texts of the spec (section 8), word for word. */
export const editorTexts = {
  previewFailed: 'Failed to generate preview',
  addFieldFailed: 'Failed to add field',
  downloadFailed: 'Failed to save result',
} as const;
