// The board: the library's SVG picture, and clicks on it turned into the steps the
// library offers. It knows no rule: each step offered names its cells (a move's first
// cell, its last one), and a click picks among those steps.

/** The steps that start on `cell` and go elsewhere: moves from it. */
export function movesFrom(steps, cell) {
  return steps.filter((s) => s.cells.length >= 2 && s.cells[0] === cell);
}

/** The steps a click on `cell` may mean, given the cell selected before (or null). */
export function stepsForClick(steps, selected, cell) {
  if (selected !== null) {
    const to = movesFrom(steps, selected).filter((s) => s.cells[s.cells.length - 1] === cell);
    if (to.length) return { steps: to };
  }
  // A step that names this one cell alone (a placement) is played by clicking it.
  const here = steps.filter((s) => s.cells.length === 1 && s.cells[0] === cell);
  const from = movesFrom(steps, cell);
  if (here.length && !from.length) return { steps: here };
  if (from.length) return { select: cell, steps: here };
  return { steps: [] };
}

/** The cells where a step starts (what a person may click first). */
export function startCells(steps) {
  return new Set(steps.filter((s) => s.cells.length).map((s) => s.cells[0]));
}

/**
 * Draws the picture and marks the cells: movable, selected, targets. Each cell is a
 * button for the keyboard and a screen reader: labelled with its name, what stands on
 * it (`labels`, the library's words) and what a click on it would do; one cell at a
 * time is in the tab order (`focus`, else the first cell where a move starts), the
 * arrow keys going from cell to cell (`nextCell`).
 */
export function drawBoard(element, svg, steps, selected, labels = [], focus = null) {
  const hadFocus = element.contains(document.activeElement);
  element.innerHTML = svg;
  const polygons = [...element.querySelectorAll('polygon.cell[data-cell]')];
  const starts = startCells(steps);
  const targets = new Set(selected === null ? [] : movesFrom(steps, selected).map((s) => s.cells[s.cells.length - 1]));
  const placements = new Set(steps.filter((s) => s.cells.length === 1).map((s) => s.cells[0]));
  for (const p of polygons) {
    const cell = Number(p.dataset.cell);
    const marks = [];
    if (starts.has(cell)) p.classList.add('movable');
    if (cell === selected) {
      p.classList.add('selected');
      marks.push('selected');
    } else if (targets.has(cell)) {
      p.classList.add('target');
      marks.push('a target: press Enter to move here');
    } else if (starts.has(cell)) marks.push(placements.has(cell) && !movesFrom(steps, cell).length ? 'press Enter to play here' : 'press Enter to move from here');
    p.setAttribute('role', 'button');
    p.setAttribute('tabindex', '-1');
    p.setAttribute('aria-label', [labels[cell] ?? p.dataset.name, ...marks].join('; '));
  }
  // The pieces and names are said by their cell's label.
  for (const g of element.querySelectorAll('svg > g:not(.cells), svg text')) g.setAttribute('aria-hidden', 'true');
  const first = focus ?? selected ?? [...starts][0] ?? Number(polygons[0]?.dataset.cell ?? -1);
  const current = polygons.find((p) => Number(p.dataset.cell) === first) ?? polygons[0];
  if (current) {
    current.setAttribute('tabindex', '0');
    if (hadFocus) current.focus();
  }
}

/** The centre of an outline. */
function centre(polygon) {
  const box = polygon.getBBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * The cell an arrow key goes to from `cell`: the nearest cell's outline in that
 * direction on the picture (a cell straight ahead before one aside); Home and End go
 * to the first and last cell. Null when there is none.
 */
export function nextCell(element, cell, key) {
  const polygons = [...element.querySelectorAll('polygon.cell[data-cell]')];
  if (!polygons.length) return null;
  if (key === 'Home') return Number(polygons[0].dataset.cell);
  if (key === 'End') return Number(polygons[polygons.length - 1].dataset.cell);
  const direction = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
  const from = polygons.find((p) => Number(p.dataset.cell) === cell);
  if (!direction || !from) return null;
  const a = centre(from);
  let best = null;
  for (const p of polygons) {
    if (p === from) continue;
    const b = centre(p);
    const ahead = (b.x - a.x) * direction[0] + (b.y - a.y) * direction[1];
    const aside = Math.abs((b.x - a.x) * direction[1] - (b.y - a.y) * direction[0]);
    if (ahead <= 1) continue;
    const cost = ahead + 3 * aside;
    if (!best || cost < best.cost) best = { cost, cell: Number(p.dataset.cell) };
  }
  return best?.cell ?? null;
}

/** The cell a click landed on (its outline or a piece on it), or null. */
export function clickedCell(event) {
  const hit = event.target.closest('[data-cell]');
  return hit ? Number(hit.dataset.cell) : null;
}
