import { describe, expect, it } from 'vitest';
import { drawValues, TEST_NOW } from '../../testing/draw.ts';
import { fileTypes } from './file.ts';

const IMAGE_EXTENSIONS = new Set(
  drawValues<string>(fileTypes, 'string.file.imageextension', { count: 500 }),
);
const DOCUMENT_EXTENSIONS = new Set(
  drawValues<string>(fileTypes, 'string.file.documentextension', { count: 500 }),
);

describe('file types', () => {
  it('name has no extension and no slash', () => {
    for (const v of drawValues(fileTypes, 'string.file.name')) {
      expect(v).toMatch(/^[A-Za-z0-9_-]+$/);
    }
  });

  it('extensions and media types look right', () => {
    for (const v of drawValues(fileTypes, 'string.file.extension'))
      expect(v).toMatch(/^[a-z0-9]{1,5}$/);
    for (const v of drawValues(fileTypes, 'string.file.mimetype'))
      expect(v).toMatch(/^[a-z]+\/[a-z0-9.+-]+$/);
    for (const ext of IMAGE_EXTENSIONS)
      expect(['jpg', 'jpeg', 'png', 'gif', 'webp', 'svg', 'avif', 'heic', 'bmp', 'tiff']).toContain(
        ext,
      );
    for (const ext of DOCUMENT_EXTENSIONS) expect(IMAGE_EXTENSIONS.has(ext)).toBe(false);
  });

  it('namewithextension ends with a known extension', () => {
    for (const v of drawValues(fileTypes, 'string.file.namewithextension')) {
      expect(v).toMatch(/^[A-Za-z0-9_-]+\.[a-z0-9]{1,5}$/);
    }
  });

  it('size is a whole number of bytes', () => {
    for (const v of drawValues(fileTypes, 'number.file.size')) {
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThanOrEqual(52_000_000);
    }
  });

  it('paths are absolute, with a file name and extension of the right kind', () => {
    for (const v of drawValues(fileTypes, 'string.file.path'))
      expect(v).toMatch(/^(\/[^/\s]+)+\/[^/\s]+\.[a-z0-9]+$/);
    for (const v of drawValues(fileTypes, 'string.file.directory'))
      expect(v).toMatch(/^(\/[^/\s]+)+$/);
    for (const v of drawValues(fileTypes, 'string.file.imagepath')) {
      expect(IMAGE_EXTENSIONS.has((v as string).split('.').pop() ?? '')).toBe(true);
    }
    for (const v of drawValues(fileTypes, 'string.file.documentpath')) {
      expect(DOCUMENT_EXTENSIONS.has((v as string).split('.').pop() ?? '')).toBe(true);
    }
  });

  it('url is an https URL of a file', () => {
    for (const v of drawValues(fileTypes, 'string.file.url')) {
      expect(v).toMatch(/^https:\/\/[a-z0-9.-]+\/.+\.[a-z0-9]+$/);
    }
  });

  it('info agrees with itself', () => {
    const images = new Map<string, string>([
      ['png', 'image/png'],
      ['jpg', 'image/jpeg'],
      ['pdf', 'application/pdf'],
      ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ]);
    for (const v of drawValues(fileTypes, 'object.file.info', { count: 500 })) {
      const info = v as Record<string, unknown>;
      expect(Object.keys(info).sort()).toEqual(
        ['createdAt', 'extension', 'mimetype', 'modifiedAt', 'name', 'path', 'size'].sort(),
      );
      const name = info.name as string;
      expect(name.endsWith(`.${info.extension}`)).toBe(true);
      expect((info.path as string).endsWith(`/${name}`)).toBe(true);
      const expected = images.get(info.extension as string);
      if (expected) expect(info.mimetype).toBe(expected);
      expect(Date.parse(info.modifiedAt as string)).toBeGreaterThanOrEqual(
        Date.parse(info.createdAt as string),
      );
      expect(Date.parse(info.modifiedAt as string)).toBeLessThanOrEqual(TEST_NOW);
    }
  });

  it('is reproducible under a seed', () => {
    for (const d of fileTypes) {
      expect(JSON.stringify(drawValues(fileTypes, d.name, { count: 20, seed: 42 }))).toBe(
        JSON.stringify(drawValues(fileTypes, d.name, { count: 20, seed: 42 })),
      );
    }
  });
});
