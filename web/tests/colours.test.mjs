// The colours of the board for every kind of colour vision: each colour seen as a
// person with protanopia, deuteranopia or tritanopia sees it (Machado, Oliveira and
// Fernandes 2009, severity 1, in linear RGB), and two colours that must be told apart
// measured as the CIE 1976 distance in L*a*b*. The colours are read where they are
// set: the players' in the library's pictures (interpreter/picture), the marks in the
// page's style sheet; the players of each game from the library (the wasm module).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './support.mjs';

const VISIONS = {
  typical: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  tritanopia: [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.3039]],
};

/** Players' pieces apart by this much in every vision (a clear difference at a glance). */
const PLAYERS_APART = 30;
/** A mark apart from the cells it is drawn on; each mark also differs by its line. */
const MARKS_APART = 20;

const linear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);

function lab(hex, matrix) {
  const rgb = [1, 3, 5].map((i) => linear(parseInt(hex.slice(i, i + 2), 16) / 255));
  const [r, g, b] = matrix.map((row) => Math.min(1, Math.max(0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2])));
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** The smallest distance between two colours over the visions, and the vision. */
function apart(a, b) {
  let least = { distance: Infinity, vision: '' };
  for (const [vision, matrix] of Object.entries(VISIONS)) {
    const [p, q] = [lab(a, matrix), lab(b, matrix)];
    const distance = Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
    if (distance < least.distance) least = { distance, vision };
  }
  return least;
}

const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');

test('the simulation finds red and green near for a deuteranope, black and white far for all', () => {
  // Black and white are the same to everyone; pure red and green are near for a
  // deuteranope (a known pair), far for typical vision.
  assert.ok(apart('#000000', '#ffffff').distance > 99);
  const [red, green] = ['#ff0000', '#00ff00'].map((c) => lab(c, VISIONS.deuteranopia));
  const typical = Math.hypot(...lab('#ff0000', VISIONS.typical).map((v, i) => v - lab('#00ff00', VISIONS.typical)[i]));
  assert.ok(Math.hypot(...red.map((v, i) => v - green[i])) < typical / 2);
});

test("the players of each game are apart in every kind of colour vision", async () => {
  const picture = read('interpreter/picture/mod.rs');
  const named = new Map();
  for (const m of picture.matchAll(/^\s*((?:"[a-z]+"\s*\|?\s*)+)=> \("(#[0-9a-fA-F]{6})"/gm)) {
    for (const name of m[1].match(/"([a-z]+)"/g)) named.set(name.slice(1, -1), m[2]);
  }
  const palette = [...read('interpreter/svg.rs').match(/PALETTE: \[&str; \d+\] = \[([^\]]*)\]/)[1].matchAll(/"(#[0-9a-fA-F]{6})"/g)].map((m) => m[1]);
  const neutral = read('interpreter/picture/position.rs').match(/\("(#[0-9a-fA-F]{6})", "#ffffff"\)/)[1];
  assert.ok(named.size >= 8 && palette.length === 8, `${[...named]} / ${palette}`);

  const dist = path.join(root, 'web', 'dist', 'pkg');
  const wasm = await import(path.join(dist, 'tabula_web.js'));
  wasm.initSync({ module: fs.readFileSync(path.join(dist, 'tabula_web_bg.wasm')) });
  const files = JSON.parse(wasm.games()).map((g) => [`games/${g.name}.tabula`, wasm.built_in_text(g.name)]);
  for (const name of fs.readdirSync(path.join(root, 'examples', 'rules')).filter((f) => f.endsWith('.tabula'))) {
    files.push([`examples/rules/${name}`, read(`examples/rules/${name}`)]);
  }
  const close = [];
  for (const [file, text] of files) {
    const checked = JSON.parse(wasm.check(file, text, []));
    if (!checked.ok) continue;
    const colours = checked.game.players.map((p, i) => [p, named.get(p.toLowerCase()) ?? palette[i % palette.length]]);
    colours.push(['neutral pieces', neutral]);
    for (let i = 0; i < colours.length; i++) {
      for (let j = i + 1; j < colours.length; j++) {
        const { distance, vision } = apart(colours[i][1], colours[j][1]);
        if (distance < PLAYERS_APART) close.push(`${file}: ${colours[i][0]} and ${colours[j][0]}, ${distance.toFixed(1)} in ${vision}`);
      }
    }
  }
  assert.deepEqual(close, []);
});

test("the board's marks are apart from the cells under them in every kind of colour vision", () => {
  const css = read('web/page/style.css');
  const variable = (name) => css.match(new RegExp(`--${name}: (#[0-9a-fA-F]{6})`))[1];
  const position = read('interpreter/picture/position.rs');
  const [start, end] = [position.indexOf('let fill = match'), position.indexOf('let name = &game.rules.board.cells[c]')];
  assert.ok(start >= 0 && end > start, 'the cell fills of interpreter/picture/position.rs are found');
  const fills = [...position.slice(start, end).matchAll(/"(#[0-9a-fA-F]{6})"/g)].map((m) => m[1]);
  const lastMove = position.match(/const LAST_MOVE: &str = "(#[0-9a-fA-F]{6})"/)[1];
  assert.equal(fills.length, 4);
  const marks = {
    'a movable outline': variable('accent'),
    'a target': variable('target-fill'),
    'a selected cell': variable('selected-fill'),
    'the last move': lastMove,
    "the keyboard's cell": variable('focus').length === 4 ? '#000000' : variable('focus'),
  };
  const close = [];
  for (const [mark, colour] of Object.entries(marks)) {
    for (const fill of fills) {
      const { distance, vision } = apart(colour, fill);
      if (distance < MARKS_APART) close.push(`${mark} on ${fill}: ${distance.toFixed(1)} in ${vision}`);
    }
  }
  const { distance, vision } = apart(marks['a target'], marks['a selected cell']);
  if (distance < MARKS_APART) close.push(`a target and a selected cell: ${distance.toFixed(1)} in ${vision}`);
  assert.deepEqual(close, []);
});
