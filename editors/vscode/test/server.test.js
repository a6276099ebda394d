// The program the extension starts the server from, and what a person is told when
// it cannot be started, with real programs: the built tabula, a missing one, a file
// that is no program, and a program without the `lsp` command.
'use strict';
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { test } = require('node:test');
const { serverCommand, problemStarting } = require('../server');
const { LanguageServer, tabulaBin } = require('./language-server');

test('the setting names the program; empty, it is tabula on PATH', () => {
  assert.deepEqual(serverCommand('tabula', '/work'), { command: 'tabula', args: ['lsp'] });
  assert.deepEqual(serverCommand('', '/work'), { command: 'tabula', args: ['lsp'] });
  assert.deepEqual(serverCommand('  ', undefined), { command: 'tabula', args: ['lsp'] });
  assert.deepEqual(serverCommand(undefined, '/work'), { command: 'tabula', args: ['lsp'] });
  assert.deepEqual(serverCommand('/opt/tabula/bin/tabula', '/work'), { command: '/opt/tabula/bin/tabula', args: ['lsp'] });
});

test('a relative path is read from the workspace folder, ~/ from the home folder', () => {
  assert.equal(serverCommand('target/release/tabula', '/work/rules').command, '/work/rules/target/release/tabula');
  assert.equal(serverCommand('./bin/tabula', '/work/rules').command, '/work/rules/bin/tabula');
  assert.equal(serverCommand('~/.cargo/bin/tabula', '/work').command, path.join(os.homedir(), '.cargo/bin/tabula'));
});

test('the built tabula can serve', async () => {
  assert.equal(await problemStarting(tabulaBin), null);
});

test('the command the extension starts answers as a language server', async () => {
  const { command, args } = serverCommand(tabulaBin, undefined);
  assert.deepEqual(args, ['lsp']);
  const server = new LanguageServer(command);
  const { capabilities } = await server.initialize();
  assert.ok(capabilities.hoverProvider);
  assert.equal(await server.stop(), 0);
});

test('a program that is not there is named, with how to install tabula', async () => {
  const missing = path.join(os.tmpdir(), 'no-such-folder', 'tabula');
  assert.equal(
    await problemStarting(missing),
    `The tabula language server could not be started: there is no program \`${missing}\`. ` +
      'Set "tabula.path" to the tabula program (or put it on PATH) and restart the server. ' +
      'tabula is installed with `cargo install --path .` in its repository.',
  );
});

test('a file that is no program is named as one', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-path-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'tabula');
  fs.writeFileSync(file, 'not a program\n', { mode: 0o644 });
  assert.equal(
    await problemStarting(file),
    `The tabula language server could not be started: \`${file}\` cannot be run (it is not an executable program). ` +
      'Set "tabula.path" to the tabula program (or put it on PATH) and restart the server.',
  );
});

test('a program without the lsp command is told apart, with what it said', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tabula-path-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'old-tabula');
  fs.writeFileSync(file, "#!/bin/sh\necho \"error: unrecognized subcommand '$1'\" >&2\nexit 2\n", { mode: 0o755 });
  assert.equal(
    await problemStarting(file),
    `The tabula language server could not be started: \`${file} lsp --help\` failed (exit code 2): ` +
      "error: unrecognized subcommand 'lsp'. Is it a tabula with the `lsp` command? " +
      'Set "tabula.path" to the tabula program (or put it on PATH) and restart the server.',
  );
});

test('the server gives a built-in game\'s text at the address the extension asks for', async () => {
  const { root } = require('./grammar');
  const game = fs.readdirSync(path.join(root, 'games')).filter((f) => f.endsWith('.tabula')).sort()[0];
  const server = new LanguageServer();
  await server.initialize();
  // The address as VS Code writes a `tabula:` URI (`Uri.toString()`).
  const { text } = await server.request('tabula/gameText', { uri: `tabula:games/${game}` });
  assert.equal(text, fs.readFileSync(path.join(root, 'games', game), 'utf8'));
  assert.equal(await server.stop(), 0);
});
