// The playground page: state in one place (`app`), drawn from the library's answers.
// Every rule question goes to the library (web/src/lib.rs over tabula's session): the
// page shows what it is told and hands back what a person clicks or types. The
// computer thinks in a Web Worker (worker.js), so the page never waits on it.
import init, * as tabula from './pkg/tabula_web.js';
import { drawBoard, stepsForClick, clickedCell, nextCell } from './board.js';
import { createEditor } from './editor.js';
import { setupDesign, optionCheckbox, chosenOptions } from './design.js';
import { showRules, showFamilies } from './learn.js';
import * as share from './share.js';

const $ = (id) => document.getElementById(id);

const app = {
  /** The rules and the game's start: `{name, text, options, seed}`; `text` is null
   * for a built-in game, named by `name`. */
  spec: null,
  /** The game in progress (a `Playground`), and what it last said of itself. */
  game: null,
  view: null,
  about: null,
  /** Each player's computer level (`mcts:1s`, `net3`, ...), or '' for a person. */
  seats: {},
  /** A cell clicked first (a move's start), and steps offered for one click. */
  selected: null,
  chooser: null,
  worker: null,
  request: 0,
  /** The question the worker is thinking about: `{id, kind, player, level}`. */
  thinking: null,
  /** Set by Stop: the computer waits until told to play. */
  paused: false,
  games: [],
  examples: [],
  /** The cell the keyboard is on (in the board's tab order), and the moves announced. */
  focus: null,
  announced: 0,
  /** The match (`Playground.match_state`): its length, the scores, games finished. */
  match: null,
};

let editor = null;
let design = null;

// ---------------------------------------------------------------- the game

function randomSeed() {
  return String(Math.floor(Math.random() * 2 ** 32));
}

/** The file name the rules are checked under (as `tabula check` names them). */
function rulesFile(spec) {
  return spec.text == null ? `games/${spec.name}.tabula` : spec.name;
}

function rulesText(spec) {
  return spec.text ?? tabula.built_in_text(spec.name) ?? '';
}

function say(text) {
  $('message').textContent = text;
}

/** The error lines of what the session printed (from the first `error:` on). */
function errorsOf(output) {
  const at = output.search(/^error/m);
  return at < 0 ? '' : output.slice(at).trim();
}

function startGame(spec, { record = null, seats = null } = {}) {
  stopThinking({ pause: false });
  let game;
  try {
    game = new tabula.Playground(spec.name, spec.text ?? undefined, spec.options, spec.seed);
  } catch (e) {
    say(String(e.message ?? e));
    return false;
  }
  game.intro();
  let note = '';
  if (record) note = errorsOf(game.load_record('the link', record));
  app.game?.free();
  app.game = game;
  app.spec = { ...spec };
  app.about = JSON.parse(game.about());
  app.selected = null;
  app.chooser = null;
  app.paused = false;
  app.focus = null;
  app.announced = Infinity;
  $('hint-text').hidden = true;
  // A game of backgammon's shape can also be exported for GNU Backgammon.
  $('export-mat').hidden = game.mat_refusal() != null;
  const players = JSON.parse(game.view()).players;
  app.seats = {};
  for (const p of players) app.seats[p] = seats?.[p] ?? '';
  if (seats == null && players.length > 1) app.seats[players[1]] = app.about.network ? 'net3' : 'mcts:1s';
  if (editor && editor.text !== rulesText(app.spec)) editor.text = rulesText(app.spec);
  $('rules-name').textContent = rulesFile(app.spec);
  $('seed').value = app.spec.seed;
  selectGameInForm(app.spec);
  showRules(game.rules());
  design?.reset();
  renderSeats();
  refresh();
  say(note);
  return true;
}

/** Re-reads the game's view and draws it, then lets the computer move if it is its turn. */
function refresh() {
  app.view = JSON.parse(app.game.view());
  app.match = JSON.parse(app.game.match_state());
  render();
  keepLink();
  think();
}

function moverIsPerson() {
  const v = app.view;
  return v.status === 'player' && !app.seats[v.player];
}

/** Plays a move or runs a command as typed at the REPL's prompt. */
function enter(line) {
  const games = app.match?.games ?? 0;
  const out = app.game.handle(line);
  app.selected = null;
  app.chooser = null;
  say(errorsOf(out));
  refresh();
  // In a match, a game's end says its result and the score, and the next game begins.
  if (!errorsOf(out) && app.match.length > 0 && app.match.games !== games) say(out.trim());
  return out;
}

/**
 * A cell picked by a click, or by Enter or Space on it (`keyboard`): a move's start or
 * its end. The keyboard's place on the board stays where it picked; a click leaves the
 * tab order to the position (its first cell where a move starts).
 */
function pickCell(cell, { keyboard = false } = {}) {
  if (cell === null || !moverIsPerson() || app.thinking) return;
  if (keyboard) app.focus = cell;
  const r = stepsForClick(app.view.next, app.selected, cell);
  if (r.select !== undefined) {
    app.selected = app.selected === cell ? null : cell;
    app.chooser = r.steps.length ? r.steps : null;
    render();
  } else if (r.steps.length === 1) {
    enter(r.steps[0].text);
  } else {
    app.selected = null;
    app.chooser = r.steps.length ? r.steps : null;
    render();
  }
}

/** The keys of the board: arrows go from cell to cell, Enter and Space pick one. */
function boardKey(event) {
  const at = event.target.closest?.('polygon.cell[data-cell]');
  if (!at) return;
  const cell = Number(at.dataset.cell);
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    pickCell(cell, { keyboard: true });
    return;
  }
  if (event.key === 'Escape' && app.selected !== null) {
    event.preventDefault();
    app.selected = null;
    app.chooser = null;
    render();
    return;
  }
  const next = nextCell($('board'), cell, event.key);
  if (next === null) return;
  event.preventDefault();
  app.focus = next;
  for (const p of $('board').querySelectorAll('polygon.cell[data-cell]')) {
    p.setAttribute('tabindex', Number(p.dataset.cell) === next ? '0' : '-1');
    if (Number(p.dataset.cell) === next) p.focus();
  }
}

/** Says the moves played since the last call in the live region, for a screen reader. */
function announce() {
  const played = app.view.played;
  if (app.announced > played.length) app.announced = played.length;
  const fresh = played.slice(app.announced).map((m) => (m.player ? `${m.player} plays ${m.text}` : `chance: ${m.text}`));
  app.announced = played.length;
  if (app.view.status === 'over') fresh.push(`game over: ${app.view.result}`);
  if (fresh.length) $('announce').textContent = fresh.join('. ');
}

// ---------------------------------------------------------------- drawing

function render() {
  const v = app.view;
  const status = $('status');
  status.dataset.status = v.status;
  if (v.status === 'over') status.textContent = `Game over: ${v.result}`;
  else if (v.status === 'player') {
    const level = app.seats[v.player];
    status.textContent = `${v.player} to move${level ? ` (computer, ${level})` : ''}`;
  } else status.textContent = v.caption;
  const steps = moverIsPerson() && !app.thinking ? v.next : [];
  drawBoard($('board'), app.game.picture(), steps, app.selected, JSON.parse(app.game.cell_labels()), app.focus);
  announce();
  const m = app.match;
  $('match').hidden = m.length === 0;
  if (m.length > 0) {
    const scores = m.scores.map((s) => `${s.player} ${s.score}`).join(', ');
    $('match').textContent = `match to ${m.length}: ${scores}${m.over ? ' (the match is over)' : ` (game ${m.games + 1})`}`;
  }
  $('equipment').textContent = v.equipment.trimEnd();

  // Decisions that name no cell (a roll, an offer, its answer, a pass), and the
  // steps a click left open.
  const decisions = $('decisions');
  decisions.replaceChildren();
  const words = steps.filter((s) => s.cells.length === 0);
  for (const s of [...words, ...(app.chooser ?? [])]) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = s.text;
    b.dataset.step = s.text;
    b.addEventListener('click', () => enter(s.text));
    decisions.append(b);
  }
  if (app.chooser) {
    const note = document.createElement('span');
    note.className = 'note';
    note.textContent = 'which one?';
    decisions.append(note);
  }

  $('turn-so-far').hidden = v.partial.length === 0;
  $('partial').textContent = v.partial.join(' ');

  const all = $('move-buttons');
  all.replaceChildren();
  for (const s of steps) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = s.text;
    b.addEventListener('click', () => enter(s.text));
    all.append(b);
  }
  $('move-count').textContent = String(steps.length);

  const list = $('moves');
  list.replaceChildren();
  v.played.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = m.player ? `${m.player}: ${m.text}` : `(${m.text})`;
    if (!m.player) li.className = 'chance';
    if (i === v.played.length - 1) li.classList.add('last');
    list.append(li);
  });
  list.scrollTop = list.scrollHeight;

  const over = $('game-over');
  over.hidden = v.status !== 'over';
  over.textContent = v.status === 'over' ? `Game over: ${v.result}` : '';

  const thinking = app.thinking;
  $('thinking').hidden = !thinking;
  if (thinking) {
    $('thinking-text').textContent =
      thinking.kind === 'hint' ? 'thinking of a hint…' : `${thinking.player} (${thinking.level}) is thinking…`;
  }
  document.body.dataset.thinking = thinking ? 'yes' : 'no';
  $('paused').hidden = !(app.paused && v.status === 'player' && app.seats[v.player]);
  $('undo').disabled = !v.played.some((m) => m.player) && v.partial.length === 0;
  $('redo').disabled = v.redo === 0;
  $('hint').disabled = v.status !== 'player' || Boolean(thinking);
}

function renderSeats() {
  const box = $('seats');
  box.replaceChildren();
  const levels = ['random', 'greedy', 'playouts', 'mcts'];
  if (app.about.network) levels.push('net', 'net2', 'net3');
  for (const [player, level] of Object.entries(app.seats)) {
    const label = document.createElement('label');
    label.textContent = `${player} `;
    const select = document.createElement('select');
    select.dataset.player = player;
    for (const value of ['', ...levels]) {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = value || 'person';
      select.append(o);
    }
    const [name, budget] = level.split(':');
    select.value = name;
    const input = document.createElement('input');
    input.dataset.budget = player;
    input.value = budget ?? '1s';
    input.title = 'the computer\'s budget: a time (2s, 500ms) or a number of games (2000)';
    input.hidden = name !== 'mcts';
    const changed = () => {
      input.hidden = select.value !== 'mcts';
      app.seats[player] = select.value === 'mcts' ? `mcts:${input.value.trim() || '1s'}` : select.value;
      if (app.thinking?.player === player) stopThinking({ pause: false });
      app.paused = false;
      refresh();
    };
    select.addEventListener('change', changed);
    input.addEventListener('change', changed);
    label.append(select, input);
    box.append(label);
  }
}

// ---------------------------------------------------------------- the computer

function worker() {
  if (!app.worker) {
    app.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    app.worker.onmessage = answered;
  }
  return app.worker;
}

function ask(kind, level) {
  const id = ++app.request;
  app.thinking = { id, kind, level, player: app.view.player };
  worker().postMessage({ id, kind, level, spec: app.spec, record: app.game.record() });
  render();
}

/** Lets the computer move when it is a computer's turn. */
function think() {
  const v = app.view;
  if (app.thinking || app.paused || v.status !== 'player') return;
  const level = app.seats[v.player];
  if (level) ask('choose', level);
}

function answered(event) {
  const { id, ok, text, error } = event.data;
  const asked = app.thinking;
  if (!asked || asked.id !== id) return;
  app.thinking = null;
  if (!ok) {
    app.paused = asked.kind === 'choose';
    say(error);
    render();
    return;
  }
  if (asked.kind === 'hint') {
    $('hint-text').hidden = false;
    $('hint-text').textContent = text.trim();
    render();
    think();
    return;
  }
  enter(text);
}

/** Ends the worker's search; the game is untouched, since only the worker thought. */
function stopThinking({ pause }) {
  if (app.thinking) {
    app.worker?.terminate();
    app.worker = null;
    if (app.thinking.kind === 'choose') app.paused = pause;
    app.thinking = null;
  }
}

// ---------------------------------------------------------------- undo and redo

/** Goes back to a person's decision (the computer's replies taken back with it). */
function undo() {
  stopThinking({ pause: false });
  if (app.view.partial.length) {
    enter('undo');
    return;
  }
  const someone = Object.values(app.seats).some((l) => !l);
  let out = '';
  for (let k = 0; k < 1000; k++) {
    out = app.game.handle('undo');
    app.view = JSON.parse(app.game.view());
    if (errorsOf(out) || !someone || moverIsPerson()) break;
  }
  app.paused = !someone;
  app.selected = null;
  app.chooser = null;
  say(errorsOf(out));
  refresh();
}

function redo() {
  stopThinking({ pause: false });
  let out = '';
  for (let k = 0; k < 1000; k++) {
    out = app.game.handle('redo');
    app.view = JSON.parse(app.game.view());
    if (errorsOf(out) || app.view.redo === 0 || moverIsPerson()) break;
  }
  app.paused = !Object.values(app.seats).some((l) => !l);
  say(errorsOf(out));
  refresh();
}

// ---------------------------------------------------------------- sharing

function keepLink() {
  const fragment = share.encode({ spec: app.spec, seats: app.seats, record: app.game.record() });
  history.replaceState(null, '', `#${fragment}`);
  share.remember(fragment);
}

/** Opens a YAML record: of a built-in game, or of the rules in the editor. */
function loadRecord(yaml) {
  let info;
  try {
    info = JSON.parse(tabula.record_game(yaml));
  } catch (e) {
    say(String(e.message ?? e));
    return;
  }
  const builtIn = app.games.some((g) => g.name === info.game);
  const spec = builtIn
    ? { name: info.game, text: null, options: info.options, seed: info.seed }
    : { name: info.game, text: info.game === app.spec.name ? app.spec.text : null, options: info.options, seed: info.seed };
  if (!builtIn && spec.text == null) {
    say(`the record is of ${info.game}: open those rules in the editor and play them first`);
    return;
  }
  const seats = { ...app.seats };
  if (startGame(spec, { record: yaml, seats })) {
    if (!$('message').textContent) say(`loaded a record of ${app.view.played.length} moves`);
  }
}

function download(name, text, type = 'text/yaml') {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type }));
  a.download = name;
  a.click();
  URL.revokeObjectURL(a.href);
}

// ---------------------------------------------------------------- the form

function gameChoice() {
  const value = $('game').value;
  const [kind, name] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
  return { kind, name };
}

function selectGameInForm(spec) {
  const select = $('game');
  const builtIn = `builtin:${spec.name}`;
  const example = `example:${spec.name}`;
  for (const value of [builtIn, example]) {
    if ([...select.options].some((o) => o.value === value)) {
      select.value = value;
      break;
    }
  }
  showOptions(spec.options);
}

async function optionsOfChoice() {
  const { kind, name } = gameChoice();
  if (kind === 'builtin') return app.games.find((g) => g.name === name)?.options ?? [];
  const text = await exampleText(name);
  const checked = JSON.parse(tabula.check(name, text, []));
  return checked.game?.options ?? [];
}

async function showOptions(chosen) {
  const box = $('options');
  const options = await optionsOfChoice();
  box.replaceChildren();
  for (const o of options) box.append(optionCheckbox(o, chosen));
}

const exampleTexts = new Map();
async function exampleText(file) {
  if (!exampleTexts.has(file)) {
    const response = await fetch(new URL(file, document.baseURI));
    exampleTexts.set(file, await response.text());
  }
  return exampleTexts.get(file);
}

async function newGameFromForm(event) {
  event.preventDefault();
  const { kind, name } = gameChoice();
  const options = chosenOptions($('options'));
  const seed = $('seed').value.trim() || randomSeed();
  const spec = kind === 'builtin'
    ? { name, text: null, options, seed }
    : { name, text: await exampleText(name), options, seed };
  const same = app.spec && spec.name === app.spec.name;
  if (!startGame(spec, { seats: same ? app.seats : null })) return;
  const points = $('match-length').value.trim();
  if (points && points !== '0') {
    const out = enter(`match ${points}`);
    if (!errorsOf(out)) say(out.trim());
  }
}

/** Opens an example by its file, as the form would. */
async function openExample(file) {
  const spec = { name: file, text: await exampleText(file), options: [], seed: randomSeed() };
  if (startGame(spec)) $('board').scrollIntoView?.({ block: 'nearest' });
}

/** What the designer's tools work on: the rules in the editor, as they compile. */
function designRules() {
  const text = editor?.text ?? rulesText(app.spec);
  const file = rulesFile(app.spec);
  const unchanged = app.spec.text == null && text === rulesText(app.spec);
  const spec = unchanged ? { name: app.spec.name, text: null } : { name: file, text };
  let declared = [];
  try {
    declared = JSON.parse(tabula.check(file, text, [])).game?.options ?? [];
  } catch {
    declared = [];
  }
  return { spec, file, options: app.spec.options, declared };
}

// ---------------------------------------------------------------- the editor

function checkText(text) {
  const file = rulesFile(app.spec);
  const options = app.spec.options;
  return { ...JSON.parse(tabula.check(file, text, options)), file };
}

function checked(result) {
  const state = $('check-state');
  const errors = result.problems.filter((p) => p.severity === 'error').length;
  state.className = result.ok ? 'ok' : 'bad';
  state.textContent = result.ok
    ? 'the rules compile'
    : `${errors || 'a'} problem${errors === 1 || !errors ? '' : 's'}`;
  $('problems').textContent = result.rendered.trimEnd();
  $('play-rules').disabled = !result.ok;
}

function playTheseRules() {
  const text = editor.text;
  const result = checkText(text);
  checked(result);
  if (!result.ok) {
    say('the rules do not compile: see under the editor');
    return;
  }
  stopThinking({ pause: false });
  const name = rulesFile(app.spec);
  try {
    const { kept, dropped } = JSON.parse(app.game.replace_rules(name, text));
    app.spec = { ...app.spec, name, text };
    app.about = JSON.parse(app.game.about());
    app.selected = null;
    app.chooser = null;
    $('rules-name').textContent = name;
    showRules(app.game.rules());
    design.reset();
    refresh();
    say(`playing these rules: ${kept} moves replayed${dropped ? `, ${dropped} no longer legal and left out` : ''}`);
  } catch (e) {
    say(String(e.message ?? e));
  }
}

// ---------------------------------------------------------------- start

async function boot() {
  await init({ module_or_path: new URL('./pkg/tabula_web_bg.wasm', import.meta.url) });
  app.games = JSON.parse(tabula.games());
  app.examples = await fetch('examples/index.json').then((r) => r.json()).catch(() => []);
  const select = $('game');
  const group = (label, items) => {
    const g = document.createElement('optgroup');
    g.label = label;
    for (const [value, text] of items) {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = text;
      g.append(o);
    }
    select.append(g);
  };
  group('Built-in games', app.games.map((g) => [`builtin:${g.name}`, g.title]));
  const families = await fetch('examples/families.json').then((r) => r.json()).catch(() => []);
  for (const f of families) {
    group(`Examples: ${f.name}`, f.files.map((file) => [`example:${file}`, app.examples.find((e) => e.file === file)?.title ?? file]));
  }
  showFamilies(families, new Map(app.examples.map((e) => [e.file, e.title])), openExample);
  select.addEventListener('change', () => showOptions([]));

  editor = createEditor($('editor'), {
    check: checkText,
    onChecked: checked,
    services: {
      hover: tabula.hover,
      complete: tabula.complete,
      definition: tabula.definition,
      format: (text) => tabula.format(rulesFile(app.spec), text),
    },
  });
  design = setupDesign({ rules: designRules });

  $('setup').addEventListener('submit', newGameFromForm);
  $('board').addEventListener('click', (event) => pickCell(clickedCell(event)));
  $('board').addEventListener('keydown', boardKey);
  $('undo-step').addEventListener('click', () => enter('undo'));
  $('notation').addEventListener('submit', (event) => {
    event.preventDefault();
    const line = $('line').value.trim();
    if (!line) return;
    stopThinking({ pause: true });
    const before = [app.view.played.length, app.view.partial.length];
    const out = enter(line);
    // A command's own answer (`moves`, `help`, `why ...`) is shown as it is; a move
    // shows itself on the board.
    const moved = before[0] !== app.view.played.length || before[1] !== app.view.partial.length;
    if (!errorsOf(out) && !moved) say(out.trim());
    $('line').value = '';
  });
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('hint').addEventListener('click', () => {
    if (app.thinking) return;
    ask('hint', app.seats[app.view.player] || '');
  });
  $('stop').addEventListener('click', () => {
    stopThinking({ pause: true });
    say('stopped: the game is as it was before the computer began to think');
    render();
  });
  $('resume').addEventListener('click', () => {
    app.paused = false;
    refresh();
  });
  $('copy-link').addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      say('the link to this game is copied');
    } catch {
      say(location.href);
    }
  });
  $('export').addEventListener('click', () => {
    const yaml = app.game.record();
    $('record').value = yaml;
    download('game.yaml', yaml);
  });
  $('export-mat').addEventListener('click', () => {
    try {
      download('game.mat', app.game.mat(), 'text/plain');
    } catch (e) {
      say(String(e.message ?? e));
    }
  });
  $('import').addEventListener('change', async (event) => {
    const file = event.target.files[0];
    if (file) loadRecord(await file.text());
    event.target.value = '';
  });
  $('load-record').addEventListener('click', () => loadRecord($('record').value));
  $('play-rules').addEventListener('click', playTheseRules);
  $('format-rules').addEventListener('click', () => {
    const error = editor.format();
    say(error ? `the rules are not formatted: ${error.split('\n')[0]}` : 'the rules are laid out as tabula fmt lays them');
  });
  window.addEventListener('hashchange', () => {
    const linked = share.decode(location.hash);
    if (linked && share.encode(linked) !== share.encode({ spec: app.spec, seats: app.seats, record: app.game.record() })) {
      startGame(linked.spec, linked);
    }
  });

  const linked = share.decode(location.hash) ?? share.decode(share.remembered() ?? '');
  const opened = linked && startGame(linked.spec, linked);
  if (!opened) startGame({ name: app.games[0]?.name ?? 'backgammon', text: null, options: [], seed: randomSeed() });
  document.body.dataset.ready = 'yes';
  // For the benchmark of the time to a playable board (web/tests/bench.mjs).
  performance.mark('playable');
}

boot().catch((e) => {
  say(`the playground could not start: ${e.message ?? e}`);
  document.body.dataset.ready = 'failed';
});
