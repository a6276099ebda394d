// The designer's tools in a real browser: an analysis and a `--vs` comparison run in
// the worker and show their figures with intervals as `tabula analyze` gives them (the
// intervals also worked out here from the counts, by Wilson's formula); Stop ends an
// analysis and keeps the figures of the games played; the file's tests run with the
// results `tabula test` prints.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  open, tabula, root, saveScreenshot, playground, gameLink,
} from './support.mjs';

const env = playground();

const link = (game, seed = '1', options = '') => gameLink(env.server.url, { game, seed, options });
const pct = (x) => `${(100 * x).toFixed(1)} %`;

/** Wilson's 95 % interval of `count` successes in `n`, as in any statistics book. */
function wilson(count, n) {
  const z = 1.959963984540054;
  const p = count / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** A figures table's rows: figure -> [value, interval]. */
async function tableRows(table) {
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  return new Map(rows.map(([figure, ...rest]) => [figure, rest]));
}

async function analyse(page, { games, players = 'random', seed }) {
  await page.locator('#analysis-games').fill(String(games));
  await page.locator('#analysis-players').fill(players);
  await page.locator('#analysis-seed').fill(String(seed));
  await page.locator('#analysis-run').click();
}

test('an analysis runs in the worker and shows its figures and intervals as tabula analyze does', async () => {
  const page = await open(env.chrome.context, link('naytin-six'));
  await analyse(page, { games: 60, seed: 5 });
  await page.locator('#analysis-summary', { hasText: '60 of 60 games' }).waitFor({ timeout: 60000 });
  await page.waitForSelector('body[data-analysing="no"]');
  const command = (await page.locator('#analysis-command').textContent()).replace('The same at a terminal: ', '');
  assert.equal(command, 'tabula analyze naytin-six -n 60 --seed 5');
  const cli = tabula([...command.split(' ').slice(1), '--json']);
  assert.equal(cli.code, 0, cli.stderr);
  const figures = JSON.parse(cli.stdout).sets[0].figures;
  const rows = await tableRows(page.locator('table.figures').first());
  for (const [i, seat] of ['red', 'blue'].entries()) {
    const r = figures.seat_wins[i];
    assert.deepEqual(rows.get(`${seat} wins`), [pct(r.rate), `${pct(r.low)} to ${pct(r.high)}`]);
    // The interval is Wilson's, from the count alone.
    const [low, high] = wilson(r.count, r.of);
    assert.equal(`${pct(low)} to ${pct(high)}`, rows.get(`${seat} wins`)[1]);
  }
  assert.equal(figures.seat_wins[0].count + figures.seat_wins[1].count + figures.draws.count, 60);
  assert.deepEqual(rows.get('decisions')[1], `± ${figures.decisions.mean.half.toFixed(1)}`);
  assert.ok(rows.get('decisions')[0].startsWith(`${figures.decisions.mean.mean.toFixed(1)} (median ${figures.decisions.median}`));
  assert.deepEqual(rows.get('points a game'), [figures.points.mean.toFixed(2), `± ${figures.points.half.toFixed(2)}`]);
  // The plots the command writes with --svg.
  for (const plot of ['lengths', 'seats', 'branching']) {
    assert.equal(await page.locator(`figure[data-plot="${plot}"] svg`).count(), 1, plot);
  }
  await page.locator('#analysis-result').screenshot({ path: saveScreenshot('analysis.png') });
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a --vs comparison shows each difference with its interval', async () => {
  const page = await open(env.chrome.context, link('naytin-six'));
  await page.locator('#analysis-add-set').click();
  await page.locator('.option-set').nth(1).locator('input[value="slide"]').check();
  await analyse(page, { games: 40, seed: 3 });
  await page.locator('#analysis-summary', { hasText: '80 of 80 games' }).waitFor({ timeout: 60000 });
  const command = (await page.locator('#analysis-command').textContent()).replace('The same at a terminal: ', '');
  assert.equal(command, 'tabula analyze naytin-six -n 40 --seed 3 --vs -o slide');
  const cli = tabula([...command.split(' ').slice(1), '--json']);
  assert.equal(cli.code, 0, cli.stderr);
  const expected = JSON.parse(cli.stdout).comparisons[0];
  assert.deepEqual(expected.second, ['slide']);
  const table = page.locator('table.comparison');
  assert.match(await table.locator('caption').textContent(), /^slide against no options: the difference/);
  const rows = await tableRows(table);
  assert.equal(rows.size, expected.rows.length);
  for (const r of expected.rows) {
    const shown = rows.get(r.figure);
    assert.ok(shown, r.figure);
    const diff = (x) => (r.percent ? `${100 * x >= 0 ? '+' : ''}${(100 * x).toFixed(1)}` : `${x >= 0 ? '+' : ''}${x.toFixed(2)}`);
    assert.equal(shown[3], `${diff(r.low)} to ${diff(r.high)}`, r.figure);
    assert.equal(shown[4], r.significant ? 'significant' : 'not significant', r.figure);
    // The interval holds the difference.
    assert.ok(r.low <= r.difference && r.difference <= r.high, r.figure);
  }
  assert.equal(await page.locator('table.figures[data-set]').count(), 2);
  await page.close();
});

test('Stop ends an analysis and keeps the figures of the games played', async () => {
  const page = await open(env.chrome.context, link('naytin-six'));
  await analyse(page, { games: 1000000, seed: 1 });
  await page.locator('#analysis-progress').waitFor({ state: 'visible' });
  await page.waitForFunction(() => Number(document.querySelector('#analysis-bar').value) > 0, null, { timeout: 30000 });
  await page.locator('#analysis-stop').click();
  await page.locator('#analysis-progress').waitFor({ state: 'hidden' });
  const summary = await page.locator('#analysis-summary').textContent();
  const played = Number(summary.match(/^stopped: (\d+) of the 1000000 games asked were played/)?.[1]);
  assert.ok(played > 0 && played < 1000000, summary);
  const rows = await tableRows(page.locator('table.figures').first());
  assert.match(await page.locator('table.figures caption').first().textContent(), new RegExp(`: ${played} games$`));
  assert.ok(rows.has('red wins'));
  // Nothing comes after Stop: the worker is gone.
  await page.waitForTimeout(600);
  assert.equal(await page.locator('#analysis-summary').textContent(), summary);
  assert.equal(await page.locator('#analysis-run').isDisabled(), false);
  await page.close();
});

test("the file's tests run with the results tabula test prints", async () => {
  const page = await open(env.chrome.context, link('backgammon'));
  await page.locator('#game').selectOption('example:examples/rules/tic-tac-toe.tabula');
  await page.locator('#new-game').click();
  await page.locator('#rules-name', { hasText: 'examples/rules/tic-tac-toe.tabula' }).waitFor();
  await page.locator('#run-tests').click();
  await page.locator('#tests-result', { hasText: 'passed' }).waitFor();
  const cli = tabula(['test', 'examples/rules/tic-tac-toe.tabula']);
  assert.equal(cli.code, 0, cli.stderr);
  assert.equal(await page.locator('#tests-result').textContent(), cli.stdout.trimEnd());
  // A test made to fail: the first test's count.
  const line = page.locator('.cm-line', { hasText: 'expect count 9' });
  await line.click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('8');
  await page.locator('#run-tests').click();
  await page.locator('#tests-result', { hasText: '1 failed' }).waitFor();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-tests-'));
  fs.mkdirSync(path.join(dir, 'examples', 'rules'), { recursive: true });
  const text = fs.readFileSync(path.join(root, 'examples/rules/tic-tac-toe.tabula'), 'utf8').replace('expect count 9', 'expect count 8');
  fs.writeFileSync(path.join(dir, 'examples', 'rules', 'tic-tac-toe.tabula'), text);
  const failing = tabula(['test', 'examples/rules/tic-tac-toe.tabula'], { cwd: dir });
  assert.equal(failing.code, 1);
  assert.match(failing.stdout, /FAIL {2}the first move may go on any of the nine cells/);
  assert.equal(await page.locator('#tests-result').textContent(), failing.stdout.trimEnd());
  fs.rmSync(dir, { recursive: true, force: true });
  await page.close();
});
