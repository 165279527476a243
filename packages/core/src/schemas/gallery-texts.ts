/**
 * The texts and limits of the templates gallery and its moderation, apart from their schemas so
 * that a page can show them without loading the validation library (gallery.ts re-exports them).
 * Those the spec quotes (section 8) are word for word.
 */

/** The gallery's page size (spec section 9). */
export const GALLERY_PAGE_SIZE = 20;
/** The most templates one page may ask for. */
export const MAX_GALLERY_PAGE_SIZE = 50;
/** The longest search string, in characters (trimmed). */
export const MAX_GALLERY_SEARCH_LENGTH = 100;
/** Tags shown on a gallery card; the rest are counted as '+N'. */
export const CARD_TAGS = 3;
/** The longest note of a report, in characters. */
export const MAX_REPORT_NOTE_LENGTH = 1000;

/** The sort options (spec section 3), value and label; `popular` is the default. */
export const GALLERY_SORTS = [
  { value: 'popular', label: 'Most Popular' },
  { value: 'recent', label: 'Recently Added' },
  { value: 'official', label: 'Official First' },
] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number]['value'];

/** Why a template is reported: the prohibited content of the terms of service, and other. */
export const REPORT_REASONS = [
  { value: 'illegal', label: 'Illegal content' },
  { value: 'hateful', label: 'Hateful content' },
  { value: 'infringing', label: 'Infringes copyright or other rights' },
  { value: 'personal-data', label: 'Personal data without consent' },
  { value: 'malware', label: 'Malware or harmful links' },
  { value: 'other', label: 'Other' },
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

/** What an administrator (or the command line) did; the moderation history lists them. */
export const MODERATION_ACTIONS = [
  'unpublish',
  'dismiss',
  'ban',
  'unban',
  'grant-admin',
  'revoke-admin',
  'disable-api',
  'enable-api',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The author shown on the service's own templates. */
export const OFFICIAL_AUTHOR = 'Mocksmith';

/** Texts of the gallery and moderation calls and screens. */
export const galleryMessages = {
  loadFailed: 'Failed to load templates gallery',
  loginToLike: 'Please login to like templates',
  loginToUse: 'Please login to use templates',
  likeFailed: 'Failed to like template',
  updateLikeFailed: 'Failed to update like',
  liked: 'Template liked!',
  unliked: 'Template unliked!',
  empty: 'No templates found',
  /** The server's 404 for a template that is not (or no longer) in the gallery. */
  notFound: 'This template does not exist or is no longer shared.',
  /** The server's 403 for a template that exists but is not public. */
  notPublic: 'This template is not shared with the community.',
  /** The toasts of a failed Use Template (spec section 8), with the server's message. */
  useNotFound: (detail: string) => `Template not found: ${detail}`,
  useNotPublic: (detail: string) => `This template is not public or accessible: ${detail}`,
  useFailed: (status: number, detail: string) => `Failed to use template (${status}): ${detail}`,
  used: (name: string) => `Template "${name}" added to your APIs!`,
  reported: 'Thank you. The template was reported and will be reviewed within 24 hours.',
  reportFailed: 'Failed to report template',
  alreadyReported: 'You have already reported this template. It is waiting for review.',
  loginToReport: 'Please login to report templates',
  cannotReportOwn: 'You cannot report your own template.',
  officialNotReported: 'Official templates cannot be reported.',
  officialNotUnpublished: 'Official templates cannot be unpublished',
  reportNotFound: 'This report does not exist or was already closed.',
  userNotFound: 'This account does not exist.',
  cannotBanSelf: 'You cannot ban your own account.',
  unpublished: 'Template unpublished',
  dismissed: 'Report dismissed',
  banned: 'Account banned',
  unbanned: 'Account unbanned',
  /** What a disabled API's mock URLs answer (403) until a moderator enables it again. */
  apiDisabled: 'This API has been disabled by a moderator.',
  disabled: 'API disabled',
  enabled: 'API enabled',
} as const;

/** The actions an administrator takes from the admin screen, and the message of each once taken. */
export const adminActionMessages = {
  dismiss: galleryMessages.dismissed,
  unpublish: galleryMessages.unpublished,
  'disable-api': galleryMessages.disabled,
  'enable-api': galleryMessages.enabled,
  ban: galleryMessages.banned,
  unban: galleryMessages.unbanned,
} as const;
export type AdminAction = keyof typeof adminActionMessages;
