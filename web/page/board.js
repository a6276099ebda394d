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

/** Draws the picture and marks the cells: movable, selected, targets. */
export function drawBoard(element, svg, steps, selected) {
  element.innerHTML = svg;
  const mark = (cell, cls) => {
    const polygon = element.querySelector(`polygon.cell[data-cell="${cell}"]`);
    if (polygon) polygon.classList.add(cls);
  };
  for (const cell of startCells(steps)) mark(cell, 'movable');
  if (selected !== null) {
    mark(selected, 'selected');
    for (const s of movesFrom(steps, selected)) mark(s.cells[s.cells.length - 1], 'target');
  }
}

/** The cell a click landed on (its outline or a piece on it), or null. */
export function clickedCell(event) {
  const hit = event.target.closest('[data-cell]');
  return hit ? Number(hit.dataset.cell) : null;
}
