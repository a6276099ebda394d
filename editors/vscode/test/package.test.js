// `vsce package` builds the .vsix (as `npm run package` does, here into a scratch
// folder): it holds the extension, its grammar and the language client it runs, and
// none of the tests.
'use strict';
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { test } = require('node:test');
const { extension } = require('./grammar');

/** The files of a zip archive, by name, read from its central directory. */
function zipEntries(archive) {
  const endOfDirectory = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(endOfDirectory >= 0, 'no zip directory');
  const count = archive.readUInt16LE(endOfDirectory + 10);
  let at = archive.readUInt32LE(endOfDirectory + 16);
  const entries = new Map();
  for (let i = 0; i < count; i++) {
    assert.equal(archive.readUInt32LE(at), 0x02014b50, 'a zip directory entry');
    const method = archive.readUInt16LE(at + 10);
    const compressed = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(dataStart, dataStart + compressed);
    entries.set(name, () => (method === 8 ? zlib.inflateRawSync(data) : data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

test('the extension packages as a .vsix with what it runs and no tests', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-vsix-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const out = path.join(dir, 'tabula.vsix');
  const vsce = path.join(extension, 'node_modules', '.bin', 'vsce');
  execFileSync(vsce, ['package', '--allow-missing-repository', '--out', out], { cwd: extension, stdio: 'pipe' });
  const entries = zipEntries(fs.readFileSync(out));
  for (const file of [
    'extension.vsixmanifest',
    'extension/package.json',
    'extension/extension.js',
    'extension/server.js',
    'extension/language-configuration.json',
    'extension/syntaxes/tabula.tmLanguage.json',
    'extension/node_modules/vscode-languageclient/node.js',
    'extension/node_modules/vscode-languageclient/package.json',
  ]) {
    assert.ok(entries.has(file), `the .vsix has no ${file}`);
  }
  const names = [...entries.keys()];
  assert.deepEqual(names.filter((n) => /^extension\/(test|dist)\/|grammar\.js$|\.d\.ts$|vsce|tmgrammar/.test(n)), []);
  const manifest = JSON.parse(entries.get('extension/package.json')().toString('utf8'));
  assert.equal(manifest.name, 'tabula');
  assert.deepEqual(manifest.contributes.languages[0].extensions, ['.tabula']);
  const grammar = entries.get('extension/syntaxes/tabula.tmLanguage.json')().toString('utf8');
  assert.equal(grammar, fs.readFileSync(path.join(extension, 'syntaxes', 'tabula.tmLanguage.json'), 'utf8'));
  assert.match(entries.get('extension.vsixmanifest')().toString('utf8'), /Id="tabula"[^>]*Version="0\.1\.0"[^>]*Publisher="tabula"/);
});

test('the extension folder keeps the repository\'s license', () => {
  assert.equal(
    fs.readFileSync(path.join(extension, 'LICENSE'), 'utf8'),
    fs.readFileSync(path.join(extension, '..', '..', 'LICENSE'), 'utf8'),
  );
});
