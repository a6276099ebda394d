// The designer's tools under the editor: the analysis (`tabula analyze`, and `--vs` to
// compare option sets) and the rules file's `test` blocks, both run by the library in
// a worker of their own (analyst.js), with a progress bar and Stop. The page shows the
// library's figures; it computes none.

const $ = (id) => document.getElementById(id);

/** Writes a share as the command line does: `47.0 %`. */
const pct = (x) => `${(100 * x).toFixed(1)} %`;
const fixed = (x, digits) => (x == null || Number.isNaN(x) ? '-' : x.toFixed(digits));

function cell(tag, text, cls) {
  const c = document.createElement(tag);
  c.textContent = text;
  if (cls) c.className = cls;
  return c;
}

function row(...texts) {
  const tr = document.createElement('tr');
  texts.forEach((t, i) => tr.append(cell(i === 0 ? 'th' : 'td', t)));
  return tr;
}

function table(caption, head, rows) {
  const t = document.createElement('table');
  t.className = 'figures';
  t.append(cell('caption', caption));
  const thead = document.createElement('thead');
  thead.append(row(...head));
  const body = document.createElement('tbody');
  body.append(...rows);
  t.append(thead, body);
  return t;
}

const rate = (name, r) => row(name, pct(r.rate), `${pct(r.low)} to ${pct(r.high)}`);
const mean = (name, m, digits, after = '') => row(name, `${fixed(m.mean, digits)}${after}`, `± ${fixed(m.half, digits)}`);
const meanPct = (name, m) => row(name, pct(m.mean), `± ${pct(m.half)}`);
const spread = (name, s) => row(
  name,
  `${fixed(s.mean.mean, 1)} (median ${s.median}, quartiles ${s.q1} to ${s.q3}, max ${s.max})`,
  `± ${fixed(s.mean.half, 1)}`,
);

/** One option set's figures as a table: each figure, its value and its 95 % interval. */
function setTable(result, set) {
  const f = set.figures;
  const rows = result.seats.map((seat, i) => rate(`${seat} wins`, f.seat_wins[i]));
  rows.push(rate('draws', f.draws));
  if (f.side_a_wins) rows.push(rate('A wins', f.side_a_wins));
  rows.push(rate('unfinished', f.unfinished));
  rows.push(mean('points a game', f.points, 2));
  rows.push(spread('decisions', f.decisions));
  rows.push(spread('turns', f.turns));
  rows.push(mean('choices', f.branching, 1, ' a decision'));
  rows.push(meanPct('forced moves', f.forced));
  if (f.decided_early) {
    rows.push(rate('decided early', f.decided_early));
    rows.push(meanPct('decided at', f.decided_at));
    rows.push(mean('lead changes', f.lead_changes, 2, ' a game'));
  }
  const t = table(`${set.label}: ${f.games} games`, ['figure', 'value', '95 % interval'], rows);
  t.dataset.set = set.label;
  return t;
}

/** A later set against the first: each figure's difference and its interval. */
function comparisonTable(c) {
  const show = (r, x) => (r.percent ? pct(x) : x.toFixed(2));
  const diff = (r, x) => (r.percent ? `${(100 * x) >= 0 ? '+' : ''}${(100 * x).toFixed(1)}` : `${x >= 0 ? '+' : ''}${x.toFixed(2)}`);
  const rows = c.rows.map((r) => {
    const tr = row(
      r.figure,
      show(r, r.first),
      show(r, r.second),
      `${diff(r, r.difference)}${r.percent ? ' points' : ''}`,
      `${diff(r, r.low)} to ${diff(r, r.high)}`,
      r.significant ? 'significant' : 'not significant',
    );
    if (r.significant) tr.className = 'significant';
    return tr;
  });
  const t = table(
    `${c.second} against ${c.first}: the difference (${c.second} minus ${c.first}) and its 95 % interval`,
    ['figure', c.first, c.second, 'difference', '95 % interval', 'at 95 %'],
    rows,
  );
  t.classList.add('comparison');
  return t;
}

function showResult(result, total, stopped) {
  const box = $('analysis-result');
  box.replaceChildren();
  const [a, b] = result.players;
  const players = a === b ? a : `A ${a} against B ${b}, seats alternating`;
  const head = cell('p', stopped
    ? `stopped: ${result.played} of the ${total} games asked were played; the figures are of those`
    : `${result.game}, ${result.played} of ${total} games, players ${players}, seeds from ${result.seed}`);
  head.id = 'analysis-summary';
  box.append(head);
  for (const set of result.sets) box.append(setTable(result, set));
  for (const c of result.comparisons) box.append(comparisonTable(c));
  if (result.plots) {
    const plots = document.createElement('div');
    plots.className = 'plots';
    for (const [name, label] of [['lengths', 'game lengths'], ['seats', 'wins by seat'], ['branching', 'choices over the game']]) {
      const figure = document.createElement('figure');
      figure.innerHTML = result.plots[name];
      figure.dataset.plot = name;
      figure.setAttribute('role', 'img');
      figure.setAttribute('aria-label', `plot of the ${label}`);
      plots.append(figure);
    }
    box.append(plots);
  }
}

/** The command line that gives the same figures, for a person to run at a terminal. */
function commandLine(source, request) {
  const words = ['tabula', 'analyze', source, '-n', String(request.games)];
  if (request.players !== 'random') words.push('--players', request.players);
  words.push('--seed', request.seed);
  request.sets.forEach((set, k) => {
    if (k > 0) words.push('--vs');
    for (const o of set) words.push('-o', o);
  });
  return words.join(' ');
}

/**
 * The tools' part of the page. `rules()` gives the rules to work on:
 * `{spec, file, options, declared}` (the spec the worker opens, the file's name as
 * `tabula` names it, the options on, and the options the rules declare).
 */
/**
 * An option of the rules as a field: a checkbox with its name for an option on or off, a
 * number field within its range for a number option; its description as the tip. `on` is
 * the options chosen (`NAME` or `NAME=VALUE`).
 */
export function optionCheckbox(option, on) {
  const label = document.createElement('label');
  label.title = option.description;
  const input = document.createElement('input');
  if (option.number) {
    const { low, high, value } = option.number;
    const given = on.find((o) => o.startsWith(`${option.name}=`));
    input.type = 'number';
    input.name = option.name;
    input.min = String(low);
    input.max = String(high);
    input.step = '1';
    input.value = given ? given.slice(option.name.length + 1) : String(value);
    label.title = `${option.description} (${low} to ${high})`;
    label.append(`${option.name} `, input);
    return label;
  }
  input.type = 'checkbox';
  input.value = option.name;
  input.checked = on.includes(option.name);
  label.append(input, ` ${option.name}`);
  return label;
}

/** The options chosen in the fields of `box`: `NAME` of each box ticked, `NAME=VALUE` of each number. */
export function chosenOptions(box) {
  const ticked = [...box.querySelectorAll('input[type=checkbox]:checked')].map((i) => i.value);
  const numbers = [...box.querySelectorAll('input[type=number]')].map((i) => `${i.name}=${i.value.trim()}`);
  return [...ticked, ...numbers];
}

export function setupDesign({ rules }) {
  let worker = null;
  let asked = 0;
  let running = null;
  let last = null;
  let lastTotal = 0;

  const endWorker = () => {
    worker?.terminate();
    worker = null;
  };
  const busy = (what) => {
    running = what;
    $('analysis-progress').hidden = what !== 'analysis';
    $('tests-progress').hidden = what !== 'tests';
    $('analysis-run').disabled = Boolean(what);
    $('run-tests').disabled = Boolean(what);
    document.body.dataset.analysing = what ?? 'no';
  };
  busy(null);

  const post = (message, onAnswer) => {
    endWorker();
    const id = ++asked;
    worker = new Worker(new URL('./analyst.js', import.meta.url), { type: 'module' });
    worker.onmessage = (event) => {
      if (event.data.id !== id) return;
      onAnswer(event.data);
    };
    worker.postMessage({ id, ...message });
  };

  // The option sets: the first, then one for each comparison (`--vs`).
  const sets = $('analysis-sets');
  const addSet = (on) => {
    const { declared } = rules();
    const box = document.createElement('fieldset');
    box.className = 'option-set';
    const legend = document.createElement('legend');
    box.append(legend);
    for (const o of declared) box.append(optionCheckbox(o, on));
    if (!declared.length) box.append(cell('span', 'these rules declare no options', 'note'));
    if (sets.children.length) {
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = 'Remove';
      remove.addEventListener('click', () => {
        box.remove();
        name();
      });
      box.append(remove);
    }
    sets.append(box);
    name();
  };
  const name = () => {
    [...sets.children].forEach((box, k) => {
      box.querySelector('legend').textContent = k === 0 ? 'options' : `compared with (--vs ${k})`;
    });
  };
  const chosenSets = () => [...sets.children].map((box) => chosenOptions(box));

  /** The option sets shown afresh for rules just opened (the options on in the first). */
  const reset = () => {
    sets.replaceChildren();
    addSet(rules().options);
  };
  $('analysis-add-set').addEventListener('click', () => addSet([]));

  $('analysis-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const { spec, file } = rules();
    const request = {
      kind: 'analyze',
      spec,
      sets: chosenSets(),
      players: $('analysis-players').value.trim() || 'random',
      games: Number($('analysis-games').value.trim() || '0'),
      seed: $('analysis-seed').value.trim() || '1',
      maxDecisions: 10000,
      early: 50,
    };
    if (!Number.isSafeInteger(request.games) || request.games < 1) {
      $('analysis-error').textContent = `\`${$('analysis-games').value.trim()}\` is not a number of games (a whole number, at least 1)`;
      return;
    }
    $('analysis-command').textContent = `The same at a terminal: ${commandLine(spec.text == null ? spec.name : file, request)}`;
    $('analysis-error').textContent = '';
    $('analysis-bar').value = 0;
    $('analysis-count').textContent = 'starting…';
    last = null;
    busy('analysis');
    post(request, (answer) => {
      if (!answer.ok) {
        busy(null);
        endWorker();
        $('analysis-error').textContent = answer.error;
        return;
      }
      last = JSON.parse(answer.result);
      lastTotal = answer.total;
      $('analysis-bar').max = answer.total;
      $('analysis-bar').value = answer.played;
      $('analysis-count').textContent = `${answer.played} of ${answer.total} games`;
      showResult(last, answer.total, false);
      if (answer.done) {
        busy(null);
        endWorker();
      }
    });
  });
  $('analysis-stop').addEventListener('click', () => {
    endWorker();
    busy(null);
    if (last) showResult(last, lastTotal, true);
    else $('analysis-result').replaceChildren(cell('p', 'stopped before any game was played'));
  });

  $('run-tests').addEventListener('click', () => {
    const { spec, file } = rules();
    $('tests-result').textContent = '';
    busy('tests');
    post({ kind: 'tests', spec, options: [] }, (answer) => {
      busy(null);
      endWorker();
      $('tests-result').textContent = answer.ok ? testsText(file, JSON.parse(answer.tests)) : answer.error;
      $('tests-result').dataset.ok = answer.ok && !JSON.parse(answer.tests).some((t) => !t.ok) ? 'yes' : 'no';
    });
  });
  $('tests-stop').addEventListener('click', () => {
    endWorker();
    busy(null);
    $('tests-result').textContent = 'stopped';
  });

  return { reset, running: () => running };
}

/** The tests' results as `tabula test` prints them. */
function testsText(file, tests) {
  if (!tests.length) return `${file} has no tests; write one as \`test "name" { play "..." expect count 3 }\``;
  const lines = [`${file}: ${tests.length} test${tests.length === 1 ? '' : 's'}`];
  for (const t of tests) {
    const with_ = t.options.length ? ` (with ${t.options.join(', ')})` : '';
    if (t.ok) lines.push(`  ok    ${t.name}${with_}`);
    else {
      lines.push(`  FAIL  ${t.name}${with_}`);
      lines.push(`        failed at ${t.failure.file}:${t.failure.line}:${t.failure.column}`);
      for (const l of t.failure.rendered.trimEnd().split('\n')) lines.push(`        ${l}`);
    }
  }
  const failed = tests.filter((t) => !t.ok).length;
  lines.push(`${tests.length - failed} passed, ${failed} failed`);
  return lines.join('\n');
}
