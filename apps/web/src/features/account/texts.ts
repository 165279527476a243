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
  keysEmpty: 'No API keys yet.',
  keysLoadFailed: (reason: string) => `Could not load your API keys: ${reason}`,
  keyNeverUsed: 'Never used',
  keyCreateFailed: 'Failed to create the API key',
  keyRevokeFailed: 'Failed to revoke the API key',
  keyRevoked: (name: string) => `The key "${name}" is revoked: calls with it are refused now.`,
  keyRevokeConfirm: (name: string, prefix: string) =>
    `Calls made with "${name}" (${prefix}…) will be refused from now on. This cannot be undone.`,
} as const;
