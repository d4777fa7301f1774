// The analysis board's lines, without a DOM: a tree of positions (notation strings, docs/rules.md
// §6) joined by the recorded tokens that lead from one to the next. The first child of a node
// continues its line; playing another token from there adds a variation. Nodes are named by ids
// (numbers), so the page can keep the one shown in a button's data attribute. The tree knows no
// rules: the positions and tokens it holds are the rules module's answers.

export class VariationTree {
  // `position`: the root's notation.
  constructor(position) {
    this.nodes = [{ id: 0, parent: null, token: null, position, children: [] }];
    this.current = 0;
  }

  get root() {
    return this.nodes[0];
  }

  node(id) {
    const node = this.nodes[id];
    if (!node) throw new RangeError(`no node ${id}`);
    return node;
  }

  get position() {
    return this.node(this.current).position;
  }

  // Plays `token`, which leads from the current position to `position`: the child already
  // reached by that token becomes current, else a new one (a continuation when the current node
  // has none, a variation otherwise). Returns the current node.
  play(token, position) {
    const here = this.node(this.current);
    let child = here.children.map((id) => this.node(id)).find((n) => n.token === token);
    if (!child) {
      child = { id: this.nodes.length, parent: here.id, token, position, children: [] };
      this.nodes.push(child);
      here.children.push(child.id);
    }
    this.current = child.id;
    return child;
  }

  goTo(id) {
    this.current = this.node(id).id;
    return this.node(this.current);
  }

  // One move back (false at the root).
  back() {
    const parent = this.node(this.current).parent;
    if (parent === null) return false;
    this.current = parent;
    return true;
  }

  // One move forward along the current node's first child (false at a line's end).
  forward() {
    const [next] = this.node(this.current).children;
    if (next === undefined) return false;
    this.current = next;
    return true;
  }

  // To the root, or to the end of the line through the current node.
  first() {
    this.current = 0;
  }

  last() {
    while (this.forward());
  }

  // The ids from the root (excluded) to `id` (included): the moves that lead there.
  pathTo(id = this.current) {
    const path = [];
    for (let n = this.node(id); n.parent !== null; n = this.node(n.parent)) path.unshift(n.id);
    return path;
  }

  // The recorded tokens from the root to `id`.
  tokensTo(id = this.current) {
    return this.pathTo(id).map((n) => this.node(n).token);
  }

  // The tree as nested lines for the move list: a line is [{ id, token, ply, variations }],
  // `ply` counting tokens from the root (1 for the first); `variations` are the lines that
  // branch off instead of this move (the other children of its parent), each a line of its own.
  lines() {
    const lineFrom = (id, firstPly) => {
      const line = [];
      let node = this.node(id);
      let ply = firstPly;
      for (;;) {
        const [main, ...others] = node.children;
        if (main === undefined) return line;
        const move = this.node(main);
        line.push({
          id: move.id,
          token: move.token,
          ply,
          variations: others.map((other) => [
            { ...entry(this.node(other), ply), variations: [] },
            ...lineFrom(other, ply + 1),
          ]),
        });
        node = move;
        ply += 1;
      }
    };
    const entry = (node, ply) => ({ id: node.id, token: node.token, ply });
    return lineFrom(0, 1);
  }
}
