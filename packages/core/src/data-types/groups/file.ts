import type { Random } from '../../random.ts';
import { ADJECTIVES, FIRST_NAMES, isoDateTime, NOUNS, slug, zeroPad } from '../sources.ts';
import { type DataType, typeGroup } from '../types.ts';

const t = typeGroup('file');

type FileKind = 'image' | 'document' | 'audio' | 'video' | 'archive' | 'code';

interface FileFormat {
  readonly extension: string;
  readonly mimetype: string;
  readonly kind: FileKind;
}

function formats(kind: FileKind, pairs: readonly (readonly [string, string])[]): FileFormat[] {
  return pairs.map(([extension, mimetype]) => ({ extension, mimetype, kind }));
}

/** Common file formats, each extension with its registered media type. */
const FORMATS: readonly FileFormat[] = [
  ...formats('image', [
    ['jpg', 'image/jpeg'],
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
    ['svg', 'image/svg+xml'],
    ['avif', 'image/avif'],
    ['heic', 'image/heic'],
    ['bmp', 'image/bmp'],
    ['tiff', 'image/tiff'],
  ]),
  ...formats('document', [
    ['pdf', 'application/pdf'],
    ['doc', 'application/msword'],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['xls', 'application/vnd.ms-excel'],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['ppt', 'application/vnd.ms-powerpoint'],
    ['pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['odt', 'application/vnd.oasis.opendocument.text'],
    ['ods', 'application/vnd.oasis.opendocument.spreadsheet'],
    ['rtf', 'application/rtf'],
    ['txt', 'text/plain'],
    ['csv', 'text/csv'],
    ['md', 'text/markdown'],
  ]),
  ...formats('audio', [
    ['mp3', 'audio/mpeg'],
    ['wav', 'audio/wav'],
    ['ogg', 'audio/ogg'],
    ['flac', 'audio/flac'],
    ['m4a', 'audio/mp4'],
    ['aac', 'audio/aac'],
  ]),
  ...formats('video', [
    ['mp4', 'video/mp4'],
    ['webm', 'video/webm'],
    ['mov', 'video/quicktime'],
    ['avi', 'video/x-msvideo'],
    ['mkv', 'video/x-matroska'],
  ]),
  ...formats('archive', [
    ['zip', 'application/zip'],
    ['gz', 'application/gzip'],
    ['tar', 'application/x-tar'],
    ['7z', 'application/x-7z-compressed'],
    ['rar', 'application/vnd.rar'],
  ]),
  ...formats('code', [
    ['json', 'application/json'],
    ['xml', 'application/xml'],
    ['yaml', 'application/yaml'],
    ['html', 'text/html'],
    ['css', 'text/css'],
    ['js', 'text/javascript'],
    ['sql', 'application/sql'],
  ]),
];

const IMAGE_FORMATS = FORMATS.filter((f) => f.kind === 'image');
const DOCUMENT_FORMATS = FORMATS.filter((f) => f.kind === 'document');
const EXTENSIONS = [...new Set(FORMATS.map((f) => f.extension))];
const MIMETYPES = [...new Set(FORMATS.map((f) => f.mimetype))];

const WORD_SLUGS = [...ADJECTIVES, ...NOUNS].filter((w) => /^[a-z]{3,10}$/.test(w));
const USER_DIRS = [...new Set(FIRST_NAMES.map(slug))].filter((n) => n.length <= 8);

const DOCUMENT_STEMS: readonly string[] = [
  'report',
  'invoice',
  'budget',
  'meeting-notes',
  'presentation',
  'contract',
  'resume',
  'proposal',
  'summary',
  'receipt',
  'statement',
  'schedule',
  'roadmap',
  'specification',
  'user-manual',
  'price-list',
  'timesheet',
  'agenda',
  'minutes',
  'quote',
];

const IMAGE_STEMS: readonly string[] = [
  'photo',
  'screenshot',
  'logo',
  'banner',
  'avatar',
  'profile-picture',
  'hero',
  'thumbnail',
  'cover',
  'background',
  'icon',
  'product-shot',
];

/** Name stems for the other kinds of file, which usually carry a date or a number. */
const STEMS: Readonly<Record<'audio' | 'video' | 'archive' | 'code', readonly string[]>> = {
  audio: ['recording', 'voice-memo', 'podcast-episode', 'interview', 'track', 'soundtrack'],
  video: ['video', 'clip', 'screen-recording', 'webinar', 'trailer', 'tutorial'],
  archive: ['backup', 'export', 'archive', 'release', 'photos', 'project-files'],
  code: ['index', 'main', 'app', 'styles', 'config', 'schema', 'data', 'manifest', 'settings'],
};
const STEM_KINDS = ['audio', 'video', 'archive', 'code'] as const;

const DOCUMENT_DIRS: readonly string[] = ['Documents', 'Documents/Work', 'Desktop', 'Downloads'];
const IMAGE_DIRS: readonly string[] = ['Pictures', 'Pictures/Screenshots', 'Desktop', 'Downloads'];
const SERVER_DOCUMENT_DIRS: readonly string[] = ['/srv/files/documents', '/var/www/uploads/docs'];
const SERVER_IMAGE_DIRS: readonly string[] = ['/var/www/html/images', '/srv/app/public/img'];
const SERVER_DIRS: readonly string[] = [
  '/tmp',
  '/var/tmp',
  '/var/www/uploads',
  '/srv/data',
  '/opt/app/storage',
  '/var/backups',
  '/usr/local/share',
];

const URL_HOSTS: readonly string[] = ['cdn', 'files', 'static', 'assets', 'media', 'storage'];
const URL_FOLDERS: readonly string[] = ['uploads', 'files', 'media', 'downloads', 'assets'];
const URL_TLDS: readonly string[] = ['com', 'com', 'io', 'net', 'org', 'dev'];

/** A date stamp of the last few years, as YYYY-MM-DD, for file names. */
function stamp(random: Random): string {
  return `${random.int(2019, 2025)}-${zeroPad(random.int(1, 12), 2)}-${zeroPad(random.int(1, 28), 2)}`;
}

function documentName(random: Random): string {
  const stem = random.pick(DOCUMENT_STEMS);
  switch (random.int(0, 4)) {
    case 0:
      return stem;
    case 1:
      return `${stem}-${random.int(2019, 2025)}`;
    case 2:
      return `${stem}-q${random.int(1, 4)}-${random.int(2019, 2025)}`;
    case 3:
      return `${stem}-${stamp(random)}`;
    default:
      return `${stem}_v${random.int(1, 5)}`;
  }
}

function imageName(random: Random): string {
  switch (random.int(0, 3)) {
    case 0:
      return `IMG_${zeroPad(random.int(1, 9999), 4)}`;
    case 1:
      return `DSC_${zeroPad(random.int(1, 9999), 4)}`;
    case 2:
      return `screenshot-${stamp(random)}`;
    default:
      return `${random.pick(IMAGE_STEMS)}-${random.pick(WORD_SLUGS)}`;
  }
}

/** A file name without extension, in one of the ways people and programs name files. */
function fileName(random: Random): string {
  switch (random.int(0, 4)) {
    case 0:
      return documentName(random);
    case 1:
      return imageName(random);
    case 2:
      return otherName(random, random.pick(STEM_KINDS));
    default:
      return `${random.pick(WORD_SLUGS)}_${random.pick(WORD_SLUGS)}`;
  }
}

function otherName(random: Random, kind: keyof typeof STEMS): string {
  const stem = random.pick(STEMS[kind]);
  if (kind === 'code') return random.bool(0.7) ? stem : `${stem}-${random.pick(WORD_SLUGS)}`;
  return random.bool(0.5) ? `${stem}-${stamp(random)}` : `${stem}_${zeroPad(random.int(1, 99), 2)}`;
}

function nameFor(random: Random, format: FileFormat): string {
  if (format.kind === 'image') return imageName(random);
  if (format.kind === 'document') return documentName(random);
  return otherName(random, format.kind);
}

function userHome(random: Random): string {
  return random.bool() ? `/home/${random.pick(USER_DIRS)}` : `/Users/${random.pick(USER_DIRS)}`;
}

function directory(random: Random, kind?: FileKind): string {
  const onServer = random.bool(0.3);
  if (kind === 'image') {
    return onServer
      ? random.pick(SERVER_IMAGE_DIRS)
      : `${userHome(random)}/${random.pick(IMAGE_DIRS)}`;
  }
  if (kind === 'document') {
    return onServer
      ? random.pick(SERVER_DOCUMENT_DIRS)
      : `${userHome(random)}/${random.pick(DOCUMENT_DIRS)}`;
  }
  return onServer ? random.pick(SERVER_DIRS) : `${userHome(random)}/${random.pick(DOCUMENT_DIRS)}`;
}

/** A file size in bytes, spread evenly over the orders of magnitude from 100 B to 50 MB. */
function size(random: Random, kind?: FileKind): number {
  switch (kind) {
    case 'image':
      return Math.round(10 ** random.float(4, 6.8, 4));
    case 'document':
      return Math.round(10 ** random.float(3.5, 6.5, 4));
    case 'video':
      return Math.round(10 ** random.float(6.5, 9, 4));
    case 'audio':
      return Math.round(10 ** random.float(5.5, 7.5, 4));
    default:
      return Math.round(10 ** random.float(2, 7.7, 4));
  }
}

function path(random: Random, format: FileFormat): string {
  return `${directory(random, format.kind)}/${nameFor(random, format)}.${format.extension}`;
}

function url(random: Random, format: FileFormat): string {
  const host = `${random.pick(URL_HOSTS)}.${random.pick(WORD_SLUGS)}.${random.pick(URL_TLDS)}`;
  const folder = random.pick(URL_FOLDERS);
  return `https://${host}/${folder}/${random.int(2019, 2025)}/${nameFor(random, format)}.${format.extension}`;
}

/** File names, extensions, media types, sizes, paths and URLs, extension and type agreeing. */
export const fileTypes: readonly DataType[] = [
  t('string', 'name', 'A file name without extension', 'meeting-notes-2025-03-14', (c) =>
    fileName(c.random),
  ),
  t('string', 'extension', 'A common file extension, without the dot', 'pdf', (c) =>
    c.random.pick(EXTENSIONS),
  ),
  t('string', 'mimetype', 'A common media (MIME) type', 'application/pdf', (c) =>
    c.random.pick(MIMETYPES),
  ),
  t('string', 'namewithextension', 'A file name with a matching extension', 'IMG_4821.jpg', (c) => {
    const format = c.random.pick(FORMATS);
    return `${nameFor(c.random, format)}.${format.extension}`;
  }),
  t('number', 'size', 'A file size in bytes, from 100 B to 50 MB', 248_311, (c) => size(c.random)),
  t(
    'string',
    'path',
    'An absolute path: a directory plus a file name',
    '/home/emma/Documents/report-2025.pdf',
    (c) => path(c.random, c.random.pick(FORMATS)),
  ),
  t('string', 'directory', 'An absolute directory path', '/home/emma/Documents', (c) =>
    directory(c.random),
  ),
  t(
    'string',
    'imagepath',
    'An absolute path of an image file',
    '/Users/liam/Pictures/IMG_0342.png',
    (c) => path(c.random, c.random.pick(IMAGE_FORMATS)),
  ),
  t(
    'string',
    'documentpath',
    'An absolute path of a document',
    '/srv/files/documents/invoice-2024.docx',
    (c) => path(c.random, c.random.pick(DOCUMENT_FORMATS)),
  ),
  t(
    'string',
    'imageextension',
    'An image file extension, without the dot',
    'png',
    (c) => c.random.pick(IMAGE_FORMATS).extension,
  ),
  t(
    'string',
    'documentextension',
    'A document file extension, without the dot',
    'docx',
    (c) => c.random.pick(DOCUMENT_FORMATS).extension,
  ),
  t('string', 'type', 'The broad type of a file', 'document', (c) => c.random.pick(FORMATS).kind),
  t(
    'string',
    'url',
    'An https URL of a file',
    'https://cdn.harbor.io/uploads/2024/report-q3-2024.pdf',
    (c) => url(c.random, c.random.pick(FORMATS)),
  ),
  t(
    'object',
    'info',
    'A file record: name, extension, media type, size, path and dates, all agreeing',
    {
      name: 'report-q3-2025.pdf',
      extension: 'pdf',
      mimetype: 'application/pdf',
      size: 482_113,
      path: '/home/emma/Documents/report-q3-2025.pdf',
      createdAt: '2025-10-02T08:14:51.201Z',
      modifiedAt: '2025-11-18T16:40:07.933Z',
    },
    (c) => {
      const format = c.random.pick(FORMATS);
      const name = `${nameFor(c.random, format)}.${format.extension}`;
      const createdAt = isoDateTime(c.random, c.now, -730, -30);
      const modifiedAt = isoDateTime(c.random, Date.parse(createdAt), 0, 30);
      return {
        name,
        extension: format.extension,
        mimetype: format.mimetype,
        size: size(c.random, format.kind),
        path: `${directory(c.random, format.kind)}/${name}`,
        createdAt,
        modifiedAt,
      };
    },
  ),
];
