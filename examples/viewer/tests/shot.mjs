// Screenshots of the viewer on any files (for looking at them, and for the
// README's picture): node shot.mjs --web BUILD/web --out DIR FILE...
// Options per file: FILE@mode (a colour mode of the page, e.g. place).
import { mkdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import puppeteer from 'puppeteer-core';
import { serve } from '../web/serve.mjs';

const args = process.argv.slice(2);
const take = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const web = resolve(take('--web', 'web'));
const out = resolve(take('--out', '.'));
const width = Number(take('--width', '1400')), height = Number(take('--height', '900'));
mkdirSync(out, { recursive: true });
const server = await serve(web);
const profile = mkdtempSync(join(tmpdir(), 'navspan-viewer-'));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`],
});
try {
  const page = await browser.newPage();
  await page.setViewport({ width, height });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.evaluate(() => window.navspanViewer.ready);
  for (const spec of args) {
    const [path, mode] = spec.split('@');
    const b64 = readFileSync(path).toString('base64');
    await page.evaluate(() => { window.navspanTimings = null; });
    const r = await page.evaluate(async (data, name) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      return window.navspanViewer.openBytes(name, bytes);
    }, b64, basename(path));
    if (mode) await page.select('#mode', mode);
    if (r.ok) {
      const [a, b] = await page.evaluate(() => window.navspanViewer.farPair());
      const box = await (await page.$('#map')).boundingBox();
      for (const p of [a, b]) {
        const [x, y] = await page.evaluate((q) => window.navspanViewer.screenOf(q), p);
        await page.mouse.click(box.x + x, box.y + y);
      }
      await page.waitForFunction(() => window.navspanTimings && window.navspanTimings.validate !== undefined);
    }
    const file = join(out, basename(path).replace(/\W+/g, '_') + (mode ? '_' + mode : '') + '.png');
    await page.screenshot({ path: file });
    console.log(file, JSON.stringify(r));
  }
} finally {
  await browser.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
