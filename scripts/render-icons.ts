import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { findChromium } from './lib/chromium';

/**
 * Renders Clipdeck's mark (assets/icon.svg) with the Chromium that the tests drive, so no image
 * library is needed: `npx tsx scripts/render-icons.ts`. Writes
 * - public/icon/{16,32,48,96,128}.png, which WXT puts in both manifests (toolbar, menus, AMO);
 * - public/icon/marked-{16,32}.png, the toolbar mark (assets/icon-marked.svg: page in the notes);
 * - store/icon-128.png (the Chrome Web Store's: 96 px of artwork in 16 px of clear margin);
 * - store/promo-tile-440x280.png (the Chrome Web Store's small promo tile);
 * - tests/e2e/artifacts/icon-check.png (not committed): the 16 and 32 px icons on light and dark
 *   toolbars, with the outbox badges (utils/outbox/badge.ts), to be looked at after a change.
 */

const SVG = readFileSync(resolve('assets/icon.svg'), 'utf8');
const SVG_URL = `data:image/svg+xml;base64,${Buffer.from(SVG).toString('base64')}`;
// The toolbar mark's variant (utils/toolbar-mark): the page is already in the user's notes.
const MARKED_SVG_URL = `data:image/svg+xml;base64,${readFileSync(
  resolve('assets/icon-marked.svg'),
).toString('base64')}`;
const MARKED_SIZES = [16, 32];
const MANIFEST_SIZES = [16, 32, 48, 96, 128];
// The badge colours, as utils/outbox/badge.ts sets them.
const BADGE_WAITING = '#3a6ea5';
const BADGE_ATTENTION = '#c62828';
const TOOLBARS = [
  { name: 'Chrome light', colour: '#ffffff' },
  { name: 'Firefox light', colour: '#f9f9fb' },
  { name: 'Chrome dark', colour: '#35363a' },
  { name: 'Firefox dark', colour: '#2b2a33' },
  { name: 'Black', colour: '#000000' },
];

async function shoot(page: Page, html: string, width: number, height: number): Promise<Buffer> {
  await page.setViewportSize({ width, height });
  await page.setContent(`<!doctype html><html><body style="margin:0">${html}</body></html>`);
  await page.evaluate(() => Promise.all(Array.from(document.images, (image) => image.decode())));
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width, height } });
}

function mark(size: number, style = '', source = SVG_URL): string {
  return `<img src="${source}" width="${size}" height="${size}" style="display:block;${style}">`;
}

function checkSheet(pngs: Map<number, string>): string {
  const badge = (text: string, colour: string) =>
    `<span style="position:absolute;right:-6px;bottom:-3px;min-width:9px;padding:0 2px;height:12px;border-radius:6px;background:${colour};color:#fff;font:bold 9px/12px sans-serif;text-align:center">${text}</span>`;
  const actual = (size: number, extra = '') =>
    `<span style="position:relative;display:inline-block;margin:0 14px;vertical-align:middle"><img src="${pngs.get(size)}" width="${Math.abs(size)}" height="${Math.abs(size)}" style="display:block">${extra}</span>`;
  const zoomed = (size: number) =>
    `<img src="${pngs.get(size)}" width="${Math.abs(size) * 6}" height="${Math.abs(size) * 6}" style="image-rendering:pixelated;margin:0 8px;vertical-align:middle">`;
  const rows = TOOLBARS.map(
    ({
      name,
      colour,
    }) => `<div style="background:${colour};padding:10px 12px;display:flex;align-items:center;gap:4px">
      <span style="width:110px;font:12px sans-serif;color:${colour < '#8' ? '#fff' : '#000'}">${name}</span>
      ${actual(16)}${actual(16, badge('3', BADGE_WAITING))}${actual(16, badge('!', BADGE_ATTENTION))}
      ${actual(32)}${zoomed(16)}${zoomed(32)}
      ${actual(-16)}${actual(-16, badge('3', BADGE_WAITING))}${zoomed(-16)}</div>`,
  );
  return `<div style="width:800px">${rows.join('')}</div>`;
}

function promoTile(): string {
  return `<div style="width:440px;height:280px;box-sizing:border-box;padding:0 40px;display:flex;align-items:center;gap:28px;background:linear-gradient(135deg,#0a7a5a,#075c44);font-family:'DejaVu Sans','Liberation Sans',sans-serif;color:#fff">
    ${mark(120, 'flex:none;border-radius:26px;box-shadow:0 6px 18px rgba(0,0,0,.25)')}
    <div><div style="font-size:40px;font-weight:bold;letter-spacing:-0.5px">Clipdeck</div>
    <div style="font-size:17px;line-height:1.35;margin-top:10px;opacity:.92">Clip web pages into clean Markdown notes</div></div></div>`;
}

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: findChromium(), headless: true });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    mkdirSync('public/icon', { recursive: true });
    const pngs = new Map<number, string>();
    for (const size of MANIFEST_SIZES) {
      const png = await shoot(page, mark(size), size, size);
      writeFileSync(join('public/icon', `${size}.png`), png);
      pngs.set(size, `data:image/png;base64,${png.toString('base64')}`);
    }
    for (const size of MARKED_SIZES) {
      const png = await shoot(page, mark(size, '', MARKED_SVG_URL), size, size);
      writeFileSync(join('public/icon', `marked-${size}.png`), png);
      pngs.set(-size, `data:image/png;base64,${png.toString('base64')}`);
    }
    writeFileSync('store/icon-128.png', await shoot(page, mark(96, 'margin:16px'), 128, 128));
    writeFileSync('store/promo-tile-440x280.png', await shoot(page, promoTile(), 440, 280));
    mkdirSync('tests/e2e/artifacts', { recursive: true });
    const sheet = await shoot(page, checkSheet(pngs), 800, TOOLBARS.length * 212);
    writeFileSync('tests/e2e/artifacts/icon-check.png', sheet);
    console.log('Wrote public/icon/*.png, store/icon-128.png, store/promo-tile-440x280.png and');
    console.log('tests/e2e/artifacts/icon-check.png (look at it: 16 and 32 px on each toolbar).');
  } finally {
    await browser.close();
  }
}

await main();
