// Learning, matches and access in a real browser: the rules in words beside the board
// (as `tabula rules` says them, the paragraphs of the options on), an example opened
// from its family, a match to N points played to its end, moves made with the keyboard
// alone, the cells labelled for a screen reader and the moves announced; and a picture
// of each built-in game's board with its rules beside it kept as an artifact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  open, idle, tabula, saveScreenshot, playground, gameLink,
} from './support.mjs';

const env = playground();

const link = (options) => gameLink(env.server.url, options);

/** The games of a match record (YAML as the page exports it): each game's moves. */
function gamesOf(yaml) {
  const games = [];
  let part = null;
  for (const line of yaml.split('\n')) {
    if (part === 'games:' && line.startsWith('- - ')) games.push([line.slice(4)]);
    else if (part === 'games:' && line.startsWith('  - ')) games.at(-1).push(line.slice(4));
    else if (part === 'moves:' && line.startsWith('- ')) games.at(-1).push(line.slice(2));
    else {
      part = line;
      if (part === 'moves:') games.push([]);
    }
  }
  return games;
}

const words = (text) => text.split(/\s+/).filter(Boolean);
/** The words of the rules shown, paragraph after paragraph. */
const wordsShown = async (page) => words((await page.locator('#rules-text > *').allTextContents()).join('\n'));

const movesOf = (page) => page.$$eval('#moves li', (li) => li.map((l) => l.textContent));

for (const [game, options] of [['backgammon', ''], ['invictus', ''], ['naytin-six', 'slide']]) {
  test(`the rules of ${game}${options ? ` with ${options}` : ''} are shown beside its board as tabula rules says them`, async () => {
    const page = await open(env.chrome.context, link({ game, options }));
    const cli = tabula(['rules', game, ...(options ? ['-o', options] : [])]);
    assert.equal(cli.code, 0, cli.stderr);
    // The same words, wrapped to the page's width; a picture of the board as written.
    assert.deepEqual(await wordsShown(page), words(cli.stdout));
    for (const picture of await page.locator('#rules-text pre').allTextContents()) {
      assert.ok(cli.stdout.includes(picture), picture);
    }
    if (options) {
      const heading = page.locator('#rules-text p', { hasText: `With ${options}: ` });
      assert.equal(await heading.count(), 1);
    }
    await page.locator('main').screenshot({ path: saveScreenshot(`board-and-rules-${game}.png`) });
    await page.close();
  });
}

test('an example is one click away under its family', async () => {
  const page = await open(env.chrome.context, link({ game: 'backgammon' }));
  await page.locator('#families-box summary').click();
  const family = page.locator('#families section', { has: page.locator('h3', { hasText: 'connection' }) });
  await family.locator('button', { hasText: 'Hex' }).click();
  await page.locator('#rules-name', { hasText: 'examples/rules/hex.tabula' }).waitFor();
  assert.match(await page.locator('#status').textContent(), /^red to move/);
  const cli = tabula(['rules', 'examples/rules/hex.tabula']);
  assert.deepEqual(await wordsShown(page), words(cli.stdout));
  // Every example that plays is listed once.
  const listed = await page.$$eval('#families button[data-example]', (bs) => bs.map((b) => b.dataset.example));
  assert.equal(new Set(listed).size, listed.length);
  assert.ok(listed.includes('examples/rules/kalah.tabula'));
  await page.close();
});

test('a match to 2 points is played game after game until a player has 2', async () => {
  const page = await open(env.chrome.context, link({ game: 'backgammon' }));
  await page.locator('#game').selectOption('example:examples/rules/tic-tac-toe.tabula');
  await page.locator('#seed').fill('11');
  await page.locator('#match-length').fill('2');
  await page.locator('#new-game').click();
  await page.locator('#match', { hasText: 'match to 2: x 0, o 0 (game 1)' }).waitFor();
  for (const player of ['x', 'o']) await page.locator(`select[data-player="${player}"]`).selectOption('random');
  await page.locator('#match', { hasText: '(the match is over)' }).waitFor({ timeout: 60000 });
  await idle(page);
  const scores = (await page.locator('#match').textContent()).match(/x (\d+), o (\d+)/).slice(1).map(Number);
  // A won game of tic-tac-toe is worth a point: the winner has 2, the other less.
  assert.equal(Math.max(...scores), 2);
  assert.ok(Math.min(...scores) < 2);
  // The record holds every game of the match; each, replayed by the command line,
  // ends as the page counted it.
  await page.locator('#export').click();
  const yaml = await page.locator('#record').inputValue();
  assert.match(yaml, /^match: 2$/m);
  const games = gamesOf(yaml);
  assert.ok(games.length >= 2, yaml);
  const wins = { x: 0, o: 0 };
  for (const moves of games) {
    const cli = tabula(['state', 'examples/rules/tic-tac-toe.tabula', '--moves', moves.join(',')]);
    assert.equal(cli.code, 0, cli.stderr);
    const over = JSON.parse(cli.stdout).over;
    assert.ok(over, `a game of the match that did not end: ${moves}`);
    if (over.winner) wins[over.winner] += 1;
    // No game is played once a player has the match.
    assert.ok(Math.max(wins.x, wins.o) <= 2);
  }
  assert.deepEqual([wins.x, wins.o], scores);
  await page.close();
});

/** Presses arrow keys, as a person looking at the board does, until the cell named `name` has the focus. */
async function keyTo(page, name) {
  for (let k = 0; k < 60; k++) {
    const at = await page.evaluate(() => document.activeElement?.dataset?.name ?? null);
    if (at === name) return;
    const key = await page.evaluate((target) => {
      const box = (e) => e.getBoundingClientRect();
      const a = box(document.activeElement);
      const b = box(document.querySelector(`#board polygon.cell[data-name="${target}"]`));
      const dx = b.x + b.width / 2 - (a.x + a.width / 2);
      const dy = b.y + b.height / 2 - (a.y + a.height / 2);
      if (Math.abs(dx) >= Math.abs(dy)) return dx > 0 ? 'ArrowRight' : 'ArrowLeft';
      return dy > 0 ? 'ArrowDown' : 'ArrowUp';
    }, name);
    await page.keyboard.press(key);
  }
  assert.fail(`the arrow keys did not reach ${name}`);
}

/** Tabs from the top of the page until a cell of the board has the focus. */
async function tabToBoard(page) {
  for (let k = 0; k < 80; k++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.matches('#board polygon.cell'))) return;
  }
  assert.fail('Tab never reached the board');
}

test('a move is made with the keyboard alone, the cells said in words and the move announced', async () => {
  // Black to play 6-6 (as in the double's test): from white's 1 to white's 7.
  const record = 'game: backgammon\nseed: 3\nmoves: [3-1, 8/5 6/5, roll, 6-6]\n';
  const page = await open(env.chrome.context, link({ game: 'backgammon', seed: '3', record }));
  await tabToBoard(page);
  // Only one cell of the board is in the tab order.
  assert.equal(await page.locator('#board [tabindex="0"]').count(), 1);
  await keyTo(page, '1');
  const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
  assert.equal(label, '1: 2 × black checker; press Enter to move from here');
  await page.keyboard.press('Enter');
  assert.match(await page.locator('#board polygon.cell[data-name="7"]').getAttribute('aria-label'), /^7: empty; a target/);
  await keyTo(page, '7');
  await page.keyboard.press('Space');
  assert.equal(await page.locator('#partial').textContent(), '24/18');
  // The focus stays on the board, on the cell just moved to, which says what is there.
  assert.equal(await page.evaluate(() => document.activeElement.dataset.name), '7');
  assert.match(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), /^7: black checker/);
  // The focus is drawn: its outline is wider than a cell's.
  const width = await page.evaluate(() => getComputedStyle(document.activeElement).strokeWidth);
  assert.equal(width, '5px');
  // Three more steps to end the turn, each from the keyboard.
  for (const [from, to] of [['1', '7'], ['12', '18'], ['12', '18']]) {
    await keyTo(page, from);
    await page.keyboard.press('Enter');
    await keyTo(page, to);
    await page.keyboard.press('Enter');
  }
  await page.locator('#turn-so-far').waitFor({ state: 'hidden' });
  const black = (await movesOf(page)).filter((m) => m.startsWith('black') && m.includes('/'));
  assert.equal(black.length, 1);
  assert.match(await page.locator('#announce').textContent(), /black plays 24\/18\(2\) 13\/7\(2\)|black plays 13\/7\(2\) 24\/18\(2\)/);
  await page.close();
});

test('a placement is made from the keyboard in a grid game', async () => {
  const page = await open(env.chrome.context, link({ game: 'backgammon' }));
  await page.locator('#game').selectOption('example:examples/rules/tic-tac-toe.tabula');
  await page.locator('#new-game').click();
  await page.locator('#rules-name', { hasText: 'examples/rules/tic-tac-toe.tabula' }).waitFor();
  await tabToBoard(page);
  await keyTo(page, 'b2');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'b2: empty; press Enter to play here');
  await page.keyboard.press('Enter');
  assert.deepEqual(await movesOf(page), ['x: b2']);
  assert.equal(await page.locator('#announce').textContent(), 'x plays b2');
  assert.match(await page.locator('#board polygon.cell[data-name="b2"]').getAttribute('aria-label'), /^b2: x mark/);
  await page.close();
});

test('every control of the page is reached with the Tab key', async () => {
  const page = await open(env.chrome.context, link({ game: 'naytin-six' }));
  // Open the folded parts, as a person would with Enter on their summaries.
  await page.locator('#families-box summary').focus();
  await page.keyboard.press('Enter');
  await page.locator('#all-moves summary').focus();
  await page.keyboard.press('Enter');
  const controls = await page.$$eval(
    'button, input, select, textarea, summary, .cm-content, #board polygon.cell[tabindex="0"]',
    (all) => all
      .filter((e) => !e.disabled && (e.getClientRects().length > 0 || e.closest('label.button')))
      .map((e, i) => {
        e.dataset.control = String(i);
        return i;
      }),
  );
  await page.locator('body').focus();
  await page.evaluate(() => document.activeElement?.blur());
  const reached = new Set();
  for (let k = 0; k < 400 && reached.size < controls.length; k++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const e = document.activeElement;
      return { control: e?.closest('[data-control]')?.dataset.control ?? null, editor: Boolean(e?.closest('.cm-content')) };
    });
    if (at.control !== null) reached.add(Number(at.control));
    // The editor keeps Tab for indenting; Escape first lets Tab leave it (CodeMirror's way).
    if (at.editor) await page.keyboard.press('Escape');
  }
  const missed = await page.$$eval('[data-control]', (all, seen) => all
    .filter((e) => !seen.includes(Number(e.dataset.control)))
    .map((e) => e.id || e.textContent.trim().slice(0, 30) || e.outerHTML.slice(0, 60)), [...reached]);
  assert.deepEqual(missed, []);
  await page.close();
});

test('a number option is a field within its range, and the game started reads its value', async () => {
  const page = await open(env.chrome.context, link({ game: 'backgammon' }));
  await page.locator('#game').selectOption('example:examples/rules/pig.tabula');
  const field = page.locator('#options input[type=number][name="target"]');
  await field.waitFor();
  assert.equal(await field.inputValue(), '100');
  assert.equal(await field.getAttribute('min'), '10');
  assert.equal(await field.getAttribute('max'), '1000');
  await field.fill('30');
  await page.locator('#new-game').click();
  // The rules beside the board head the option's paragraph with the value chosen, as
  // `tabula rules -o target=30` does.
  await page.locator('#rules-text p', { hasText: 'With target = 30: ' }).waitFor();
  const cli = tabula(['rules', 'examples/rules/pig.tabula', '-o', 'target=30']);
  assert.equal(cli.code, 0, cli.stderr);
  assert.deepEqual(await wordsShown(page), words(cli.stdout));
  await page.close();
});
