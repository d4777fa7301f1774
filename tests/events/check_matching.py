#!/usr/bin/env python3
"""Holds the events matcher (LEMON) to an independent one: networkx's max_weight_matching.

    check_matching.py ORACLE SEED COUNT LARGEST

runs `ORACLE SEED COUNT LARGEST` (tests/events/matching_oracle.cpp), which prints random graphs
and the matcher's answer on each, and checks every answer: a matching of edges of the graph, as
heavy as networkx's (for `perfect` graphs: every vertex matched, as heavy as networkx's heaviest
of most cardinality, or none exactly when networkx's has a vertex left over). networkx works in
exact integers when every weight is an integer.
"""

import subprocess
import sys
import time

import networkx as nx


def graphs(lines):
    """Yields (kind, vertices, edges, mates or None) from the oracle's output."""
    at = 0
    while at < len(lines):
        _, kind, vertices, count = lines[at].split()
        vertices, count = int(vertices), int(count)
        edges = [tuple(int(x) for x in line.split()) for line in lines[at + 1:at + 1 + count]]
        words = lines[at + 1 + count].split()
        assert words[0] == "mates", words
        mates = None if words[1:] == ["none"] else [int(x) for x in words[1:]]
        at += count + 2
        yield kind, vertices, edges, mates


def check(kind, vertices, edges, mates):
    """An error message, or None when the matcher's answer is right."""
    graph = nx.Graph()
    graph.add_nodes_from(range(vertices))
    for u, v, w in edges:
        graph.add_edge(u, v, weight=w)
    perfect = kind == "perfect"
    best = nx.max_weight_matching(graph, maxcardinality=perfect)
    best_weight = sum(graph[u][v]["weight"] for u, v in best)
    if mates is None:
        if not perfect or 2 * len(best) == vertices:
            return f"no matching returned, networkx found {sorted(best)}"
        return None
    if len(mates) != vertices:
        return f"{len(mates)} mates for {vertices} vertices"
    weight = 0
    for u, v in enumerate(mates):
        if v == -1:
            if perfect:
                return f"vertex {u} unmatched in a perfect matching"
            continue
        if mates[v] != u or not graph.has_edge(u, v):
            return f"{u}-{v} is not a matched edge of the graph"
        if u < v:
            weight += graph[u][v]["weight"]
    if perfect and 2 * len(best) != vertices:
        return "a perfect matching returned where networkx found none"
    if weight != best_weight:
        return f"weight {weight}, networkx's {best_weight}"
    return None


def main():
    oracle, seed, count, largest = sys.argv[1:5]
    out = subprocess.run([oracle, seed, count, largest], check=True, capture_output=True,
                         text=True).stdout
    start = time.monotonic()
    checked, failures, biggest = 0, 0, 0
    for number, (kind, vertices, edges, mates) in enumerate(graphs(out.splitlines())):
        error = check(kind, vertices, edges, mates)
        checked += 1
        biggest = max(biggest, vertices)
        if error:
            failures += 1
            print(f"graph {number} ({kind}, {vertices} vertices, {len(edges)} edges): {error}")
    print(f"check_matching: {checked} graphs (up to {biggest} vertices), {failures} wrong, "
          f"networkx took {time.monotonic() - start:.1f} s")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
