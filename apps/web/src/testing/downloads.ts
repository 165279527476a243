import { vi } from 'vitest';

/**
 * Captures the files the page downloads (an object URL clicked through a link): each file's name
 * and text. Restore with `vi.restoreAllMocks()`.
 */
export function captureDownloads(): { name: string; text: Promise<string> }[] {
  const files: { name: string; text: Promise<string> }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.href);
    if (blob) files.push({ name: this.download, text: blob.text() });
  });
  return files;
}
