/** The account page's texts; the spec's are word for word. */
export const accountTexts = {
  passwordsDontMatch: 'New passwords do not match',
  updateFailed: 'Failed to update password',
  deleteFailed: 'Failed to delete account',
  /** Said on arrival at the home page, where a deletion ends: nothing else says it went. */
  deleted: 'Your account and all its data have been deleted.',
  deleteConfirm:
    'Are you sure you want to delete your account? This action cannot be undone and will permanently delete all your data.',
  fieldRequired: (label: string) => `${label} is required`,
} as const;
