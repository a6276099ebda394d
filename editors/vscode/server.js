// How the language server is started: the program the `tabula.path` setting names,
// and, when it cannot be run, a sentence that tells a person what to do. Plain Node,
// without VS Code, so that the tests run it.
'use strict';
const { execFile } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');

/** How long the program may take to print its help before it is given up on. */
const PROBE_MILLISECONDS = 10000;

/**
 * The command that starts the server: the program of the setting (`tabula` when it is
 * empty), `~/` read as the home folder, and a relative path (`target/release/tabula`)
 * read from the first workspace folder; a bare name is looked up on `PATH`.
 */
function serverCommand(setting, workspaceFolder) {
  let program = typeof setting === 'string' && setting.trim() !== '' ? setting.trim() : 'tabula';
  if (program === '~' || program.startsWith('~/')) {
    program = path.join(os.homedir(), program.slice(1));
  }
  const bare = !program.includes('/') && !program.includes('\\');
  if (!bare && !path.isAbsolute(program) && workspaceFolder) {
    program = path.resolve(workspaceFolder, program);
  }
  return { command: program, args: ['lsp'] };
}

/**
 * Why `command` cannot serve as the language server, or null when it can: it is run
 * once with `lsp --help`, which a tabula with the server prints at once.
 */
function problemStarting(command) {
  return new Promise((resolve) => {
    execFile(command, ['lsp', '--help'], { timeout: PROBE_MILLISECONDS }, (error, _stdout, stderr) => {
      resolve(error ? explain(command, error, stderr) : null);
    });
  });
}

function explain(command, error, stderr) {
  const start = `The tabula language server could not be started: `;
  const setting = 'Set "tabula.path" to the tabula program (or put it on PATH) and restart the server.';
  if (error.code === 'ENOENT') {
    return `${start}there is no program \`${command}\`. ${setting} tabula is installed with \`cargo install --path .\` in its repository.`;
  }
  if (error.code === 'EACCES') {
    return `${start}\`${command}\` cannot be run (it is not an executable program). ${setting}`;
  }
  if (error.killed) {
    return `${start}\`${command} lsp --help\` did not finish within ${PROBE_MILLISECONDS / 1000} s. ${setting}`;
  }
  const said = String(stderr ?? '').trim().split('\n')[0];
  const how = typeof error.code === 'number' ? `failed (exit code ${error.code})` : `failed (${error.message})`;
  return `${start}\`${command} lsp --help\` ${how}${said ? `: ${said}` : ''}. Is it a tabula with the \`lsp\` command? ${setting}`;
}

module.exports = { serverCommand, problemStarting };
