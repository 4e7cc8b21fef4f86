// navspan viewer: opens a navigation mesh with navspan compiled to
// WebAssembly (navspan.js + navspan.wasm, built from ../module/viewer.cpp)
// and draws it on a canvas. Plain JavaScript, nothing from the network.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const canvas = $('map');
  const ctx = canvas.getContext('2d');
  const stage = $('stage');

  // Colours: the categorical palette and the height ramp of `navspan svg`,
  // read from the module once it is loaded (palette.hpp is their one source).
  let PALETTE = ['#4e79a7'];
  let RAMP = [[68, 1, 84], [253, 231, 37]];
  const HEIGHT_BINS = 24;
  const LEGEND_MAX = 2000;  // legend entries made at most
  // Links by kind: navspan::nav's kinds, and Quake's own link types (as `navspan svg`).
  const LINK_COLOURS = {
    'walk': '#5b6670', 'jump': '#2ca02c', 'drop': '#ff7f0e', 'crouch': '#9467bd', 'ladder': '#8c564b',
    'teleport': '#1f77b4', 'door': '#d62728', 'elevator': '#e377c2', 'cross_group': '#1f77b4',
    'cross_navmesh': '#9467bd', 'other': '#7f7f7f',
    'Walk': '#7f7f7f', 'WalkOffLedge': '#ff7f0e', 'Teleport': '#1f77b4', 'Pusher': '#9467bd',
    'BarrierJump': '#2ca02c', 'LongJump': '#17becf', 'ManualJump': '#e377c2', 'Elevator': '#8c564b',
  };

  const NEUTRAL = '#c9ced3';

  let nav = null;        // the wasm module
  let file = null;       // what is open: meta, arrays, derived drawing data
  const view = { cx: 0, cy: 0, scale: 1 };  // ground point at the canvas centre, pixels per unit
  let dirty = true;
  let hover = -1;
  const clicks = [];     // up to two {polygon, world}
  let path = null;       // the last path result
  let selectedLink = -1;
  let selected = -1;     // the polygon whose record is shown
  const timings = {};

  // ---- the module -------------------------------------------------------
  function text(ptr) { return nav.UTF8ToString(ptr); }
  function array(which, Type) {
    const n = nav._nv_array_length(which);
    const p = nav._nv_array(which);
    return n === 0 ? new Type(0) : new Type(nav.HEAPU8.buffer, p, n).slice();
  }

  const ready = createNavspan().then((m) => {
    nav = m;
    const colours = JSON.parse(text(nav._nv_palette()));
    PALETTE = colours.categories;
    RAMP = colours.ramp.map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)));
  });

  // ---- opening a file ---------------------------------------------------
  async function openFile(f) {
    const t0 = performance.now();
    const bytes = new Uint8Array(await f.arrayBuffer());
    return openBytes(f.name, bytes, t0);
  }

  async function openBytes(name, bytes, t0 = performance.now()) {
    await ready;
    nav.HEAPU8.set(bytes, nav._nv_buffer(bytes.length));
    const ok = nav._nv_open();
    $('file-name').textContent = name + ' (' + bytes.length.toLocaleString('en') + ' bytes)';
    if (!ok) {
      const message = name + ': ' + text(nav._nv_error());
      showError(message);
      file = null;
      hover = -1;
      clearPanels();
      // Nothing of the previous file stays: pickers, colour modes, tooltip.
      $('tooltip').hidden = true;
      $('space-label').hidden = true;
      $('group-label').hidden = true;
      $('mode').innerHTML = '';
      $('drop-hint').hidden = false;
      $('legend').innerHTML = '';
      dirty = true;
      return { ok: false, error: message };
    }
    showError('');
    const t1 = performance.now();
    const meta = JSON.parse(text(nav._nv_meta()));
    file = {
      name, meta,
      info: JSON.parse(text(nav._nv_info())),
      corners: array(0, Float32Array), first: array(1, Uint32Array), centres: array(2, Float32Array),
      ids: array(3, Uint32Array), spaces: array(4, Uint32Array), groups: array(5, Uint32Array),
      places: array(6, Uint32Array), flags: array(7, Uint32Array),
      linkFrom: array(8, Uint32Array), linkTo: array(9, Uint32Array), linkKind: array(10, Uint32Array),
      linkPoints: array(11, Float32Array), records: array(12, Uint32Array),
      findings: [],
    };
    const tArrays = performance.now();
    derivePlan(file);
    clicks.length = 0; path = null; hover = -1; selectedLink = -1; selected = -1;
    $('drop-hint').hidden = true;
    fillPickers();
    fillModes();
    showInfo();
    $('findings').innerHTML = '<li class="none">running navspan validate…</li>';
    $('record').textContent = '';
    $('path').textContent = '';
    rebuild();
    fit();
    const tBuilt = performance.now();
    render(true);
    const t2 = performance.now();
    timings.arrays = tArrays - t1;
    timings.build = tBuilt - tArrays;
    timings.draw = t2 - tBuilt;
    timings.open = t1 - t0;
    timings.firstDraw = t2 - t0;
    timings.polygons = meta.polygons;
    // Painted: the frame after the one that drew the map has started.
    requestAnimationFrame(() => requestAnimationFrame(() => {
      timings.painted = performance.now() - t0;
      window.navspanTimings = Object.assign({}, timings);
      // The validate findings once the map is on screen (they can take
      // longer than opening the file).
      setTimeout(() => {
        if (!file || file.meta !== meta) return;
        const t3 = performance.now();
        file.findings = JSON.parse(text(nav._nv_findings()));
        timings.validate = performance.now() - t3;
        window.navspanTimings = Object.assign({}, timings);
        showFindings();
      }, 0);
    }));
    return { ok: true, polygons: meta.polygons, links: meta.links, format: meta.format };
  }

  // Ground-plane coordinates (x right, y up the screen) and heights.
  function derivePlan(f) {
    const yUp = f.meta.up_axis === 'y';
    const n = f.corners.length / 3;
    f.plan = new Float32Array(2 * n);
    for (let i = 0; i < n; i++) {
      const x = f.corners[3 * i], y = f.corners[3 * i + 1], z = f.corners[3 * i + 2];
      f.plan[2 * i] = x;
      f.plan[2 * i + 1] = yUp ? -z : y;
    }
    const count = f.meta.polygons;
    f.height = new Float32Array(count);
    for (let p = 0; p < count; p++) f.height[p] = f.centres[3 * p + (yUp ? 1 : 2)];
    f.order = Array.from({ length: count }, (_, i) => i);
    const key = (p) => (Number.isFinite(f.height[p]) ? f.height[p] : -Infinity);
    f.order.sort((a, b) => key(a) - key(b));
  }
  function planOf(x, y, z) { return file.meta.up_axis === 'y' ? [x, -z] : [x, y]; }
  function heightOf(x, y, z) { return file.meta.up_axis === 'y' ? y : z; }

  // ---- pickers and modes ------------------------------------------------
  function fillPickers() {
    const { meta } = file;
    const space = $('space'), group = $('group');
    space.innerHTML = ''; group.innerHTML = '';
    const isPlugin = meta.format === 'creation_plugin';
    $('space-label').hidden = !isPlugin;
    $('group-label').hidden = !(isPlugin || meta.format === 'fox_nav2');
    $('group-label').firstChild.textContent = isPlugin ? 'Navmesh ' : 'Group ';
    if (isPlugin) {
      const counts = new Array(meta.spaces.length).fill(0);
      for (const s of file.spaces) counts[s]++;
      let best = 1;
      for (let s = 1; s < meta.spaces.length; s++) {
        const o = document.createElement('option');
        o.value = s;
        o.textContent = meta.spaces[s] + ' (' + counts[s] + ' triangles)';
        space.appendChild(o);
        if (counts[s] > counts[best]) best = s;
      }
      space.value = String(best);
    }
    fillGroups();
  }
  function fillGroups() {
    const { meta } = file;
    const group = $('group');
    group.innerHTML = '';
    const all = document.createElement('option');
    all.value = '-1';
    all.textContent = 'all';
    group.appendChild(all);
    readPickers();
    const space = currentSpace();
    const counts = new Array(meta.groups.length).fill(0);
    for (let p = 0; p < meta.polygons; p++) if (space === 0 || file.spaces[p] === space) counts[file.groups[p]]++;
    meta.groups.forEach((g, i) => {
      if (counts[i] === 0) return;
      const o = document.createElement('option');
      o.value = i;
      o.textContent = g + ' (' + counts[i] + ')';
      group.appendChild(o);
    });
  }
  // What the pickers show, read once per change (visible() runs per polygon
  // and per link, too often to ask the DOM each time).
  let shownSpace = 0, shownGroup = -1;
  function readPickers() {
    shownSpace = file && file.meta.format === 'creation_plugin' ? Number($('space').value) : 0;
    shownGroup = $('group-label').hidden || $('group').value === '' ? -1 : Number($('group').value);
  }
  function currentSpace() { return shownSpace; }
  function visible(p) {
    return (shownSpace === 0 || file.spaces[p] === shownSpace) && (shownGroup < 0 || file.groups[p] === shownGroup);
  }

  // The same colourings as `navspan svg`, one at a time.
  function modesFor(meta) {
    switch (meta.format) {
      case 'source_nav': return [['place', 'place'], ['flags', 'attributes'], ['height', 'height'], ['links', 'link kind']];
      case 'quake_nav': return [['links', 'link kind'], ['flags', 'node flags'], ['height', 'height']];
      case 'fox_nav2': return [['place', 'segment'], ['group', 'group'], ['height', 'height'], ['flags', 'segment flags'], ['links', 'link kind']];
      // Source 2: one hull is walked (as `navspan svg` draws it), by attributes.
      case 'source2_nav': return [['flags', 'attributes'], ['height', 'height'], ['links', 'link kind']];
      default: return [['group', 'navmesh'], ['flags', 'triangle flags'], ['height', 'height'], ['links', 'link kind']];
    }
  }
  function fillModes() {
    const select = $('mode');
    select.innerHTML = '';
    for (const [value, label] of modesFor(file.meta)) {
      const o = document.createElement('option');
      o.value = value; o.textContent = label;
      select.appendChild(o);
    }
    // As `navspan svg` picks: places when the map has them, else what tells
    // its polygons apart best.
    let mode = select.options[0].value;
    if (file.meta.format === 'source_nav') {
      const placed = file.places.some((p) => p !== 0);
      const flagged = new Set(file.flags).size > 1;
      mode = placed ? 'place' : flagged ? 'flags' : 'height';
      if (!placed && flagged) {
        let plain = 0;
        const none = file.meta.flags.indexOf('(no attributes)');
        for (const f of file.flags) if (f === none) plain++;
        if (plain * 10 > file.flags.length * 8) mode = 'height';
      }
    }
    if (file.meta.format === 'creation_plugin' && file.meta.groups.length <= 1) mode = 'flags';
    select.value = mode;
  }

  // ---- drawing ----------------------------------------------------------
  // Polygons are drawn lowest first (upper floors cover lower ones), one
  // Path2D in ground coordinates per colour and height layer: a redraw is a
  // few dozen fills under one transform, however large the map.
  function colourOf(p, mode, heightRange) {
    switch (mode) {
      case 'place': return colourOfKey(mode, file.places[p]);
      case 'group': return colourOfKey(mode, file.groups[p]);
      case 'flags': return colourOfKey(mode, file.flags[p]);
      case 'height': return rampColour(heightBin(file.height[p], heightRange) / (HEIGHT_BINS - 1));
      default: return '#dfe3e7';
    }
  }
  // The colour of a place, group or flag set (what the legend shows).
  function colourOfKey(mode, key) {
    switch (mode) {
      case 'place': return key === 0 && file.meta.format === 'source_nav' ? NEUTRAL : PALETTE[key % PALETTE.length];
      case 'flags': return (file.meta.flags[key] || '').startsWith('(no ') ? NEUTRAL : PALETTE[key % PALETTE.length];
      default: return PALETTE[key % PALETTE.length];
    }
  }
  function heightBin(h, [lo, hi]) {
    if (!Number.isFinite(h) || hi <= lo) return 0;
    return Math.min(HEIGHT_BINS - 1, Math.max(0, Math.floor((h - lo) / (hi - lo) * HEIGHT_BINS)));
  }
  function rampColour(t) {
    const x = Math.min(1, Math.max(0, t)) * (RAMP.length - 1);
    const i = Math.min(RAMP.length - 2, Math.floor(x)), f = x - i;
    const c = RAMP[i].map((v, k) => Math.round(v + (RAMP[i + 1][k] - v) * f));
    return 'rgb(' + c.join(',') + ')';
  }
  function linkColour(kind) {
    const name = file.meta.link_kinds[kind];
    return LINK_COLOURS[name] || PALETTE[(kind + 3) % PALETTE.length];
  }

  function fade(colour) {
    const n = parseInt(colour.slice(1), 16);
    const mix = (v) => Math.round(v + (255 - v) * 0.55);
    return 'rgb(' + mix(n >> 16) + ',' + mix((n >> 8) & 255) + ',' + mix(n & 255) + ')';
  }

  function polygonPath(target, p) {
    const a = file.first[p], b = file.first[p + 1];
    if (b - a < 2) return;
    target.moveTo(file.plan[2 * a], file.plan[2 * a + 1]);
    for (let c = a + 1; c < b; c++) target.lineTo(file.plan[2 * c], file.plan[2 * c + 1]);
    target.closePath();
  }

  function rebuild() {
    if (!file) return;
    readPickers();
    const mode = $('mode').value;
    let lo = Infinity, hi = -Infinity;
    for (let p = 0; p < file.meta.polygons; p++) {
      if (!visible(p) || !Number.isFinite(file.height[p])) continue;
      lo = Math.min(lo, file.height[p]); hi = Math.max(hi, file.height[p]);
    }
    file.heightRange = [lo, hi];
    // Floors in layers of a sixteenth of the height range, lowest first;
    // within a layer, one path per colour (a few dozen fills in all).
    const layerOf = (p) => (Number.isFinite(file.height[p]) && hi > lo ? Math.min(15, Math.floor((file.height[p] - lo) / (hi - lo) * 16)) : 0);
    const colourIndex = new Map();
    const shown = [];
    const keys = new Map();
    for (const p of file.order) {
      if (!visible(p)) continue;
      const colour = colourOf(p, mode, file.heightRange);
      if (!colourIndex.has(colour)) colourIndex.set(colour, colourIndex.size);
      keys.set(p, layerOf(p) * 65536 + colourIndex.get(colour));
      shown.push(p);
    }
    shown.sort((a, b) => keys.get(a) - keys.get(b));
    const colours = [...colourIndex.keys()];
    const runs = [];
    let run = null, runKey = -1;
    const used = new Map();
    for (const p of shown) {
      const key = keys.get(p);
      if (!run || key !== runKey) {
        run = { colour: colours[key % 65536], path: new Path2D() };
        runs.push(run);
        runKey = key;
      }
      polygonPath(run.path, p);
      if (mode !== 'height' && mode !== 'links') {
        const k = mode === 'place' ? file.places[p] : mode === 'group' ? file.groups[p] : file.flags[p];
        used.set(k, (used.get(k) || 0) + 1);
      }
    }
    file.runs = runs;
    file.labels = mode === 'place' ? placeLabels(shown) : [];
    // Links by kind; those with both ends visible.
    const byKind = new Map();
    const kindCounts = new Map();
    const plainWalk = file.meta.format !== 'quake_nav';
    for (let l = 0; l < file.linkFrom.length; l++) {
      const from = file.linkFrom[l], to = file.linkTo[l];
      if (!visible(from) && (to === 0xFFFFFFFF || !visible(to))) continue;
      const k = file.linkKind[l];
      // Walking across a shared edge (Source areas, Fox faces, plugin
      // triangles) is what the outlines show: drawn only when colouring by
      // link kind; jumps, drops, ladders, ... always.
      if (mode !== 'links' && plainWalk && file.meta.link_kinds[k] === 'walk') continue;
      if (!byKind.has(k)) byKind.set(k, new Path2D());
      kindCounts.set(k, (kindCounts.get(k) || 0) + 1);
      const q = 6 * l;
      const [ax, ay] = planOf(file.linkPoints[q], file.linkPoints[q + 1], file.linkPoints[q + 2]);
      const [bx, by] = planOf(file.linkPoints[q + 3], file.linkPoints[q + 4], file.linkPoints[q + 5]);
      const path2 = byKind.get(k);
      path2.moveTo(ax, ay);
      path2.lineTo(bx, by);
    }
    file.links = [...byKind.entries()].sort((a, b) => kindCounts.get(b[0]) - kindCounts.get(a[0]));
    showLegend(mode, used, kindCounts);
    drawVersion++;
    dirty = true;
  }

  // Where each named place's label goes: on its polygon nearest the mean of
  // its polygons' centres (so the label sits on the place, not in a gap
  // between its parts), biggest places first so they win overlaps. Two
  // passes over the shown polygons.
  function placeLabels(shown) {
    const names = file.meta.places;
    const sums = new Map();
    for (const p of shown) {
      const k = file.places[p];
      if (k === 0 || !names[k] || names[k].startsWith('(')) continue;
      const [x, y] = planOf(...centreWorld(p));
      const e = sums.get(k) || { x: 0, y: 0, n: 0, best: -1, d: Infinity };
      e.x += x; e.y += y; e.n++;
      sums.set(k, e);
    }
    for (const p of shown) {
      const e = sums.get(file.places[p]);
      if (!e) continue;
      const [x, y] = planOf(...centreWorld(p));
      const d = (x - e.x / e.n) ** 2 + (y - e.y / e.n) ** 2;
      if (d < e.d) { e.d = d; e.best = p; }
    }
    return [...sums.entries()].sort((a, b) => b[1].n - a[1].n)
      .map(([k, e]) => ({ text: names[k], at: planOf(...centreWorld(e.best)) }));
  }

  // Place names over the map, in screen space so they keep their size; a
  // label that would overlap one already drawn, or leave the window, is
  // skipped (zooming in shows more of them).
  function drawLabels(dpr) {
    if (!file.labels || file.labels.length === 0 || !$('show-labels').checked) return;
    ctx.font = (11 * dpr) + 'px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.lineJoin = 'round';
    const taken = [];
    const [s, tx, ty] = transform();
    const pad = 3 * dpr, h = 13 * dpr;
    let drawn = 0;
    for (const label of file.labels) {
      if (drawn >= 300) break;
      const x = label.at[0] * s + tx, y = -label.at[1] * s + ty;
      const w = ctx.measureText(label.text).width;
      const box = [x - w / 2 - pad, y - h / 2 - pad, x + w / 2 + pad, y + h / 2 + pad];
      if (box[2] < 0 || box[3] < 0 || box[0] > canvas.width || box[1] > canvas.height) continue;
      if (taken.some((b) => box[0] < b[2] && b[0] < box[2] && box[1] < b[3] && b[1] < box[3])) continue;
      taken.push(box);
      ctx.lineWidth = 3 * dpr;
      ctx.strokeStyle = 'rgba(251,251,252,.9)';
      ctx.strokeText(label.text, x, y);
      ctx.fillStyle = '#1d2327';
      ctx.fillText(label.text, x, y);
      drawn++;
    }
    ctx.textBaseline = 'alphabetic';
  }

  function showLegend(mode, used, kindCounts) {
    const legend = $('legend');
    legend.innerHTML = '';
    const title = document.createElement('h3');
    const label = $('mode').selectedOptions[0].textContent;
    title.textContent = label;
    legend.appendChild(title);
    const entry = (colour, name, count, line, into = legend) => {
      const d = document.createElement('div');
      const i = document.createElement('i');
      i.style.background = colour;
      if (line) { i.style.height = '3px'; i.style.border = 'none'; }
      d.appendChild(i);
      d.appendChild(document.createTextNode(name + (count !== undefined ? ' (' + count + ')' : '')));
      d.title = name;
      into.appendChild(d);
    };
    if (mode === 'height') {
      const [lo, hi] = file.heightRange;
      const ramp = document.createElement('div');
      ramp.innerHTML = '<span>' + fmt(lo) + '</span>';
      const bar = document.createElement('i');
      bar.className = 'ramp';
      bar.style.background = 'linear-gradient(to right,' + [0, .25, .5, .75, 1].map(rampColour).join(',') + ')';
      ramp.appendChild(bar);
      ramp.appendChild(document.createTextNode(fmt(hi)));
      legend.appendChild(ramp);
    } else if (mode !== 'links') {
      const names = mode === 'place' ? file.meta.places : mode === 'group' ? file.meta.groups : file.meta.flags;
      // Every entry, most polygons first, in a box that scrolls (a crafted
      // file's 65,535 places stop at LEGEND_MAX, with the rest counted).
      const entries = [...used.entries()].sort((a, b) => b[1] - a[1]);
      const list = document.createElement('div');
      list.className = 'entries';
      legend.appendChild(list);
      for (const [key, count] of entries.slice(0, LEGEND_MAX)) {
        // Navmesh names without where they are (the cell picker says it).
        const name = mode === 'group' ? groupName(key) : names[key] || String(key);
        entry(colourOfKey(mode, key), shorten(name), count, false, list);
      }
      if (entries.length > LEGEND_MAX) legend.appendChild(document.createTextNode('… and ' + (entries.length - LEGEND_MAX) + ' more'));
    }
    if ($('show-links').checked || mode === 'links') {
      for (const [k] of file.links) entry(linkColour(k), file.meta.link_kinds[k], kindCounts.get(k), true);
    }
  }
  // "navmesh #3 (NAVM 000E8A8F)": without where it is (the cell picker says it).
  function groupName(g) { return (file.meta.groups[g] || '').replace(/ in (world|cell) .*$/, ')'); }
  function shorten(s) { return s.length > 48 ? s.slice(0, 46) + '…' : s; }
  function fmt(v) { return Number.isFinite(v) ? (Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2)) : '–'; }

  function resize() {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(stage.clientWidth * dpr)), h = Math.max(1, Math.round(stage.clientHeight * dpr));
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; dirty = true; }
  }

  function fit() {
    if (!file) return;
    readPickers();
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (let p = 0; p < file.meta.polygons; p++) {
      if (!visible(p)) continue;
      for (let c = file.first[p]; c < file.first[p + 1]; c++) {
        const x = file.plan[2 * c], y = file.plan[2 * c + 1];
        if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
        x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
    }
    if (!(x0 <= x1)) { x0 = y0 = -1; x1 = y1 = 1; }
    resize();
    view.cx = (x0 + x1) / 2; view.cy = (y0 + y1) / 2;
    view.scale = Math.min(canvas.width / Math.max(x1 - x0, 1e-3), canvas.height / Math.max(y1 - y0, 1e-3)) * 0.94;
    needFull = true;
    dirty = true;
  }

  function transform() {
    const dpr = window.devicePixelRatio || 1;
    return [view.scale, canvas.width / 2 - view.cx * view.scale, canvas.height / 2 + view.cy * view.scale, dpr];
  }
  function toScreen(px, py) {  // CSS pixels
    const [s, tx, ty, dpr] = transform();
    return [(px * s + tx) / dpr, (-py * s + ty) / dpr];
  }
  function toGround(sx, sy) {  // from CSS pixels
    const [s, tx, ty, dpr] = transform();
    return [(sx * dpr - tx) / s, -(sy * dpr - ty) / s];
  }

  // The map itself (fills, outlines, links) is drawn into an offscreen
  // canvas larger than the window; a frame while panning or zooming copies
  // it with an offset or scale and draws the small overlays (path, hover,
  // selection) on top. The map is redrawn when the view settles, when a pan
  // leaves the margin, or when what is shown changes.
  const base = document.createElement('canvas');
  const baseCtx = base.getContext('2d');
  const MARGIN = 0.3;    // of the window's width and height, on each side
  let baseView = null;   // the view the offscreen map was drawn for
  let drawVersion = 0;   // bumped when colours, links or the shown cell change
  let settleTimer = 0;
  let needFull = false;  // the view jumped (fit, go to a record): draw the map afresh

  function drawMap() {
    const w = Math.round(canvas.width * (1 + 2 * MARGIN)), h = Math.round(canvas.height * (1 + 2 * MARGIN));
    if (base.width !== w || base.height !== h) { base.width = w; base.height = h; }
    const c = baseCtx;
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.fillStyle = '#fbfbfc';
    c.fillRect(0, 0, w, h);
    const s = view.scale;
    c.setTransform(s, 0, 0, -s, w / 2 - view.cx * s, h / 2 + view.cy * s);
    const px = 1 / s;  // one device pixel in ground units
    const mode = $('mode').value;
    for (const run of file.runs) {
      c.fillStyle = run.colour;
      c.fill(run.path);
    }
    c.strokeStyle = mode === 'links' ? 'rgba(90,100,110,.35)' : 'rgba(40,48,56,.45)';
    c.lineWidth = 0.6 * px;
    for (const run of file.runs) c.stroke(run.path);
    if ($('show-links').checked || mode === 'links') {
      // Hairlines in opaque colours (the cheapest strokes to rasterize),
      // faded towards white unless the links are what is coloured.
      c.lineWidth = px;
      for (const [k, p] of file.links) {
        c.strokeStyle = mode === 'links' ? linkColour(k) : fade(linkColour(k));
        c.stroke(p);
      }
    }
    baseView = { cx: view.cx, cy: view.cy, scale: s, w: canvas.width, h: canvas.height, version: drawVersion };
  }

  // Where the offscreen map lands in the window for the current view.
  function mapPlacement() {
    const k = view.scale / baseView.scale;
    const x = -base.width / 2 * k + (baseView.cx - view.cx) * view.scale + canvas.width / 2;
    const y = -base.height / 2 * k + (view.cy - baseView.cy) * view.scale + canvas.height / 2;
    return { x, y, k };
  }

  function render(full = false) {
    resize();
    const t0 = performance.now();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#fbfbfc';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (file) {
      let stale = full || needFull || !baseView || baseView.version !== drawVersion || baseView.w !== canvas.width ||
        baseView.h !== canvas.height;
      if (!stale) {
        const m = mapPlacement();
        // A pan past the margin would show blank edges: redraw now.
        stale = m.x > 0 || m.y > 0 || m.x + base.width * m.k < canvas.width || m.y + base.height * m.k < canvas.height;
        // A zoom shows the scaled copy until the view settles.
        if (!stale && m.k !== 1) scheduleSettle();
      }
      if (stale) { drawMap(); needFull = false; }
      const m = mapPlacement();
      ctx.imageSmoothingEnabled = m.k !== 1;
      ctx.drawImage(base, m.x, m.y, base.width * m.k, base.height * m.k);
      const [s, tx, ty, dpr] = transform();
      ctx.setTransform(s, 0, 0, -s, tx, ty);
      const px = dpr / s;  // one CSS pixel in ground units
      drawPath(px);
      drawHighlight(selected, '#1565c0', 3 * px, 'rgba(21,101,192,.25)');
      drawHighlight(hover, 'rgba(0,0,0,.9)', 2 * px, null);
      for (const c of clicks) drawHighlight(c.polygon, '#c2185b', 2.5 * px, 'rgba(194,24,91,.25)');
      if (selectedLink >= 0) {
        const q = 6 * selectedLink;
        const [ax, ay] = planOf(file.linkPoints[q], file.linkPoints[q + 1], file.linkPoints[q + 2]);
        const [bx, by] = planOf(file.linkPoints[q + 3], file.linkPoints[q + 4], file.linkPoints[q + 5]);
        ctx.strokeStyle = '#c2185b'; ctx.lineWidth = 3 * px;
        ctx.beginPath(); ctx.moveTo(ax, ay); ctx.lineTo(bx, by); ctx.stroke();
      }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      drawLabels(dpr);
      drawScale(dpr);
    }
    timings.lastFrame = performance.now() - t0;
    dirty = false;
  }

  function scheduleSettle() {
    clearTimeout(settleTimer);
    settleTimer = setTimeout(() => { render(true); }, 150);
  }

  function drawHighlight(p, stroke, width, fill) {
    if (p < 0 || !file) return;
    const path2 = new Path2D();
    polygonPath(path2, p);
    if (fill) { ctx.fillStyle = fill; ctx.fill(path2); }
    ctx.strokeStyle = stroke; ctx.lineWidth = width;
    ctx.stroke(path2);
  }

  function drawPath(px) {
    if (!path || !path.found) return;
    const corridor = new Path2D();
    for (const p of path.corridor) polygonPath(corridor, p);
    ctx.fillStyle = 'rgba(255,214,0,.45)';
    ctx.fill(corridor);
    const line = new Path2D();
    path.waypoints.forEach(([x, y, z], i) => {
      const [a, b] = planOf(x, y, z);
      if (i === 0) line.moveTo(a, b); else line.lineTo(a, b);
    });
    ctx.lineCap = 'round';
    ctx.strokeStyle = 'white'; ctx.lineWidth = 6 * px; ctx.stroke(line);
    ctx.strokeStyle = '#c2185b'; ctx.lineWidth = 3 * px; ctx.stroke(line);
    for (const [x, y, z] of path.waypoints) {
      const [a, b] = planOf(x, y, z);
      ctx.beginPath(); ctx.arc(a, b, 3.5 * px, 0, 2 * Math.PI);
      ctx.fillStyle = '#c2185b'; ctx.fill();
    }
  }

  function drawScale(dpr) {
    // A round length about 120 CSS pixels long, bottom right.
    const units = 120 * dpr / view.scale;
    const step = Math.pow(10, Math.floor(Math.log10(units)));
    const len = [5, 2, 1].map((k) => k * step).find((v) => v <= units) || step;
    const w = len * view.scale;
    const x = canvas.width - w - 16 * dpr, y = canvas.height - 16 * dpr;
    ctx.strokeStyle = '#1d2327'; ctx.lineWidth = 2 * dpr;
    ctx.beginPath(); ctx.moveTo(x, y - 5 * dpr); ctx.lineTo(x, y); ctx.lineTo(x + w, y); ctx.lineTo(x + w, y - 5 * dpr); ctx.stroke();
    ctx.fillStyle = '#1d2327';
    ctx.font = (12 * dpr) + 'px system-ui, sans-serif';
    ctx.textAlign = 'center';
    ctx.fillText(len + (file.meta.format === 'fox_nav2' ? ' m' : ' units'), x + w / 2, y - 8 * dpr);
  }

  function frame() {
    if (dirty) render();
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);

  // ---- panels -----------------------------------------------------------
  function showError(message) {
    $('error').textContent = message;
    $('error').hidden = message === '';
  }
  function clearPanels() {
    $('info').innerHTML = ''; $('record').textContent = ''; $('path').textContent = '';
    $('findings').innerHTML = ''; $('findings-count').textContent = '';
  }
  function showInfo() {
    const dl = $('info');
    dl.innerHTML = '';
    for (const [k, v] of Object.entries(file.info)) {
      const dt = document.createElement('dt'); dt.textContent = k;
      const dd = document.createElement('dd');
      dd.textContent = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
      dl.appendChild(dt); dl.appendChild(dd);
    }
  }
  function showFindings() {
    const list = $('findings');
    list.innerHTML = '';
    $('findings-count').textContent = file.findings.length ? '(' + file.findings.length + ')' : '';
    if (file.findings.length === 0) {
      const li = document.createElement('li');
      li.className = 'none';
      li.textContent = 'navspan validate: no findings';
      list.appendChild(li);
      return;
    }
    file.findings.slice(0, 500).forEach((f) => {
      const li = document.createElement('li');
      li.innerHTML = '<code></code> <b></b>: <span></span>';
      li.children[0].textContent = f.check;
      li.children[1].textContent = f.record + ' @' + f.offset;
      li.children[2].textContent = f.message;
      li.addEventListener('click', () => goToRecord(f.record));
      list.appendChild(li);
    });
    if (file.findings.length > 500) {
      const li = document.createElement('li');
      li.textContent = '… ' + (file.findings.length - 500) + ' more (navspan validate lists them all)';
      list.appendChild(li);
    }
  }

  // The polygon a finding names ("area #12 (id 40)", "node #5", "face #3
  // (group 4, ...)", "link #8 (node #2 -> ...)", "navmesh #1 ... triangle 7").
  function polygonOfRecord(record) {
    const fmt2 = file.meta.format;
    let m;
    if (fmt2 === 'source_nav' && (m = /area #(\d+)/.exec(record))) return file.records.indexOf(Number(m[1]));
    if (fmt2 === 'quake_nav' && (m = /node #(\d+)/.exec(record))) return file.ids.indexOf(Number(m[1]));
    if (fmt2 === 'fox_nav2' && (m = /face #(\d+) \(group (\d+)/.exec(record))) {
      const g = file.meta.group_ids.indexOf(Number(m[2]));
      for (let p = 0; p < file.meta.polygons; p++) if (file.groups[p] === g && file.ids[p] === Number(m[1])) return p;
    }
    if (fmt2 === 'fox_nav2' && (m = /group (\d+)/.exec(record))) {
      const g = file.meta.group_ids.indexOf(Number(m[1]));
      for (let p = 0; p < file.meta.polygons; p++) if (file.groups[p] === g) return p;
    }
    if (fmt2 === 'creation_plugin' && (m = /navmesh #(\d+)/.exec(record))) {
      const t = /triangle #?(\d+)/.exec(record);
      for (let p = 0; p < file.meta.polygons; p++) {
        if (file.groups[p] === Number(m[1]) && (!t || file.ids[p] === Number(t[1]))) return p;
      }
    }
    return -1;
  }
  function goToRecord(record) {
    const p = polygonOfRecord(record);
    if (p < 0) { $('record').textContent = record + ': not a polygon of the map'; return; }
    reveal(p);
    select(p, centreWorld(p), false);
  }
  function reveal(p) {
    if (file.meta.format === 'creation_plugin' && currentSpace() !== file.spaces[p]) {
      $('space').value = String(file.spaces[p]);
      fillGroups();
      rebuild();
      fit();
    }
    if (!visible(p)) { $('group').value = '-1'; rebuild(); }
    const [x, y] = planOf(...centreWorld(p));
    view.cx = x; view.cy = y;
    view.scale = Math.max(view.scale, 8 * (window.devicePixelRatio || 1) / Math.max(1e-3, polygonSize(p)) * 6);
    needFull = true;
    dirty = true;
  }
  function polygonSize(p) {
    let x0 = Infinity, x1 = -Infinity;
    for (let c = file.first[p]; c < file.first[p + 1]; c++) { x0 = Math.min(x0, file.plan[2 * c]); x1 = Math.max(x1, file.plan[2 * c]); }
    return x1 - x0;
  }
  function centreWorld(p) { return [file.centres[3 * p], file.centres[3 * p + 1], file.centres[3 * p + 2]]; }

  function describe(p) {
    const m = file.meta;
    const lines = [m.polygon_kind + ' ' + file.ids[p] + (m.format === 'creation_plugin' || m.format === 'fox_nav2' ? '  in ' + groupName(file.groups[p]) : '')];
    if (m.format === 'source_nav') lines.push('place: ' + m.places[file.places[p]]);
    if (m.format === 'fox_nav2') lines.push(m.places[file.places[p]]);
    lines.push((m.format === 'source_nav' ? 'attributes: ' : 'flags: ') + m.flags[file.flags[p]]);
    const c = centreWorld(p);
    lines.push('centre: ' + c.map((v) => v.toFixed(1)).join(', '));
    return lines.join('\n');
  }

  function select(p, world, asPathEnd) {
    selectedLink = -1;
    selected = p;
    const record = JSON.parse(text(nav._nv_record(p)));
    $('record').textContent = describe(p) + '\n\n' + JSON.stringify(record, null, 1);
    if (asPathEnd) {
      if (clicks.length === 2) { clicks.length = 0; path = null; }
      clicks.push({ polygon: p, world });
      if (clicks.length === 2) findPath();
      else $('path').innerHTML = 'start: ' + file.meta.polygon_kind + ' ' + file.ids[p] + ' — click a second point for the path';
    }
    dirty = true;
  }

  function findPath() {
    const [a, b] = clicks;
    path = JSON.parse(text(nav._nv_path(a.polygon, b.polygon, a.world[0], a.world[1], a.world[2], b.world[0], b.world[1], b.world[2])));
    const kind = file.meta.polygon_kind;
    const el = $('path');
    if (!path.found) {
      el.innerHTML = '<b>no path</b> from ' + kind + ' ' + file.ids[a.polygon] + ' to ' + kind + ' ' + file.ids[b.polygon] +
        ' (' + path.expanded + ' ' + kind + 's searched)';
    } else {
      el.innerHTML = '<b>path</b> of ' + path.corridor.length + ' ' + kind + 's, ' + path.waypoints.length +
        ' waypoints, length ' + path.length.toFixed(1) + '<br><span class="hint"></span>';
      el.lastChild.textContent = 'ids: ' + path.ids.slice(0, 60).join(' → ') + (path.ids.length > 60 ? ' …' : '');
    }
    window.navspanLastPath = path;
  }

  // ---- interaction ------------------------------------------------------
  function polygonAt(sx, sy) {
    const [gx, gy] = toGround(sx, sy);
    const p = nav._nv_locate(gx, gy, NaN, currentSpace());
    return p >= 0 && visible(p) ? p : -1;
  }
  // The link nearest a screen point, within a few pixels.
  function linkAt(sx, sy) {
    if (!($('show-links').checked || $('mode').value === 'links')) return -1;
    let best = -1, bestD = 5;
    for (let l = 0; l < file.linkFrom.length; l++) {
      if (!visible(file.linkFrom[l])) continue;
      const q = 6 * l;
      const [ax, ay] = toScreen(...planOf(file.linkPoints[q], file.linkPoints[q + 1], file.linkPoints[q + 2]));
      const [bx, by] = toScreen(...planOf(file.linkPoints[q + 3], file.linkPoints[q + 4], file.linkPoints[q + 5]));
      const dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
      const t = len2 > 0 ? Math.max(0, Math.min(1, ((sx - ax) * dx + (sy - ay) * dy) / len2)) : 0;
      const d = Math.hypot(ax + t * dx - sx, ay + t * dy - sy);
      if (d < bestD) { bestD = d; best = l; }
    }
    return best;
  }
  function worldAt(p, sx, sy) {
    // The clicked ground point, at the polygon's height.
    const [gx, gy] = toGround(sx, sy);
    const h = file.height[p];
    return file.meta.up_axis === 'y' ? [gx, h, -gy] : [gx, gy, h];
  }

  let drag = null;
  canvas.addEventListener('pointerdown', (e) => {
    canvas.setPointerCapture(e.pointerId);
    drag = { x: e.offsetX, y: e.offsetY, cx: view.cx, cy: view.cy, moved: false };
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!file) return;
    if (drag) {
      const dx = e.offsetX - drag.x, dy = e.offsetY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) { drag.moved = true; stage.classList.add('dragging'); }
      if (drag.moved) {
        const dpr = window.devicePixelRatio || 1;
        view.cx = drag.cx - dx * dpr / view.scale;
        view.cy = drag.cy + dy * dpr / view.scale;
        dirty = true;
        return;
      }
    }
    const p = polygonAt(e.offsetX, e.offsetY);
    const tip = $('tooltip');
    if (p !== hover) { hover = p; dirty = true; }
    if (p < 0) { tip.hidden = true; return; }
    tip.textContent = describe(p);
    tip.hidden = false;
    tip.style.left = Math.min(e.offsetX + 14, stage.clientWidth - tip.offsetWidth - 4) + 'px';
    tip.style.top = Math.min(e.offsetY + 14, stage.clientHeight - tip.offsetHeight - 4) + 'px';
  });
  canvas.addEventListener('pointerup', (e) => {
    const wasDrag = drag && drag.moved;
    if (wasDrag) scheduleSettle();
    drag = null;
    stage.classList.remove('dragging');
    if (!file || wasDrag) return;
    const p = polygonAt(e.offsetX, e.offsetY);
    const l = linkAt(e.offsetX, e.offsetY);
    if (l >= 0 && p < 0) {
      selectedLink = l;
      selected = -1;
      $('record').textContent = 'link ' + l + ' (' + file.meta.link_kinds[file.linkKind[l]] + ')\n\n' +
        JSON.stringify(JSON.parse(text(nav._nv_link_record(l))), null, 1);
      dirty = true;
      return;
    }
    if (p >= 0) select(p, worldAt(p, e.offsetX, e.offsetY), true);
  });
  canvas.addEventListener('pointerleave', () => { hover = -1; $('tooltip').hidden = true; dirty = true; });
  canvas.addEventListener('wheel', (e) => {
    if (!file) return;
    e.preventDefault();
    const before = toGround(e.offsetX, e.offsetY);
    view.scale *= Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015));
    const after = toGround(e.offsetX, e.offsetY);
    view.cx += before[0] - after[0];
    view.cy += before[1] - after[1];
    dirty = true;
  }, { passive: false });
  window.addEventListener('resize', () => { dirty = true; });
  window.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'SELECT' || e.target.tagName === 'INPUT') return;
    if (e.key === 'f' || e.key === 'F') fit();
    if (e.key === 'Escape') { clicks.length = 0; path = null; $('path').textContent = ''; dirty = true; }
  });

  $('file').addEventListener('change', (e) => { if (e.target.files[0]) openFile(e.target.files[0]); });
  $('mode').addEventListener('change', () => { rebuild(); });
  $('show-links').addEventListener('change', () => { rebuild(); });
  $('show-labels').addEventListener('change', () => { dirty = true; });
  $('space').addEventListener('change', () => { fillGroups(); clicks.length = 0; path = null; rebuild(); fit(); });
  $('group').addEventListener('change', () => { rebuild(); fit(); });
  $('fit').addEventListener('click', fit);

  // Drop anywhere on the page.
  let dragDepth = 0;
  window.addEventListener('dragenter', (e) => { e.preventDefault(); dragDepth++; document.body.classList.add('drag-over'); });
  window.addEventListener('dragleave', () => { if (--dragDepth <= 0) { dragDepth = 0; document.body.classList.remove('drag-over'); } });
  window.addEventListener('dragover', (e) => { e.preventDefault(); });
  window.addEventListener('drop', (e) => {
    e.preventDefault();
    dragDepth = 0;
    document.body.classList.remove('drag-over');
    const f = e.dataTransfer && e.dataTransfer.files[0];
    if (f) openFile(f);
  });

  // For the browser tests and the measurements in the README.
  window.navspanViewer = {
    ready, openBytes, openFile,
    state: () => file && { meta: file.meta, info: file.info, findings: file.findings.length, path, clicks: clicks.map((c) => c.polygon) },
    findings: () => file && file.findings,
    polygonOfFinding: (i) => polygonOfRecord(file.findings[i].record),
    // Points along the last path's waypoint legs (9 per leg) that lie on no
    // polygon of its corridor, seen from above: 0 for a sound path.
    pathPointsOffCorridor: () => {
      if (!path || !path.found) return -1;
      const inside = (p, x, y) => {
        let hit = false;
        for (let i = file.first[p], j = file.first[p + 1] - 1; i < file.first[p + 1]; j = i++) {
          const xi = file.plan[2 * i], yi = file.plan[2 * i + 1], xj = file.plan[2 * j], yj = file.plan[2 * j + 1];
          if ((yi > y) !== (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi) hit = !hit;
        }
        return hit;
      };
      const near = (p, x, y) => {  // on the polygon or within a hair of its border
        if (inside(p, x, y)) return true;
        const e = 1e-3 * Math.max(1, Math.abs(x), Math.abs(y));
        return [[e, 0], [-e, 0], [0, e], [0, -e]].some(([dx, dy]) => inside(p, x + dx, y + dy));
      };
      let off = 0;
      for (let k = 1; k < path.waypoints.length; k++) {
        const [ax, ay] = planOf(...path.waypoints[k - 1]), [bx, by] = planOf(...path.waypoints[k]);
        for (let t = 0.1; t < 1; t += 0.1) {
          const x = ax + (bx - ax) * t, y = ay + (by - ay) * t;
          if (!path.corridor.some((p) => near(p, x, y))) off++;
        }
      }
      return off;
    },
    idOf: (p) => file.ids[p],
    // Where polygon p's centre is on the page (CSS pixels, relative to the canvas).
    screenOf: (p) => toScreen(...planOf(...centreWorld(p))),
    polygonAt, fit, render, view, timings,
    wasmBytes: () => (nav ? nav.HEAPU8.length : 0),
    // Pans by (dx, dy) CSS pixels and redraws; returns the milliseconds of
    // the redraw, rasterization included (reading a pixel back waits for it).
    pan: (dx, dy) => {
      const dpr = window.devicePixelRatio || 1;
      view.cx -= dx * dpr / view.scale;
      view.cy += dy * dpr / view.scale;
      const t0 = performance.now();
      render();
      ctx.getImageData(0, 0, 1, 1);
      return performance.now() - t0;
    },
    // Redraws the whole map (what a settled view or a new colouring costs).
    redraw: () => {
      const t0 = performance.now();
      render(true);
      ctx.getImageData(0, 0, 1, 1);
      return performance.now() - t0;
    },
    // Two polygons of the visible map far apart that a path joins (for the tests).
    farPair: () => {
      const vis = file.order.filter(visible);
      const start = vis[Math.floor(vis.length / 2)];
      let best = -1, bestD = -1;
      const stride = Math.max(1, Math.floor(vis.length / 150));
      for (let i = 0; i < vis.length; i += stride) {
        const q = vis[i];
        const r = JSON.parse(text(nav._nv_path(start, q, ...centreWorld(start), ...centreWorld(q))));
        if (r.found && r.length > bestD) { bestD = r.length; best = q; }
      }
      return [start, best];
    },
  };
})();
