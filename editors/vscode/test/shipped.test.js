// Every shipped rules file (games/*.tabula, examples/rules/*.tabula), highlighted by
// the grammar, is held to the parser's own reading of it, the semantic tokens of
// `tabula lsp`: a word the parser calls a word of the language is a keyword, a number a
// number, a text a string, a name a name; and nothing is left without a scope.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { after, before, test } = require('node:test');
const { tokenize, shippedFiles, root } = require('./grammar');
const { LanguageServer, semanticTokens } = require('./language-server');
const { functions } = require('./reference');

const families = {
  keyword: ['keyword.', 'storage.', 'constant.language.'],
  number: ['constant.numeric.'],
  string: ['string.'],
  comment: ['comment.'],
  operator: ['keyword.operator.'],
  function: ['support.function.'],
  // Names: what a file declares or uses, a cell (`24`, `bar-white`, `#a1`), a type
  // (`counter owner: player`) or a board's drawing (`layout grid`).
  name: ['variable.', 'entity.name.', 'constant.numeric.', 'constant.other.cell.', 'support.type.'],
  // A name every game has (`players` and `phase` are words of the language too).
  builtIn: ['variable.language.', 'keyword.', 'storage.'],
  mark: ['punctuation.', 'keyword.operator.'],
};
const builtInFunctions = new Set(functions().map((f) => f.name));

/** The family a semantic token's characters must be scoped as. */
function familyOf(token, line) {
  switch (token.type) {
    case 'keyword':
    case 'number':
    case 'string':
    case 'comment':
    case 'operator':
      return token.type;
    case 'function': {
      // Actions are drawn as functions too; a built-in is one where it is called.
      const word = line.slice(token.start, token.end);
      const called = /^\s*\(/.test(line.slice(token.end));
      return builtInFunctions.has(word) && called ? 'function' : 'name';
    }
    default:
      return token.modifiers.includes('defaultLibrary') ? 'builtIn' : 'name';
  }
}

let server;
let legend;
before(async () => {
  server = new LanguageServer();
  legend = (await server.initialize()).capabilities.semanticTokensProvider.legend;
});
after(async () => server && server.stop());

for (const file of shippedFiles()) {
  test(`${file} is highlighted as the parser reads it`, async () => {
    const full = path.join(root, file);
    const text = fs.readFileSync(full, 'utf8');
    const { lines, tokens } = await tokenize(text);
    const scopes = lines.map((l) => new Array(l.length).fill(null));
    for (const t of tokens) {
      for (let c = t.start; c < t.end; c++) scopes[t.line][c] = t.scopes;
    }
    const wrong = [];
    const covered = lines.map((l) => new Array(l.length).fill(false));
    // One line for each token found wrong, at its first wrong character.
    const check = (line, character, family, what) => {
      const have = (scopes[line][character] ?? []).slice(1);
      if (!have.some((s) => families[family].some((prefix) => s.startsWith(prefix)))) {
        const message = `${file}:${line + 1}:${character + 1}: ${what} is a ${family} to the parser, scoped ${have.join(' ') || 'not at all'}`;
        if (!wrong.some((w) => w.at === `${line}:${what}` && w.end >= character)) {
          wrong.push({ at: `${line}:${what}`, end: character + what.length, message });
        }
      }
    };
    const read = await semanticTokens(server, legend, full, text);
    assert.ok(read.length > 0, `${file}: the server read no token of it`);
    for (const t of read) {
      const line = lines[t.line];
      const family = familyOf(t, line);
      const word = line.slice(t.start, t.end);
      for (let c = t.start; c < t.end; c++) {
        covered[t.line][c] = true;
        // A negative number in a test (`expect score white = -1`) is a minus and digits.
        if (family === 'number' && line[c] === '-') continue;
        if (/\s/.test(line[c]) && family !== 'string' && family !== 'comment') continue;
        check(t.line, c, family, JSON.stringify(word));
      }
    }
    // What is no token of the parser's is a mark (`{`, `,`, `..`, `->`) or space.
    lines.forEach((line, l) => {
      for (let c = 0; c < line.length; c++) {
        if (!covered[l][c] && !/\s/.test(line[c])) check(l, c, 'mark', JSON.stringify(line[c]));
      }
    });
    assert.deepEqual(wrong.map((w) => w.message), []);
  });
}
