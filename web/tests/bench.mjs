// The playground's figures for docs/web.md (not a test: `node tests/bench.mjs` after
// web/build.sh and `cargo build --release`; TABULA_NATIVE names another binary):
// random playouts a second in the page
// against the native `tabula playout` for each built-in game, the same seeds, one
// thread each; tree-search iterations a second in the worker; the download, gzip and
// brotli compressed; the time from opening the page to a playable board.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { browser, serve, open, root } from './support.mjs';

const targetDir = process.env.CARGO_TARGET_DIR ?? path.join(root, 'target');
const native = process.env.TABULA_NATIVE ?? path.join(targetDir, 'release', 'tabula');
/** Games of each: enough for the command's own timing (to a hundredth of a second). */
const GAMES = { backgammon: 2000, invictus: 4000, 'naytin-six': 40000 };
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2000);
const RUNS = 3;

const games = ['backgammon', 'invictus', 'naytin-six'];
const best = (xs) => Math.max(...xs);

/** Native games a second: `tabula playout`'s own timing ("N games of G in S s"). */
function nativeRate(game) {
  const rates = [];
  for (let k = 0; k < RUNS; k++) {
    const run = spawnSync(native, ['playout', game, '-n', String(GAMES[game]), '--seed', '1', '--threads', '1'], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    const seconds = Number(run.stdout.match(/ in ([0-9.]+) s/)[1]);
    rates.push(GAMES[game] / seconds);
  }
  return best(rates);
}

/** Native iterations a second: `hint mcts:N` at the prompt on one thread, timed from
 * outside, less the time to open the game and quit. */
function nativeSearch(game, iterations) {
  const timed = (input) => {
    const start = process.hrtime.bigint();
    const run = spawnSync(native, ['play', game, '--seed', '1', '--threads', '1'], { input, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    return Number(process.hrtime.bigint() - start) / 1e9;
  };
  const rates = [];
  for (let k = 0; k < RUNS; k++) {
    const bare = timed('quit\n');
    rates.push(iterations / (timed(`hint mcts:${iterations}\nquit\n`) - bare));
  }
  return best(rates);
}

const server = await serve();
const chrome = await browser();
try {
  const page = await open(chrome.context, `${server.url}#g=naytin-six&s=1`);
  console.log(`random playouts from seed 1, one thread (best of ${RUNS})`);
  console.log('game         page games/s   native games/s   page / native');
  for (const game of games) {
    const rates = [];
    for (let k = 0; k < RUNS; k++) {
      rates.push(await page.evaluate(async ([g, n]) => {
        const t = await import('./pkg/tabula_web.js');
        const start = performance.now();
        t.playout(g, undefined, [], '1', n, 10000);
        return n / ((performance.now() - start) / 1000);
      }, [game, GAMES[game]]));
    }
    const [inPage, natively] = [best(rates), nativeRate(game)];
    console.log(`${game.padEnd(12)} ${inPage.toFixed(0).padStart(14)} ${natively.toFixed(0).padStart(16)} ${`${(100 * inPage / natively).toFixed(0)} %`.padStart(15)}`);
  }

  console.log(`\ntree search in the worker: mcts:${ITERATIONS} at the first decision (best of ${RUNS})`);
  for (const game of games) {
    const rate = await page.evaluate(async ([g, n, runs]) => {
      const worker = new Worker('./worker.js', { type: 'module' });
      let id = 0;
      const ask = (level, record) => new Promise((resolve, reject) => {
        const mine = ++id;
        worker.onmessage = (e) => (e.data.id === mine ? (e.data.ok ? resolve(e.data) : reject(new Error(e.data.error))) : null);
        worker.postMessage({ id: mine, kind: 'choose', level, spec: { name: g, text: null, options: [], seed: '1' }, record });
      });
      // The game after its first chance events; a first request opens it in the
      // worker, then the search alone is timed.
      const t = await import('./pkg/tabula_web.js');
      const game = new t.Playground(g, undefined, [], '1');
      game.intro();
      const record = game.record();
      game.free();
      await ask('random', record);
      const rates = [];
      for (let k = 0; k < runs; k++) {
        const start = performance.now();
        await new Promise((resolve, reject) => {
          const mine = ++id;
          worker.onmessage = (e) => (e.data.id === mine ? (e.data.ok ? resolve() : reject(new Error(e.data.error))) : null);
          worker.postMessage({ id: mine, kind: 'choose', level: `mcts:${n}`, spec: { name: g, text: null, options: [], seed: '1' }, record });
        });
        rates.push(n / ((performance.now() - start) / 1000));
      }
      worker.terminate();
      return Math.max(...rates);
    }, [game, ITERATIONS, RUNS]);
    const natively = nativeSearch(game, ITERATIONS);
    console.log(`${game.padEnd(12)} ${rate.toFixed(0).padStart(8)} iterations/s in the worker, ${natively.toFixed(0).padStart(8)} natively (${(100 * rate / natively).toFixed(0)} %)`);
  }
  await page.close();

  console.log('\ndownload (what the page loads to a playable board; the worker when the computer first thinks)');
  const dist = path.join(root, 'web', 'dist');
  const files = ['index.html', 'style.css', 'main.js', 'pkg/tabula_web.js', 'pkg/tabula_web_bg.wasm', 'examples/index.json', 'examples/families.json', 'worker.js', 'analyst.js'];
  let sums = [0, 0, 0];
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(dist, file));
    const gz = zlib.gzipSync(bytes, { level: 9 }).length;
    const br = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sums = [sums[0] + bytes.length, sums[1] + gz, sums[2] + br];
    console.log(`${file.padEnd(24)} ${(bytes.length / 1024).toFixed(0).padStart(6)} KiB  gzip ${(gz / 1024).toFixed(0).padStart(5)} KiB  brotli ${(br / 1024).toFixed(0).padStart(5)} KiB`);
  }
  const mb = (n) => (n / 1024 / 1024).toFixed(2);
  console.log(`${'all'.padEnd(24)} ${mb(sums[0]).padStart(6)} MiB  gzip ${mb(sums[1]).padStart(5)} MiB  brotli ${mb(sums[2]).padStart(5)} MiB`);

  console.log('\nfrom opening the page to a playable board (a fresh browser profile each time, served from localhost)');
  for (const game of games) {
    const times = [];
    for (let k = 0; k < RUNS; k++) {
      const fresh = await browser();
      try {
        const p = await open(fresh.context, `${server.url}#g=${game}&s=1`);
        times.push(await p.evaluate(() => performance.getEntriesByName('playable')[0].startTime));
      } finally {
        await fresh.close();
      }
    }
    console.log(`${game.padEnd(12)} ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')}`);
  }
} finally {
  await chrome.close();
  server.stop();
}
