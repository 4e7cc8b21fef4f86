// Browser tests of the navspan viewer: the built page, served on loopback,
// in the system's headless Chromium driven by puppeteer-core. For the
// largest corpus file of each format: drop it on the page, compare the
// polygon count with `navspan info --json`, click two far-apart polygons
// and check the path, take a screenshot and measure (drop to first draw,
// frame time while panning, memory). A file that is not a navmesh must show
// the command's one-line error.
//
//   node run.mjs --web BUILD/web --navspan BUILD/navspan [--shots DIR] [--quick]
//
// The corpus is NAVSPAN_CORPUS, else ../shared/corpus next to the checkout;
// a format with no file there is tested on the repository's own sample
// (examples/samples/), and says so. The last line is
// "N passed, N failed"; the exit status is 1 when anything failed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { serve } from '../web/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const web = resolve(option('--web', join(here, '..', '..', '..', 'build', 'viewer', 'examples', 'viewer', 'web')));
const navspan = resolve(option('--navspan', join(here, '..', '..', '..', 'build', 'viewer', 'examples', 'viewer', 'navspan')));
const shots = resolve(option('--shots', join(web, '..', 'screenshots')));
const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';
const corpus = resolve(process.env.NAVSPAN_CORPUS || join(here, '..', '..', '..', '..', 'shared', 'corpus'));

let passed = 0, failed = 0;
function check(ok, what, detail = '') {
  if (ok) { passed++; console.log('ok   ' + what); }
  else { failed++; console.log('FAIL ' + what + (detail ? ': ' + detail : '')); }
}

// `navspan info --json` of a file, or null when it is not readable.
function info(path) {
  try {
    return JSON.parse(execFileSync(navspan, ['info', '--json', path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }));
  } catch {
    return null;
  }
}
function infoError(path) {
  try {
    execFileSync(navspan, ['info', path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return '';
  } catch (e) {
    return String(e.stderr).trim();
  }
}
const polygonKey = { source_nav: 'areas', quake_nav: 'nodes', fox_nav2: 'faces', creation_plugin: 'triangles' };
const polygonCount = (i) => i[polygonKey[i.format]];
// How many findings `navspan validate --json` prints for a file.
function validateCount(path) {
  let out;
  try {
    out = execFileSync(navspan, ['validate', '--json', path], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    out = String(e.stdout);  // status 3: findings
  }
  // One JSON record per file: {"file": ..., "findings": [...], "counts": {...}}.
  return out.split('\n').filter((l) => l.startsWith('{'))
    .reduce((n, l) => n + (JSON.parse(l).findings || []).length, 0);
}

// The largest readable file of a corpus folder (plugins: most triangles).
function largest(folder) {
  const dir = join(corpus, folder, 'files');
  if (!existsSync(dir)) return null;
  let best = null;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const i = info(path);
    if (!i) continue;
    const weight = folder === 'creation-plugins' ? polygonCount(i) : statSync(path).size;
    if (!best || weight > best.weight) best = { path, info: i, weight };
  }
  return best;
}

// Corpus folder, format, and the repository's own sample (used when the
// corpus has no file of that format).
const formats = [
  ['source-nav', 'source_nav', 'sample_v16_cstrike.nav'], ['quake-nav', 'quake_nav', 'sample_v18.nav'],
  ['fox-nav2', 'fox_nav2', 'fox_sample.nav2'], ['creation-plugins', 'creation_plugin', 'sample_skyrim.esp'],
];
const samples = join(here, '..', '..', 'samples');

if (!existsSync(join(web, 'navspan.wasm'))) {
  console.log('no built page in ' + web + ' (cmake --workflow --preset viewer builds it)');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
mkdirSync(shots, { recursive: true });
const server = await serve(web);
const url = `http://127.0.0.1:${server.address().port}/`;
const profile = mkdtempSync(join(tmpdir(), 'navspan-viewer-'));
const browser = await puppeteer.launch({
  executablePath: browserPath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--enable-precise-memory-info', '--js-flags=--expose-gc',
    `--user-data-dir=${profile}`],
});
const measurements = [];
try {
  const page = await browser.newPage();
  await page.setViewport({ width: 1400, height: 900 });
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  // Nothing may come from anywhere but the loopback server.
  const foreign = [];
  page.on('request', (r) => { if (!r.url().startsWith(url) && !r.url().startsWith('data:')) foreign.push(r.url()); });
  await page.goto(url, { waitUntil: 'load' });
  const loaded = await page.evaluate(() => (window.navspanViewer ? window.navspanViewer.ready.then(() => true) : false));
  check(loaded, 'page and module load from ' + url, pageErrors.join('; '));
  if (!loaded) throw new Error('the page did not load');

  for (const [folder, format, sample] of formats) {
    let file = largest(folder);
    if (!file && existsSync(join(samples, sample))) {
      console.log(`${format}: no readable file in ${join(corpus, folder, 'files')}; the repository's sample instead`);
      file = { path: join(samples, sample), info: info(join(samples, sample)) };
    }
    if (!file || !file.info) { console.log(`skip ${format}: no file to open`); continue; }
    const name = basename(file.path);
    // Drop the file on the page, as a user would.
    await page.evaluate(() => { window.navspanTimings = null; });
    const b64 = readFileSync(file.path).toString('base64');
    await page.evaluate((data, fileName) => {
      const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], fileName));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, cancelable: true, bubbles: true }));
    }, b64, name);
    await page.waitForFunction(() => window.navspanTimings && window.navspanTimings.painted !== undefined, { timeout: 60000 });
    const state = await page.evaluate(() => window.navspanViewer.state());
    check(state && state.meta.format === format, `${format}: ${name} opens`, state ? state.meta.format : 'no state');
    if (!state) continue;
    check(state.meta.polygons === polygonCount(file.info),
      `${format}: ${state.meta.polygons} ${state.meta.polygon_kind}s, as navspan info says`, String(polygonCount(file.info)));

    // Two clicks far apart on the visible map show a path between them.
    const [a, b] = await page.evaluate(() => window.navspanViewer.farPair());
    const box = await (await page.$('#map')).boundingBox();
    const clickOn = async (p) => {
      const [x, y] = await page.evaluate((q) => window.navspanViewer.screenOf(q), p);
      // The centre may be covered by an upper floor: click where the page finds p, or its centre.
      await page.mouse.click(box.x + x, box.y + y);
      return page.evaluate((sx, sy) => window.navspanViewer.polygonAt(sx, sy), x, y);
    };
    const hitA = await clickOn(a);
    const hitB = await clickOn(b);
    const after = await page.evaluate(() => window.navspanViewer.state());
    const path = after.path;
    check(hitA >= 0 && hitB >= 0 && after.clicks.length === 2, `${format}: two clicks land on polygons`, `${hitA} ${hitB}`);
    check(path && path.found && path.corridor[0] === after.clicks[0] && path.corridor.at(-1) === after.clicks[1] &&
      path.waypoints.length >= 2 && path.length > 0,
      `${format}: path of ${path ? path.corridor.length : 0} polygons and ${path ? path.waypoints.length : 0} waypoints between the clicks`,
      JSON.stringify(path).slice(0, 200));
    // Hover names the polygon under the pointer.
    const [hx, hy] = await page.evaluate((q) => window.navspanViewer.screenOf(q), a);
    await page.mouse.move(box.x + hx + 1, box.y + hy + 1);
    const tip = await page.$eval('#tooltip', (e) => (e.hidden ? '' : e.textContent));
    check(tip.startsWith(state.meta.polygon_kind + ' '), `${format}: hover shows "${tip.split('\n')[0]}"`, tip);
    if (path && path.found) {
      // Waypoints: from the first click to the second, at most two per
      // corridor step plus the ends (a link across a gap gives the funnel
      // both of its sides), never shorter than the straight line.
      const w = path.waypoints, first = w[0], last = w.at(-1);
      const straight = Math.hypot(last[0] - first[0], last[1] - first[1], last[2] - first[2]);
      check(w.length <= 2 * path.corridor.length + 2 && path.length >= straight * 0.999,
        `${format}: waypoints string-pulled (length ${path.length.toFixed(0)}, straight line ${straight.toFixed(0)})`);
      // Where polygons share their edges (Fox faces, plugin triangles) the
      // legs stay on the corridor; Source areas may be linked across gaps
      // (drops, jumps) and Quake nodes are discs apart.
      if (format === 'fox_nav2' || format === 'creation_plugin') {
        const off = await page.evaluate(() => window.navspanViewer.pathPointsOffCorridor());
        check(off === 0, `${format}: the waypoint legs stay on the corridor`, `${off} sampled points on none of its polygons`);
      }
    }
    const record = await page.$eval('#record', (e) => e.textContent);
    check(record.includes('{') && record.length > 40, `${format}: the clicked record is shown`);
    const shot = join(shots, `${format}.png`);
    await page.waitForFunction(() => window.navspanTimings && window.navspanTimings.validate !== undefined, { timeout: 60000 });
    await page.screenshot({ path: shot });
    check(existsSync(shot), `${format}: screenshot ${shot}`);
    // The validate findings: as many as the command's, and the first one
    // leads to a polygon of the map when it names one.
    await page.waitForFunction(() => window.navspanTimings && window.navspanTimings.validate !== undefined, { timeout: 60000 });
    const found = await page.evaluate(() => window.navspanViewer.findings().length);
    const expectedFindings = validateCount(file.path);
    check(found === expectedFindings, `${format}: ${found} validate findings listed, as navspan validate says`, String(expectedFindings));
    if (found > 0) {
      // Clicking a finding that names a polygon selects it and shows its record.
      const target = await page.evaluate(() => {
        const all = window.navspanViewer.findings();
        for (let i = 0; i < all.length; i++) {
          const p = window.navspanViewer.polygonOfFinding(i);
          if (p >= 0) return { i, p };
        }
        return null;
      });
      if (target) {
        await page.click(`#findings li:nth-child(${target.i + 1})`);
        const shownRecord = await page.$eval('#record', (e) => e.textContent);
        const id = await page.evaluate((p) => window.navspanViewer.idOf(p), target.p);
        check(shownRecord.startsWith(`${state.meta.polygon_kind} ${id}`), `${format}: clicking a finding shows its ${state.meta.polygon_kind} (${id})`,
          shownRecord.split('\n')[0]);
      }
    }

    // Frame time while panning: 60 frames, each a pan then a full redraw
    // (its time, rasterization included), and the intervals between frames.
    const frames = await page.evaluate(() => new Promise((done) => {
      const v = window.navspanViewer;
      const times = [], intervals = [];
      let last = performance.now(), n = 0;
      const step = () => {
        const now = performance.now();
        if (n > 0) intervals.push(now - last);
        last = now;
        times.push(v.pan(n < 30 ? 6 : -6, 3));
        if (++n < 60) requestAnimationFrame(step); else done({ times, intervals });
      };
      requestAnimationFrame(step);
    }));
    const quantile = (xs, q) => [...xs].sort((u, v) => u - v)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
    const median = (xs) => quantile(xs, 0.5);
    const redraws = await page.evaluate(() => { const xs = []; for (let i = 0; i < 9; i++) xs.push(window.navspanViewer.redraw()); return xs; });
    const t = await page.evaluate(() => window.navspanTimings);
    const memory = await page.evaluate(() => {
      if (window.gc) window.gc();
      return { js: performance.memory ? performance.memory.usedJSHeapSize : 0, wasm: window.navspanViewer.wasmBytes() };
    });
    measurements.push({
      format, name, bytes: statSync(file.path).size, polygons: state.meta.polygons, links: state.meta.links,
      open_ms: t.open, arrays_ms: t.arrays, build_ms: t.build, draw_ms: t.draw, first_draw_ms: t.painted, validate_ms: t.validate, pan_draw_ms: median(frames.times),
      redraw_ms: median(redraws),
      pan_frame_ms: median(frames.intervals), pan_frame_p95_ms: quantile(frames.intervals, 0.95),
      js_heap_mb: memory.js / 1048576, wasm_heap_mb: memory.wasm / 1048576,
    });
  }

  // A file that is not a navmesh: the command's one-line error, on the page.
  const notNav = join(here, 'package.json');
  const expected = infoError(notNav).replace(/^navspan: [^:]*: /, '');
  const input = await page.$('#file');
  await input.uploadFile(notNav);
  await page.waitForFunction(() => !document.getElementById('error').hidden, { timeout: 20000 });
  const shown = await page.$eval('#error', (e) => e.textContent);
  // The page says what the command says: the plain reason, then the
  // library's detail in parentheses (both from navspan::error::explain).
  check(expected !== '' && shown === 'package.json: ' + expected, 'a file that is not a navmesh shows its one-line error', shown);
  await page.screenshot({ path: join(shots, 'not-a-navmesh.png') });

  check(pageErrors.length === 0, 'no script errors on the page', pageErrors.join('; '));
  check(foreign.length === 0, 'nothing requested outside the loopback server', foreign.join(' '));
} catch (e) {
  check(false, 'the browser session', String(e && e.stack || e));
} finally {
  await browser.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
const wasm = statSync(join(web, 'navspan.wasm')).size;
console.log(`wasm: ${(wasm / 1024).toFixed(0)} KiB (navspan.js ${(statSync(join(web, 'navspan.js')).size / 1024).toFixed(0)} KiB)`);
for (const m of measurements) {
  console.log(`${m.format}: ${m.name} (${(m.bytes / 1048576).toFixed(2)} MB, ${m.polygons} polygons, ${m.links} links): ` +
    `drop to first full draw ${m.first_draw_ms.toFixed(0)} ms (open ${m.open_ms.toFixed(0)}, typed arrays ${m.arrays_ms.toFixed(0)}, ` +
    `paths ${m.build_ms.toFixed(0)}, draw ${m.draw_ms.toFixed(0)} ms), ` +
    `validate ${m.validate_ms.toFixed(0)} ms; whole map redrawn ${m.redraw_ms.toFixed(1)} ms; pan frame ${m.pan_draw_ms.toFixed(1)} ms, ` +
    `frame interval median ${m.pan_frame_ms.toFixed(1)} ms, 95th percentile ${m.pan_frame_p95_ms.toFixed(1)} ms; ` +
    `JS heap ${m.js_heap_mb.toFixed(1)} MB, wasm memory ${m.wasm_heap_mb.toFixed(0)} MB`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
