// Bundles the page into dist/ (run by build.sh, after the WebAssembly module is built
// into dist/pkg): the page and its worker, each one file; the HTML and CSS as they
// are; the example rules files, with an index that names each by the title the
// library reads in it and puts it in its family (page/families.json).
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const page = path.join(here, 'page');

await esbuild.build({
  entryPoints: [path.join(page, 'main.js'), path.join(page, 'worker.js'), path.join(page, 'analyst.js')],
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
const catalogue = JSON.parse(fs.readFileSync(path.join(page, 'families.json'), 'utf8'));
const families = catalogue.families.map((f) => ({ name: f.name, files: f.files.map((n) => `examples/rules/${n}`) }));
for (const f of families) {
  for (const file of f.files) {
    if (!index.some((e) => e.file === file)) throw new Error(`families.json names ${file}, which is no example that plays`);
  }
}
const named = new Set(families.flatMap((f) => f.files));
const others = index.filter((e) => !named.has(e.file)).map((e) => e.file);
if (others.length) families.push({ name: catalogue.other, files: others });
for (const e of index) e.family = families.find((f) => f.files.includes(e.file)).name;
fs.writeFileSync(path.join(dist, 'examples', 'index.json'), JSON.stringify(index, null, 1));
fs.writeFileSync(path.join(dist, 'examples', 'families.json'), JSON.stringify(families, null, 1));
console.log(`web/dist: the page, its worker and ${index.length} examples`);
