// Tokenizes rules texts with the extension's grammar, through the same engine VS Code
// runs TextMate grammars with (vscode-textmate on the Oniguruma regular expressions).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const oniguruma = require('vscode-oniguruma');
const textmate = require('vscode-textmate');

const extension = path.resolve(__dirname, '..');
const root = path.resolve(extension, '..', '..');
const grammarFile = path.join(extension, 'syntaxes', 'tabula.tmLanguage.json');

let loading;

/** The grammar, loaded once. */
function grammar() {
  loading ??= (async () => {
    const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    const registry = new textmate.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
        createOnigString: (text) => new oniguruma.OnigString(text),
      }),
      loadGrammar: async (scope) =>
        scope === 'source.tabula'
          ? textmate.parseRawGrammar(fs.readFileSync(grammarFile, 'utf8'), grammarFile)
          : null,
    });
    return registry.loadGrammar('source.tabula');
  })();
  return loading;
}

/**
 * The tokens of a text, line by line: for each line, its tokens with their place
 * (`line`, `start`, `end` in UTF-16 units, as the protocol counts) and scopes.
 */
async function tokenize(text) {
  const g = await grammar();
  let stack = textmate.INITIAL;
  const lines = text.split(/\r?\n/);
  const out = [];
  lines.forEach((line, number) => {
    const result = g.tokenizeLine(line, stack);
    for (const t of result.tokens) {
      const end = Math.min(t.endIndex, line.length);
      if (end > t.startIndex) {
        out.push({ line: number, start: t.startIndex, end, text: line.slice(t.startIndex, end), scopes: t.scopes });
      }
    }
    stack = result.ruleStack;
  });
  return { lines, tokens: out };
}

/** The scopes at one place (`line`, `character`), innermost last. */
function scopesAt(tokens, line, character) {
  const t = tokens.find((t) => t.line === line && t.start <= character && character < t.end);
  return t ? t.scopes : [];
}

/** Every shipped rules file: the built-in games and the examples. */
function shippedFiles() {
  const files = [];
  for (const dir of ['games', path.join('examples', 'rules')]) {
    for (const name of fs.readdirSync(path.join(root, dir)).sort()) {
      if (name.endsWith('.tabula')) files.push(path.join(dir, name));
    }
  }
  return files;
}

module.exports = { tokenize, scopesAt, shippedFiles, root, extension, grammarFile };
