// The extension's wiring, with stand-ins for VS Code and its language client (neither
// runs outside the editor): what it starts, for which documents, what it tells a
// person when the program is missing, and where the game texts come from.
'use strict';
const assert = require('node:assert/strict');
const Module = require('node:module');
const path = require('node:path');
const { test } = require('node:test');
const { tabulaBin } = require('./language-server');

/** Loads extension.js anew against a VS Code whose `tabula.path` is `setting`. */
function load(setting) {
  const seen = { errors: [], clients: [], providers: {}, commands: {}, requests: [], settingsOpened: [] };
  let choose = () => undefined;
  const vscode = {
    workspace: {
      workspaceFolders: [{ uri: { fsPath: '/work/rules' } }],
      getConfiguration: (section) => ({ get: (key) => (section === 'tabula' && key === 'path' ? setting : undefined) }),
      onDidChangeConfiguration: (listener) => {
        seen.configurationListener = listener;
        return { dispose() {} };
      },
      registerTextDocumentContentProvider: (scheme, provider) => {
        seen.providers[scheme] = provider;
        return { dispose() {} };
      },
    },
    window: {
      showErrorMessage: (message, ...items) => {
        seen.errors.push({ message, items });
        return Promise.resolve(choose(items));
      },
    },
    commands: {
      registerCommand: (name, run) => {
        seen.commands[name] = run;
        return { dispose() {} };
      },
      executeCommand: (...args) => {
        seen.settingsOpened.push(args);
        return Promise.resolve();
      },
    },
  };
  class LanguageClient {
    constructor(id, name, serverOptions, clientOptions) {
      Object.assign(this, { id, name, serverOptions, clientOptions, running: false });
      seen.clients.push(this);
    }
    async start() {
      this.running = true;
    }
    async stop() {
      this.running = false;
    }
    async sendRequest(method, params) {
      seen.requests.push({ method, params });
      return { text: 'game "A game"\n' };
    }
  }
  const client = { LanguageClient, TransportKind: { stdio: 0 } };
  const original = Module._load;
  Module._load = function (request, ...rest) {
    if (request === 'vscode') return vscode;
    if (request === 'vscode-languageclient/node') return client;
    return original.call(this, request, ...rest);
  };
  const file = path.join(__dirname, '..', 'extension.js');
  delete require.cache[require.resolve(file)];
  try {
    const extension = require(file);
    return { extension, seen, choose: (f) => (choose = f) };
  } finally {
    Module._load = original;
  }
}

const context = () => ({ subscriptions: [] });

test('on activation the client starts tabula lsp over stdio for rules files', async () => {
  const { extension, seen } = load(tabulaBin);
  const ctx = context();
  await extension.activate(ctx);
  assert.equal(seen.errors.length, 0);
  assert.equal(seen.clients.length, 1);
  const [c] = seen.clients;
  assert.ok(c.running);
  assert.deepEqual(c.serverOptions.run, { command: tabulaBin, args: ['lsp'], transport: 0 });
  assert.deepEqual(c.clientOptions.documentSelector, [
    { scheme: 'file', language: 'tabula' },
    { scheme: 'untitled', language: 'tabula' },
  ]);
  assert.equal(ctx.subscriptions.length, 3);
  await extension.deactivate();
  assert.ok(!c.running);
});

test('a missing program is said once, with a way to the setting, and nothing is started', async () => {
  const { extension, seen, choose } = load('/no/such/tabula');
  choose((items) => items[0]);
  await extension.activate(context());
  assert.equal(seen.clients.length, 0);
  assert.equal(seen.errors.length, 1);
  assert.match(seen.errors[0].message, /^The tabula language server could not be started: there is no program `\/no\/such\/tabula`\./);
  assert.deepEqual(seen.errors[0].items, ['Open Settings']);
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(seen.settingsOpened, [['workbench.action.openSettings', 'tabula.path']]);
});

test('a change of tabula.path restarts the server; other settings do not', async () => {
  const { extension, seen } = load(tabulaBin);
  await extension.activate(context());
  await seen.configurationListener({ affectsConfiguration: (s) => s === 'editor.fontSize' });
  assert.equal(seen.clients.length, 1);
  await seen.configurationListener({ affectsConfiguration: (s) => s === 'tabula.path' });
  await seen.commands['tabula.restartServer']();
  assert.equal(seen.clients.length, 3);
  assert.deepEqual(seen.clients.map((c) => c.running), [false, false, true]);
});

test('a built-in game text is asked of the server by its address', async () => {
  const { extension, seen } = load(tabulaBin);
  await extension.activate(context());
  const uri = { toString: () => 'tabula:games/backgammon.tabula' };
  assert.equal(await seen.providers.tabula.provideTextDocumentContent(uri), 'game "A game"\n');
  assert.deepEqual(seen.requests, [{ method: 'tabula/gameText', params: { uri: 'tabula:games/backgammon.tabula' } }]);
});
