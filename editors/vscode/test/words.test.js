// The grammar and the table of the language's words (interpreter/services/reference.rs,
// the one hover and completion read) cannot drift apart: every word, built-in function
// and built-in name of the table is scoped as one, and the grammar lists no word,
// function or name that the table does not have.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const { test } = require('node:test');
const { tokenize, scopesAt, grammarFile } = require('./grammar');
const { keywords, functions, builtInNames } = require('./reference');

const KEYWORD = /^(keyword|storage|constant\.language)\./;

/** The scopes of the word at `character` of a one-line text, innermost last. */
async function scopesOf(text, character) {
  const { tokens } = await tokenize(text);
  return scopesAt(tokens, 0, character);
}

/** A text in which the word is a word of the language, and where it is in it. */
function inPlace(word) {
  // `x` is only a word between sizes, so that a player may be called `x`.
  if (word === 'x') return ['grid 3 x 3', 7];
  // `back` only in `hand back`, so that a direction may be called `back`.
  if (word === 'back') return ['hand back', 5];
  return [`${word} a`, 0];
}

test('every word of the table is scoped as a word of the language', async () => {
  const wrong = [];
  for (const { word } of keywords()) {
    const [text, at] = inPlace(word);
    const scopes = await scopesOf(text, at);
    if (!scopes.some((s) => KEYWORD.test(s))) wrong.push(`${word} in "${text}": ${scopes.join(' ')}`);
  }
  assert.deepEqual(wrong, []);
});

test('every built-in function of the table is scoped as one where it is called', async () => {
  const wrong = [];
  for (const { name } of functions()) {
    for (const text of [`${name}(a)`, `define d = ${name}(a, b)`]) {
      const at = text.indexOf(name);
      const scopes = await scopesOf(text, at);
      if (!scopes.includes('support.function.tabula')) wrong.push(`${name} in "${text}": ${scopes.join(' ')}`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('every built-in name of the table is scoped as one beside an operator', async () => {
  const wrong = [];
  for (const { name } of builtInNames()) {
    for (const text of [`define d = ${name} == a`, `define d = a != ${name}`]) {
      const at = text.lastIndexOf(name);
      const scopes = await scopesOf(text, at);
      if (!scopes.includes('variable.language.tabula')) wrong.push(`${name} in "${text}": ${scopes.join(' ')}`);
    }
  }
  assert.deepEqual(wrong, []);
});

/** Every word a pattern spells: the alternatives of each group of plain words in it. */
function spelt(pattern) {
  return [...pattern.matchAll(/\((?:\?:)?([a-z]+(?:\|[a-z]+)*)\)/g)].flatMap((m) => m[1].split('|'));
}

/** Every `match` and `begin` of a repository entry and of the patterns inside it. */
function patterns(entry) {
  return [entry.match, entry.begin, ...(entry.patterns ?? []).flatMap(patterns)].filter(Boolean);
}

test('the grammar spells only the table\'s words, functions and names', () => {
  const { repository } = JSON.parse(fs.readFileSync(grammarFile, 'utf8'));
  const table = {
    word: new Set(keywords().map((k) => k.word)),
    function: new Set(functions().map((f) => f.name)),
    name: new Set(builtInNames().map((n) => n.name)),
  };
  const inTable = (w) => table.word.has(w) || table.function.has(w) || table.name.has(w);
  const unknown = [];
  const spelling = { word: new Set(), function: new Set() };
  for (const [key, entry] of Object.entries(repository)) {
    // The lists of words, of functions and of names hold only their own kind.
    const kind = key.startsWith('keywords-') ? 'word' : { functions: 'function', 'built-in-names': 'name' }[key];
    for (const pattern of patterns(entry)) {
      for (const w of spelt(pattern)) {
        if (kind ? !table[kind].has(w) : !inTable(w)) unknown.push(`${key}: ${w}`);
        if (table.word.has(w)) spelling.word.add(w);
        if (kind === 'function') spelling.function.add(w);
      }
    }
  }
  assert.deepEqual(unknown, []);
  assert.deepEqual([...table.word].filter((w) => !spelling.word.has(w)), []);
  assert.deepEqual([...table.function].filter((f) => !spelling.function.has(f)), []);
});
