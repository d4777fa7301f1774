// What a Quadrature step would do (docs/rules.md §1), for in-game hints and the rules page: which
// enemy men it exchanges, or why it is forbidden (backward or too long, onto a man, no suicide,
// a third quiet sideways move). The server's legal list stays the authority; this explains it.

function parse(name) {
  const m = /^([a-k])([0-9]+)$/.exec(name || '');
  return m ? { file: m[1].charCodeAt(0) - 97, rank: Number(m[2]) - 1 } : null;
}

function nameOf(file, rank) {
  return String.fromCharCode(97 + file) + String(rank + 1);
}

// The three other corners of the axis-aligned rectangles through `corner` whose opposite corner
// is each of `opposites` (cells on another file and rank), with `fits` true for the side cells.
function rectanglesThrough(corner, opposites, fits) {
  const c = parse(corner);
  const found = [];
  for (const name of opposites) {
    const o = parse(name);
    if (o.file === c.file || o.rank === c.rank) continue;
    const sides = [nameOf(o.file, c.rank), nameOf(c.file, o.rank)];
    if (sides.every(fits)) found.push([name, ...sides]);
  }
  return found;
}

// Explains the step `from`-`to` of `seat` (0 Black, moving up; 1 White, moving down) on a
// describe() board `view` (cells: name -> seat, markers). Returns
//   { forbidden: "not_yours" | "not_a_step" | "backward" | "occupied" | "suicide" | "marker",
//     rectangle?: [three enemy cells] }  or
//   { exchanged: [cells, sorted], sideways: bool, quiet: bool }.
export function explainStep(view, seat, from, to) {
  const cells = { ...view.cells };
  const a = parse(from);
  const b = parse(to);
  if (!a || !b || cells[from] !== seat) return { forbidden: 'not_yours' };
  const forward = seat === 0 ? 1 : -1;
  const df = b.file - a.file;
  const dr = b.rank - a.rank;
  if (Math.abs(df) > 1 || Math.abs(dr) > 1 || (df === 0 && dr === 0)) {
    return { forbidden: 'not_a_step' };
  }
  if (dr === -forward) return { forbidden: 'backward' };
  if (Object.prototype.hasOwnProperty.call(cells, to)) return { forbidden: 'occupied' };
  const enemy = 1 - seat;
  const holds = (who) => (name) => cells[name] === who;
  const enemies = Object.keys(cells).filter(holds(enemy));
  // No suicide: tested right after the step, before any exchange.
  const deadly = rectanglesThrough(to, enemies, holds(enemy));
  if (deadly.length) return { forbidden: 'suicide', rectangle: deadly[0].sort() };
  delete cells[from];
  cells[to] = seat;
  const exchanged = exchange(cells, seat, to);
  const sideways = dr === 0;
  const quiet = sideways && exchanged.length === 0;
  if (quiet && (view.markers || [0, 0])[seat] >= 2) return { forbidden: 'marker' };
  return { exchanged, sideways, quiet };
}

// Squares and exchanges from the active set {to} until nothing changes; `cells` is updated.
function exchange(cells, seat, to) {
  const active = new Set([to]);
  const exchanged = [];
  const mine = (name) => cells[name] === seat;
  for (let changed = true; changed;) {
    changed = false;
    for (const man of Object.keys(cells)) {
      if (cells[man] === seat) continue;
      const own = Object.keys(cells).filter(mine);
      const squared = rectanglesThrough(man, own, mine).some((corners) =>
        corners.some((c) => active.has(c)),
      );
      if (!squared) continue;
      cells[man] = seat;
      active.add(man);
      exchanged.push(man);
      changed = true;
    }
  }
  return exchanged.sort();
}
