// The designer's long work, off the page's thread: an analysis (games by computer
// players, the figures and their intervals, option sets compared) and the rules file's
// `test` blocks. An analysis is played a few games at a time; after each slice the
// worker sends the games played and the figures so far, so the page shows progress and,
// when Stop ends the worker, keeps the figures of the games played.
import init, { Analysis, run_tests } from './pkg/tabula_web.js';

const ready = init({ module_or_path: new URL('./pkg/tabula_web_bg.wasm', import.meta.url) });

/** How long a slice of games plays before the worker reports (milliseconds). */
const SLICE = 250;

function analyze(id, request) {
  const { spec, sets, players, games, seed, maxDecisions, early } = request;
  const asked = { sets, players, games, seed, max_decisions: maxDecisions, early };
  const analysis = new Analysis(spec.name, spec.text ?? undefined, JSON.stringify(asked));
  try {
    const total = analysis.total();
    let played = 0;
    while (played < total) {
      const start = performance.now();
      do played = analysis.play(1);
      while (played < total && performance.now() - start < SLICE);
      const done = played >= total;
      self.postMessage({ id, ok: true, done, played, total, result: analysis.result() });
    }
  } finally {
    analysis.free();
  }
}

self.onmessage = async (event) => {
  const { id, kind } = event.data;
  try {
    await ready;
    if (kind === 'analyze') analyze(id, event.data);
    else if (kind === 'tests') {
      const { spec, options } = event.data;
      self.postMessage({ id, ok: true, done: true, tests: run_tests(spec.name, spec.text ?? undefined, options) });
    } else throw new Error(`no request \`${kind}\``);
  } catch (e) {
    self.postMessage({ id, ok: false, done: true, error: String(e?.message ?? e) });
  }
};
