// `node apps/web/scripts/favicons.mjs`: draws public/favicon.png (64 px) and
// public/apple-touch-icon.png (180 px) from favicon.svg with Debian's Chromium. Run by hand when
// the logo changes; the PNGs are committed.
//
// Why PNGs: Chromium decodes an SVG favicon on the page's main thread by building a document for
// it (measured: 7-30 ms after the page's load, on every page), where a PNG is a plain image decode.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const here = import.meta.dirname;
const svg = readFileSync(join(here, 'favicon.svg'), 'utf8');
/** Each icon: its size, and whether its corners are rounded (iOS rounds a touch icon itself). */
const ICONS = {
  'favicon.png': { size: 64, rounded: true },
  'apple-touch-icon.png': { size: 180, rounded: false },
};

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage();
  for (const [file, { size, rounded }] of Object.entries(ICONS)) {
    const drawing = rounded ? svg : svg.replace(/ rx="[^"]*"/, '');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${drawing}`,
    );
    await page.locator('svg').screenshot({
      path: join(here, '..', 'public', file),
      omitBackground: true,
    });
  }
} finally {
  await browser.close();
}
