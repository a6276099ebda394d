// What the playground's tests share: the built page served by `tabula serve`, the
// system's Chromium driven by playwright-core (no browser of its own is downloaded),
// and the moves of a person: clicks on the board's cells and on the buttons shown.
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const targetDir = process.env.CARGO_TARGET_DIR ?? path.join(root, 'target');
export const tabulaBin = process.env.TABULA_BIN ?? path.join(targetDir, 'debug', 'tabula');
/** Screenshots kept as the tests' artifacts. */
export const artifacts = path.join(targetDir, 'web-tests');

/** Runs the command-line tool: its exit code, standard output and error. */
export function tabula(args, options = {}) {
  const run = spawnSync(tabulaBin, args, { encoding: 'utf8', cwd: root, ...options });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** `tabula serve` on a free port: its address and a way to stop it. */
export async function serve() {
  const child = spawn(tabulaBin, ['serve', '--port', '0', '--dir', path.join(root, 'web', 'dist')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`tabula serve said: ${out}`)), 20000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const found = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (found) {
        clearTimeout(timer);
        resolve(found[0]);
      }
    });
    child.on('exit', (code) => reject(new Error(`tabula serve ended (${code}): ${out}`)));
  });
  return { url, stop: () => child.kill() };
}

/** Headless Chromium with a profile of its own, nothing fetched from outside. */
export async function browser() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1280, height: 1000 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  context.setDefaultTimeout(30000);
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A new page at `url`, once the playground has started. */
export async function open(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  await page.goto(url);
  await page.waitForSelector('body[data-ready="yes"]');
  return page;
}

/** A generator of numbers from a seed (the same picks every run). */
export function picker(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

/** Waits until the computer is not thinking. */
export async function idle(page, timeout = 60000) {
  await page.waitForSelector('body[data-thinking="no"]', { timeout });
}

/** Clicks the middle of cell `cell`'s outline, where a person would. */
export async function clickCell(page, cell) {
  const outline = page.locator(`#board polygon.cell[data-cell="${cell}"]`);
  await outline.scrollIntoViewIfNeeded();
  const box = await outline.boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function cellsWith(page, cls) {
  return page.$$eval(`#board polygon.cell.${cls}`, (ps) => ps.map((p) => Number(p.dataset.cell)));
}

/**
 * Makes one decision of the person to move by clicking: a cell where a move starts
 * and then one of its targets, or a cell played by a click, or a button of a decision
 * that names no cell (or of the steps one click left open). False when there was
 * nothing to click.
 */
export async function clickSomeMove(page, pick) {
  const movable = await cellsWith(page, 'movable');
  const words = await page.$$eval('#decisions button', (bs) => bs.map((b) => b.textContent));
  const options = movable.length + words.length;
  if (options === 0) return false;
  const k = pick(options);
  if (k >= movable.length) {
    await page.locator('#decisions button').nth(k - movable.length).click();
    return true;
  }
  await clickCell(page, movable[k]);
  const targets = await cellsWith(page, 'target');
  if (targets.length) await clickCell(page, targets[pick(targets.length)]);
  // One click may leave several steps open (a die's values on a cell): choose one.
  const left = await page.$$eval('#decisions button', (bs) => bs.map((b) => b.textContent));
  const chooser = await page.locator('#decisions .note').count();
  if (chooser && left.length) await page.locator('#decisions button').nth(pick(left.length)).click();
  return true;
}

export function saveScreenshot(name) {
  fs.mkdirSync(artifacts, { recursive: true });
  return path.join(artifacts, name);
}

/**
 * The page served and a browser, opened before a test file's tests and closed after
 * them: `env.server` and `env.chrome` once the tests run; `then` runs last in the
 * setup (a page to open for every test, say).
 */
export function playground(then = async () => {}) {
  const env = { server: null, chrome: null };
  before(async () => {
    env.server = await serve();
    env.chrome = await browser();
    await then(env);
  });
  after(async () => {
    await env.chrome?.close();
    env.server?.stop();
  });
  return env;
}

/** The address of a game link at `base` (the fragment share.js writes). */
export function gameLink(base, { game, seed = '1', options = '', computer = '', record = '' }) {
  const p = new URLSearchParams({ g: game, s: seed });
  if (options) p.set('o', options);
  if (computer) p.set('c', computer);
  if (record) p.set('r', Buffer.from(record).toString('base64url'));
  return `${base}#${p}`;
}
