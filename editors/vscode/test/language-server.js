// Talks to `tabula lsp` as an editor does, over its standard input and output: the
// parser's own view of a text (its semantic tokens) is what the grammar is held to.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { root } = require('./grammar');

const targetDir = process.env.CARGO_TARGET_DIR ?? path.join(root, 'target');
/** The program the tests run: TABULA_BIN, else the debug build `cargo test` makes. */
const tabulaBin = process.env.TABULA_BIN ?? path.join(targetDir, 'debug', 'tabula');

/** A running `tabula lsp`: `request` sends a request and resolves to its result. */
class LanguageServer {
  constructor(program = tabulaBin) {
    this.child = spawn(program, ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
    this.nextId = 1;
    this.waiting = new Map();
    this.buffer = Buffer.alloc(0);
    this.exited = new Promise((resolve, reject) => {
      this.child.on('error', reject);
      this.child.on('exit', resolve);
    });
    this.exited.catch((e) => this.waiting.forEach(({ reject }) => reject(e)));
    this.child.stdout.on('data', (chunk) => this.read(chunk));
  }

  read(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString())[1]);
      if (this.buffer.length < headerEnd + 4 + length) return;
      const body = this.buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(headerEnd + 4 + length);
      const message = JSON.parse(body);
      const waiting = 'id' in message && !('method' in message) && this.waiting.get(message.id);
      if (waiting) {
        this.waiting.delete(message.id);
        if (message.error) waiting.reject(new Error(message.error.message));
        else waiting.resolve(message.result);
      }
    }
  }

  send(message) {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.send({ id, method, params });
    });
  }

  notify(method, params) {
    this.send({ method, params });
  }

  async initialize() {
    const result = await this.request('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    this.notify('initialized', {});
    return result;
  }

  async stop() {
    await this.request('shutdown', null);
    this.notify('exit', null);
    return this.exited;
  }
}

/**
 * The semantic tokens of a file as the server reports them: `line`, `start`, `end`
 * (UTF-16 units), `type` (the legend's name) and `modifiers`.
 */
async function semanticTokens(server, legend, file, text) {
  const uri = pathToFileURL(file).href;
  server.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'tabula', version: 1, text } });
  const { data } = await server.request('textDocument/semanticTokens/full', { textDocument: { uri } });
  server.notify('textDocument/didClose', { textDocument: { uri } });
  const out = [];
  let line = 0;
  let start = 0;
  for (let i = 0; i < data.length; i += 5) {
    const [deltaLine, deltaStart, length, type, modifiers] = data.slice(i, i + 5);
    line += deltaLine;
    start = deltaLine === 0 ? start + deltaStart : deltaStart;
    out.push({
      line,
      start,
      end: start + length,
      type: legend.tokenTypes[type],
      modifiers: legend.tokenModifiers.filter((_, bit) => modifiers & (1 << bit)),
    });
  }
  return out;
}

module.exports = { LanguageServer, semanticTokens, tabulaBin };
