// The rules editor on the library's language services, used as a person uses it: a
// hover, a completion list, a quick fix clicked, the Format button and go to
// definition, each checked against what the command line (`tabula fmt`, `tabula lsp`)
// says of the same text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, tabula, playground } from './support.mjs';

let page;

playground(async ({ server, chrome }) => {
  page = await open(chrome.context, `${server.url}#g=backgammon&s=1`);
  await page.locator('#game').selectOption('example:examples/rules/tic-tac-toe.tabula');
  await page.locator('#new-game').click();
  await page.locator('#rules-name', { hasText: 'examples/rules/tic-tac-toe.tabula' }).waitFor();
  await page.locator('#check-state', { hasText: 'the rules compile' }).waitFor();
});

const editorText = () =>
  page.evaluate(() => [...document.querySelectorAll('.cm-content .cm-line')].map((l) => l.textContent).join('\n'));

/** The middle of the `n`th `word` in the editor's line that contains `line`. */
async function wordAt(line, word, n = 0) {
  const element = page.locator('.cm-line', { hasText: line }).first();
  await element.scrollIntoViewIfNeeded();
  return element.evaluate(
    (element, [word, n]) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let seen = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        let at = node.textContent.indexOf(word);
        while (at >= 0) {
          if (seen++ === n) {
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + word.length);
            const box = range.getBoundingClientRect();
            return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
          }
          at = node.textContent.indexOf(word, at + 1);
        }
      }
      return null;
    },
    [word, n],
  );
}

/** The cursor's line (from 1) and the text of that line before it. */
const cursor = () =>
  page.evaluate(() => {
    const selection = document.getSelection();
    const line = selection.focusNode.parentElement.closest('.cm-line');
    const range = document.createRange();
    range.setStart(line, 0);
    range.setEnd(selection.focusNode, selection.focusOffset);
    const lines = [...document.querySelectorAll('.cm-content .cm-line')];
    return { line: lines.indexOf(line) + 1, before: range.toString() };
  });

test('hover on a function shows what the language server says of it', async () => {
  const at = await wordAt('when exists(c in cells', 'exists');
  await page.mouse.move(at.x, at.y);
  const tip = page.locator('.cm-tooltip-hover .cm-tabula-doc');
  await tip.waitFor();
  // The text tests/lsp.rs asserts `tabula lsp` gives for the same word.
  assert.equal(await tip.locator('pre').textContent(), 'exists(X in DOMAIN [where COND]) -> true/false');
  assert.equal(
    await tip.locator('p').textContent(),
    'Whether any element of the domain is kept by the condition; stops at the first.',
  );
  await page.mouse.move(0, 0);
  await tip.waitFor({ state: 'detached' });
});

test('completion inside a where lists the locals bound above it first', async () => {
  await page.locator('.cm-line', { hasText: 'and exists(d in [n, e, ne, se] where' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' ');
  await page.keyboard.press('Control+Space');
  const options = page.locator('.cm-tooltip-autocomplete li');
  await options.first().waitFor();
  const labels = await options.locator('.cm-completionLabel').allTextContents();
  // `p` of the `end`'s `for`, `c` and `d` of the two `exists` around the place.
  assert.deepEqual(labels.slice(0, 3).sort(), ['c', 'd', 'p']);
  assert.ok(labels.includes('owner'), labels.join(' '));
  await page.keyboard.press('Escape');
  await page.keyboard.press('Backspace');
  await page.locator('.cm-tooltip-autocomplete').waitFor({ state: 'detached' });
});

test('a misspelt name offers its did-you-mean fix, and applying it clears the error', async () => {
  await page.locator('.cm-line', { hasText: 'where empty(to)' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type('x');
  const underlined = page.locator('.cm-lintRange-error');
  await underlined.waitFor();
  assert.equal(await underlined.textContent(), 'tox');
  await underlined.hover();
  const fix = page.locator('.cm-tooltip-lint .cm-diagnosticAction', { hasText: 'Replace with `to`' });
  await fix.click();
  await page.locator('#check-state', { hasText: 'the rules compile' }).waitFor();
  assert.equal(await page.locator('.cm-lintRange-error').count(), 0);
  assert.ok((await editorText()).includes('  where empty(to)\n'));
});

test('Format lays the text out as tabula fmt does', async () => {
  await page.locator('.cm-line', { hasText: 'players x, o' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.type('players   x,o   // the two sides');
  const messy = await editorText();
  await page.locator('#format-rules').click();
  await page.locator('#message', { hasText: 'laid out as tabula fmt lays them' }).waitFor();
  const fmt = tabula(['fmt', '-'], { input: messy });
  assert.equal(fmt.code, 0, fmt.stderr);
  assert.ok(fmt.stdout.includes('players x, o // the two sides\n'), fmt.stdout);
  assert.equal(await editorText(), fmt.stdout);
  // A text that does not parse is left as it is.
  await page.locator('.cm-line', { hasText: 'piece mark' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' )');
  const broken = await editorText();
  await page.locator('#format-rules').click();
  await page.locator('#message', { hasText: 'the rules are not formatted: error: ' }).waitFor();
  assert.equal(await editorText(), broken);
  await page.locator('.cm-line', { hasText: 'piece mark )' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');
  assert.equal(await editorText(), fmt.stdout);
});

test('F12 and Ctrl-click go to where a name is declared', async () => {
  await page.locator('.cm-line', { hasText: 'actions place' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('F12');
  const lines = (await editorText()).split('\n');
  const declared = lines.findIndex((l) => l.startsWith('action place')) + 1;
  assert.deepEqual(await cursor(), { line: declared, before: 'action ' });
  const mark = await wordAt('put mark of mover', 'mark');
  await page.keyboard.down('Control');
  await page.mouse.click(mark.x, mark.y);
  await page.keyboard.up('Control');
  const piece = lines.findIndex((l) => l === 'piece mark') + 1;
  assert.deepEqual(await cursor(), { line: piece, before: 'piece ' });
  assert.deepEqual(page.errors, []);
});
