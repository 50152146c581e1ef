#!/usr/bin/env node
// Renders the marketplace icon media/icon.svg to media/icon.png, 128×128, with headless chromium through
// playwright-core (no network: a local page from the SVG's text). Run it after editing the SVG and commit both;
// `npm run package` checks that the PNG is there and 128×128.
//   node scripts/render-icon.mjs        (chromium: /usr/bin/chromium or $OKSTRA_CHROMIUM)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { chromiumPath } from '../test/runner/harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const svg = fs.readFileSync(path.join(root, 'media', 'icon.svg'), 'utf8');
const out = path.join(root, 'media', 'icon.png');

const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 1 });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
  await page.locator('svg').screenshot({ path: out, omitBackground: true });
} finally {
  await browser.close();
}
const png = fs.readFileSync(out);
console.log(`${path.relative(process.cwd(), out)}: ${png.readUInt32BE(16)}×${png.readUInt32BE(20)}, ${png.length} bytes`);
