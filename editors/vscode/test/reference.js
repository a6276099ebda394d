// The table of the language's words and built-in functions that hover and completion
// read (interpreter/services/reference.rs), read from its source so the grammar is
// checked against the table itself.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { root } = require('./grammar');

const source = () => fs.readFileSync(path.join(root, 'interpreter', 'services', 'reference.rs'), 'utf8');

/** The entries of one table: the first quoted argument of each `ctor("..."` in it. */
function table(name, ctor) {
  const text = source();
  const start = text.indexOf(`pub const ${name}:`);
  assert(start >= 0, `reference.rs has no table ${name}`);
  const end = text.indexOf('\n];', start);
  const body = text.slice(start, end);
  const entries = [...body.matchAll(new RegExp(`^\\s*${ctor}\\("([^"]+)",\\s*(\\w+|"(?:[^"\\\\]|\\\\.)*")`, 'gm'))];
  assert(entries.length > 0, `no entries read from ${name}`);
  return entries.map((m) => ({ name: m[1], second: m[2] }));
}

function assert(ok, message) {
  if (!ok) throw new Error(message);
}

/** The words of the language, each with its place (`Declaration`, `Expression`...). */
const keywords = () => table('KEYWORDS', 'kw').map((e) => ({ word: e.name, place: e.second }));
/** The built-in functions and aggregates. */
const functions = () => table('FUNCTIONS', 'f').map((e) => ({ name: e.name }));
/** The names every game has. */
const builtInNames = () => table('BUILT_IN_NAMES', 'n').map((e) => ({ name: e.name }));

module.exports = { keywords, functions, builtInNames };
