// The playground in a real browser, used as a person uses it: games played to their end
// by clicks, a turn entered step by step, an error made and mended in the editor, a
// thinking computer stopped, a shared link opened. Each waits for what the page shows,
// never for a fixed time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  browser, open, idle, clickCell, clickSomeMove, picker, saveScreenshot, tabula, root, playground, gameLink,
} from './support.mjs';

const env = playground();

/** The fragment of a game link (as share.js writes it). */
const link = (options) => gameLink(env.server.url, options);

const statusOf = (page) => page.locator('#status').textContent();
const movesOf = (page) => page.$$eval('#moves li', (li) => li.map((l) => l.textContent));

/** Sets a seat to the computer at `mcts` with a budget, as a person does in the page. */
async function seatComputer(page, player, budget) {
  await page.locator(`select[data-player="${player}"]`).selectOption('mcts');
  const input = page.locator(`input[data-budget="${player}"]`);
  await input.fill(budget);
  await input.press('Enter');
}

// Backgammon without the cube, so that a random double dropped does not end the game
// at once: it is raced to the end.
for (const [game, seed, options] of [['backgammon', 5, 'no-cube'], ['naytin-six', 7, ''], ['invictus', 6, '']]) {
  test(`a game of ${game} is played to its end by clicks against the computer`, { timeout: 150000 }, async () => {
    const page = await open(env.chrome.context, link({ game, seed: String(seed), options }));
    const players = await page.$$eval('#seats select', (s) => s.map((x) => x.dataset.player));
    await seatComputer(page, players[1], '20');
    const pick = picker(seed);
    let clicks = 0;
    for (;;) {
      await idle(page);
      if ((await page.locator('#status').getAttribute('data-status')) === 'over') break;
      assert.ok(await clickSomeMove(page, pick), `nothing to click: ${await statusOf(page)}`);
      clicks += 1;
      assert.ok(clicks < 2000, 'the game did not end');
    }
    const status = await statusOf(page);
    assert.match(status, /^Game over: (\S+ wins|a draw)/);
    assert.equal(await page.locator('#game-over').textContent(), status);
    // The moves the page lists, replayed by the command line, end the game alike.
    const played = (await movesOf(page)).map((m) => (m.startsWith('(') ? m.slice(1, -1) : m.slice(m.indexOf(': ') + 2)));
    const cli = tabula(['state', game, ...(options ? ['-o', options] : []), '--moves', played.join(',')]);
    assert.equal(cli.code, 0, cli.stderr);
    const over = JSON.parse(cli.stdout).over;
    assert.ok(status.startsWith(`Game over: ${over.winner ? `${over.winner} wins` : 'a draw'}`), `${status} / ${JSON.stringify(over)}`);
    assert.ok(status.includes(over.reason), `${status} / ${over.reason}`);
    // The record it exports names the game.
    await page.locator('#export').click();
    const yaml = await page.locator('#record').inputValue();
    assert.match(yaml, new RegExp(`^game: ${game}$`, 'm'));
    // A game of backgammon's shape is exported for GNU Backgammon as well, byte for
    // byte as `tabula export --mat` writes the same record; another offers no .mat.
    const recordFile = path.join(os.tmpdir(), `tabula-web-${game}-${process.pid}.yaml`);
    fs.writeFileSync(recordFile, yaml);
    const cliMat = tabula(['export', '--mat', recordFile]);
    fs.rmSync(recordFile);
    const matButton = page.locator('#export-mat');
    if (cliMat.code === 0) {
      const [download] = await Promise.all([page.waitForEvent('download'), matButton.click()]);
      assert.equal(fs.readFileSync(await download.path(), 'utf8'), cliMat.stdout);
    } else {
      assert.ok(await matButton.isHidden(), `${game}: ${cliMat.stderr}`);
    }
    await page.locator('#board svg').screenshot({ path: saveScreenshot(`${game}.png`) });
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('a double in backgammon is entered a step at a time, and a step taken back', async () => {
  // White opened 3-1 with 8/5 6/5; black rolls 6-6.
  const record = 'game: backgammon\nseed: 3\nmoves: [3-1, 8/5 6/5, roll, 6-6]\n';
  const page = await open(env.chrome.context, link({ game: 'backgammon', seed: '3', record }));
  assert.equal(await statusOf(page), 'black to move');
  const cell = async (name) => Number(await page.locator(`#board polygon.cell[data-name="${name}"]`).getAttribute('data-cell'));
  // Black's two checkers on white's 1 (his 24) move six to white's 7 (his 18).
  await clickCell(page, await cell('1'));
  const targets = await page.$$eval('#board polygon.cell.target', (ps) => ps.map((p) => p.dataset.name));
  assert.deepEqual(targets, ['7']);
  await clickCell(page, await cell('7'));
  assert.equal(await page.locator('#partial').textContent(), '24/18');
  await clickCell(page, await cell('1'));
  await clickCell(page, await cell('7'));
  assert.equal(await page.locator('#partial').textContent(), '24/18 24/18');
  await page.locator('#undo-step').click();
  assert.equal(await page.locator('#partial').textContent(), '24/18');
  // The moves list holds no black move until the turn is whole.
  assert.deepEqual((await movesOf(page)).filter((m) => m.startsWith('black') && m.includes('/')), []);
  await clickCell(page, await cell('1'));
  await clickCell(page, await cell('7'));
  // From white's 12 (his 13) to white's 18 (his 7), twice.
  await clickCell(page, await cell('12'));
  await clickCell(page, await cell('18'));
  await clickCell(page, await cell('12'));
  await clickCell(page, await cell('18'));
  await page.locator('#turn-so-far').waitFor({ state: 'hidden' });
  const black = (await movesOf(page)).filter((m) => m.startsWith('black') && m.includes('/'));
  assert.equal(black.length, 1);
  assert.match(black[0], /^black: /);
  for (const step of ['24/18', '13/7']) assert.ok(black[0].includes(step), black[0]);
  assert.equal(await statusOf(page), 'white to move');
  await page.close();
});

test('an error in the editor is underlined where tabula check puts it, and mended', async () => {
  const page = await open(env.chrome.context, link({ game: 'backgammon' }));
  await page.locator('#game').selectOption('example:examples/rules/tic-tac-toe.tabula');
  await page.locator('#new-game').click();
  await page.locator('#rules-name', { hasText: 'examples/rules/tic-tac-toe.tabula' }).waitFor();
  await page.locator('#check-state', { hasText: 'the rules compile' }).waitFor();
  // The line that reads `  where empty(to)`: misspell the function.
  const line = page.locator('.cm-line', { hasText: 'where empty(to)' });
  await line.click();
  await page.keyboard.press('End');
  for (let i = 0; i < 'empty(to)'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('empy(to)');
  const underlined = page.locator('.cm-lintRange-error');
  await underlined.waitFor();
  assert.equal(await underlined.textContent(), 'empy');
  // Its line and column, counted in the editor's own lines.
  const where = await underlined.evaluate((span) => {
    const lineElement = span.closest('.cm-line');
    const lines = [...document.querySelectorAll('.cm-content .cm-line')];
    const range = document.createRange();
    range.setStart(lineElement, 0);
    range.setEnd(span, 0);
    return { line: lines.indexOf(lineElement) + 1, column: range.toString().length + 1 };
  });
  // The line of the file that reads `where empty(to)`, counted from 1.
  const source = fs.readFileSync(path.join(root, 'examples/rules/tic-tac-toe.tabula'), 'utf8');
  const at = source.split('\n').findIndex((l) => l.includes('where empty(to)')) + 1;
  assert.ok(at > 0);
  assert.deepEqual(where, { line: at, column: 9 });
  // The message is the command line's, word for word.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-editor-'));
  fs.mkdirSync(path.join(dir, 'examples', 'rules'), { recursive: true });
  const text = await page.evaluate(() => [...document.querySelectorAll('.cm-content .cm-line')].map((l) => l.textContent).join('\n'));
  fs.writeFileSync(path.join(dir, 'examples', 'rules', 'tic-tac-toe.tabula'), text);
  const cli = tabula(['check', 'examples/rules/tic-tac-toe.tabula'], { cwd: dir });
  assert.equal(cli.code, 1);
  assert.ok(cli.stderr.startsWith('error: unknown function `empy`\n'), cli.stderr);
  await page.locator('#check-state', { hasText: 'problem' }).waitFor();
  assert.equal(await page.locator('#problems').textContent(), cli.stderr.trimEnd());
  await underlined.hover();
  await page.locator('.cm-tooltip-lint', { hasText: 'unknown function `empy`' }).waitFor();
  // Mend it and play these rules.
  await page.locator('.cm-line', { hasText: 'where empy(to)' }).click();
  await page.keyboard.press('End');
  for (let i = 0; i < 'empy(to)'.length; i++) await page.keyboard.press('Backspace');
  await page.keyboard.type('empty(to)');
  await page.locator('#check-state', { hasText: 'the rules compile' }).waitFor();
  assert.equal(await page.locator('.cm-lintRange-error').count(), 0);
  await page.locator('#play-rules').click();
  await page.locator('#message', { hasText: 'playing these rules: 0 moves replayed' }).waitFor();
  const b2 = Number(await page.locator('#board polygon.cell[data-name="b2"]').getAttribute('data-cell'));
  await clickCell(page, b2);
  assert.deepEqual(await movesOf(page), ['x: b2']);
  fs.rmSync(dir, { recursive: true, force: true });
  await page.close();
});

test('a thinking computer is stopped and the game is as it was', async () => {
  const record = 'game: backgammon\nseed: 4\nmoves: [3-1, 8/5 6/5]\n';
  const page = await open(env.chrome.context, link({ game: 'backgammon', seed: '4', record, computer: 'black=mcts:60s' }));
  await page.locator('#thinking').waitFor({ state: 'visible' });
  const moves = await movesOf(page);
  const board = await page.locator('#board').innerHTML();
  await page.locator('#stop').click();
  await page.locator('#thinking').waitFor({ state: 'hidden' });
  await page.locator('#paused').waitFor({ state: 'visible' });
  assert.deepEqual(await movesOf(page), moves);
  assert.equal(await page.locator('#board').innerHTML(), board);
  assert.equal(await statusOf(page), 'black to move (computer, mcts:60s)');
  // Asked again, with a short budget, it plays on from there: its roll, the dice, its
  // move.
  await seatComputer(page, 'black', '30');
  await page.locator('#status', { hasText: 'white to move' }).waitFor();
  const after = await movesOf(page);
  assert.deepEqual(after.slice(0, moves.length), moves);
  assert.ok(after.slice(moves.length).some((m) => m.startsWith('black: ') && m.includes('/')), after.join(', '));
  await page.close();
});

test('a shared link opens the same position', async () => {
  const first = await open(env.chrome.context, link({ game: 'backgammon', seed: '9', options: 'no-cube' }));
  const pick = picker(9);
  for (let k = 0; k < 6; k++) {
    await idle(first);
    assert.ok(await clickSomeMove(first, pick), `nothing to click: ${await statusOf(first)}, ${await first.locator('#message').textContent()}`);
  }
  await idle(first);
  const url = first.url();
  const moves = await movesOf(first);
  const board = await first.locator('#board svg').innerHTML();
  assert.ok(moves.length >= 3, moves.join(', '));
  await first.close();
  // A browser of its own, which has kept nothing of the first.
  const other = await browser();
  try {
    const page = await open(other.context, url);
    assert.deepEqual(await movesOf(page), moves);
    assert.equal(await page.locator('#board svg').innerHTML(), board);
  } finally {
    await other.close();
  }
});

test('random games in the page match the command line seed for seed', async () => {
  const page = await open(env.chrome.context, link({ game: 'backgammon' }));
  for (const [game, seed] of [['backgammon', '21'], ['invictus', '22'], ['naytin-six', '23']]) {
    const lines = await page.evaluate(async ([g, s]) => {
      const t = await import('./pkg/tabula_web.js');
      return t.playout(g, undefined, [], s, 3, 10000);
    }, [game, seed]);
    const cli = tabula(['playout', game, '-n', '3', '--seed', seed, '--json']);
    assert.equal(cli.code, 0, cli.stderr);
    const games = cli.stdout.split('\n').filter((l) => l && !l.startsWith('{"summary"'));
    assert.deepEqual(lines.trimEnd().split('\n'), games);
  }
  await page.close();
});

test('a search whose tree is large enough to be measured as it is given back plays in the worker', async () => {
  // 5000 iterations: the tree outgrows the size below which its teardown is not timed,
  // which reads the clock (the page's, on WebAssembly).
  const page = await open(env.chrome.context, link({ game: 'naytin-six', seed: '2' }));
  const mover = (await statusOf(page)).split(' ')[0];
  await seatComputer(page, mover, '5000');
  await page.locator('#moves li').first().waitFor({ timeout: 60000 });
  await idle(page);
  assert.equal(await page.locator('#message').textContent(), '');
  assert.match((await movesOf(page))[0], new RegExp(`^${mover}: `));
  assert.deepEqual(page.errors, []);
  await page.close();
});
