// Bundles the page into dist/ (run by build.sh, after the WebAssembly module is built
// into dist/pkg): the page and its worker, each one file; the HTML and CSS as they
// are; the example rules files, with an index that names each by the title the
// library reads in it.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const page = path.join(here, 'page');

await esbuild.build({
  entryPoints: [path.join(page, 'main.js'), path.join(page, 'worker.js')],
  outdir: dist,
  bundle: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  // The wasm-bindgen glue stays a file of its own, shared by page and worker.
  external: ['./pkg/tabula_web.js'],
  logLevel: 'warning',
});
for (const file of ['index.html', 'style.css']) {
  fs.copyFileSync(path.join(page, file), path.join(dist, file));
}

const { initSync, check } = await import(path.join(dist, 'pkg', 'tabula_web.js'));
initSync({ module: fs.readFileSync(path.join(dist, 'pkg', 'tabula_web_bg.wasm')) });
const examples = path.join(here, '..', 'examples', 'rules');
const out = path.join(dist, 'examples', 'rules');
fs.mkdirSync(out, { recursive: true });
const index = [];
for (const name of fs.readdirSync(examples).filter((f) => f.endsWith('.tabula')).sort()) {
  const text = fs.readFileSync(path.join(examples, name), 'utf8');
  const file = `examples/rules/${name}`;
  const checked = JSON.parse(check(file, text, []));
  // A file that plays only beside others (an include of a file) is left out.
  if (!checked.ok) continue;
  fs.writeFileSync(path.join(out, name), text);
  index.push({ file, title: checked.game.title });
}
fs.writeFileSync(path.join(dist, 'examples', 'index.json'), JSON.stringify(index, null, 1));
console.log(`web/dist: the page, its worker and ${index.length} examples`);
