// syntaxes/tabula.tmLanguage.json, the file VS Code reads, is what syntaxes/grammar.js
// writes (`npm run grammar`): the one is never edited without the other.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');
const { grammarFile } = require('./grammar');
const { json } = require('../syntaxes/grammar');

test('the grammar file is the one syntaxes/grammar.js writes', () => {
  assert.ok(fs.readFileSync(grammarFile, 'utf8') === json(), 'syntaxes/tabula.tmLanguage.json is not what syntaxes/grammar.js writes: run `npm run grammar`');
});

/** Every scope name the grammar gives, in its patterns and their captures. */
function scopeNames(node, names = new Set()) {
  if (Array.isArray(node)) node.forEach((n) => scopeNames(n, names));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'name' && typeof value === 'string') names.add(value);
      else scopeNames(value, names);
    }
  }
  return names;
}

test('every scope the grammar gives is asserted somewhere in test/*.test.tabula', () => {
  const { repository } = JSON.parse(fs.readFileSync(grammarFile, 'utf8'));
  const asserted = new Set();
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.tabula'))) {
    for (const line of fs.readFileSync(path.join(__dirname, file), 'utf8').split('\n')) {
      // `//   ^^^ scope scope - excluded`: the scopes before the ` - `.
      const assertion = /^\/\/\s*(?:\^+|<[-~]+)\s+(.*)$/.exec(line);
      if (assertion) assertion[1].split(' - ')[0].split(/\s+/).forEach((s) => asserted.add(s));
    }
  }
  const names = [...scopeNames(repository)];
  assert.ok(names.length > 40, `only ${names.length} scopes found`);
  assert.deepEqual(names.filter((n) => !asserted.has(n)), []);
});
