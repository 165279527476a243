import { prettyJson } from './template-text.ts';

/** The name of the downloaded preview (spec section 9). */
export const DOWNLOAD_FILE_NAME = 'mock-data-example.json';

/**
 * Saves `data` as a pretty-printed JSON file through a temporary object URL and a download link.
 * Throws when the browser refuses (no Blob or object URL support).
 */
export function saveJsonFile(data: unknown, fileName: string = DOWNLOAD_FILE_NAME): void {
  const blob = new Blob([`${prettyJson(data)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoking in the same task can cancel the download in some browsers; let the click land first.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
