// The extension: starts `tabula lsp` for rules files and shows the built-in games'
// texts the server serves (`tabula:games/NAME.tabula`, where go to definition leads
// from a file that includes one). Highlighting is the grammar's, in syntaxes/.
'use strict';
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');
const { serverCommand, problemStarting } = require('./server');

/** The scheme of the game texts the server serves. */
const GAME_SCHEME = 'tabula';

/** The running client, and the start under way (requests wait for it). */
let client;
let starting = Promise.resolve();

async function start() {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const { command, args } = serverCommand(vscode.workspace.getConfiguration('tabula').get('path'), folder);
  const problem = await problemStarting(command);
  if (problem) {
    showProblem(problem);
    return;
  }
  const run = { command, args, transport: TransportKind.stdio };
  const next = new LanguageClient(
    'tabula',
    'tabula language server',
    { run, debug: run },
    {
      documentSelector: [
        { scheme: 'file', language: 'tabula' },
        { scheme: 'untitled', language: 'tabula' },
      ],
    },
  );
  try {
    await next.start();
    client = next;
  } catch (error) {
    showProblem(`The tabula language server (\`${command} lsp\`) stopped as it started: ${error.message ?? error}`);
  }
}

function showProblem(message) {
  vscode.window.showErrorMessage(message, 'Open Settings').then((choice) => {
    if (choice === 'Open Settings') {
      vscode.commands.executeCommand('workbench.action.openSettings', 'tabula.path');
    }
  });
}

async function stop() {
  const running = client;
  client = undefined;
  if (running) await running.stop();
}

/** Stops the server if it runs and starts it anew (a changed `tabula.path`, or asked). */
function restart() {
  starting = starting.then(stop).then(start);
  return starting;
}

/** The text of a built-in game, as the server has it built in. */
async function gameText(uri) {
  await starting;
  if (!client) {
    return `// The text of ${uri.toString()} comes from the tabula language server, which is not running.\n`;
  }
  const answer = await client.sendRequest('tabula/gameText', { uri: uri.toString() });
  return answer.text;
}

function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('tabula.restartServer', restart),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('tabula.path')) restart();
    }),
    vscode.workspace.registerTextDocumentContentProvider(GAME_SCHEME, { provideTextDocumentContent: gameText }),
  );
  starting = start();
  return starting;
}

function deactivate() {
  return starting.then(stop);
}

module.exports = { activate, deactivate };
