// The computer's thinking, off the page's thread: each request carries the game (its
// rules, options, seed and record) and a level; the worker opens the same game in a
// session of its own and answers with the library's choice or hint. It keeps no game
// between requests that the page relies on, so the page stops a search by ending the
// worker, and its own game stays as it was.
import init, { Playground } from './pkg/tabula_web.js';

const ready = init({ module_or_path: new URL('./pkg/tabula_web_bg.wasm', import.meta.url) });

// The last game opened, kept while requests name the same rules.
let open = null;

function session(spec, record) {
  const key = JSON.stringify([spec.name, spec.text ?? null, spec.options, spec.seed]);
  if (!open || open.key !== key) {
    open = { key, game: new Playground(spec.name, spec.text ?? undefined, spec.options, spec.seed) };
    open.game.intro();
  }
  const said = open.game.load_record('record', record);
  if (said.startsWith('error')) throw new Error(said.trim());
  return open.game;
}

self.onmessage = async (event) => {
  const { id, kind, spec, record, level } = event.data;
  try {
    await ready;
    const game = session(spec, record);
    let text;
    if (kind === 'choose') text = game.computer_choice(level);
    else if (kind === 'hint') text = game.handle(level ? `hint ${level.replace(':', ' ')}` : 'hint');
    else throw new Error(`no request \`${kind}\``);
    self.postMessage({ id, ok: true, text });
  } catch (e) {
    open = null;
    self.postMessage({ id, ok: false, error: String(e?.message ?? e) });
  }
};
