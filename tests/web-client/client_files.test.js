// web-client/client_files.json, the files the offline worker (offline_worker.js) keeps: every
// file of the client, the built WebAssembly module included, and nothing else — a file missing
// from the list would be missing offline.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web-client');

// Every file under `dir`, as a path from the client's root ("/lobby/lobby.js").
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : ['/' + path.relative(root, full)];
  });
}

test('client_files.json lists every file of web-client/ but the worker itself, sorted', () => {
  const listed = JSON.parse(readFileSync(path.join(root, 'client_files.json'), 'utf8'));
  // The module is built, not checked in; the worker is fetched by the browser itself.
  const expected = [...new Set([...filesUnder(root), '/engine/quadra.wasm'])]
    .filter((file) => file !== '/offline_worker.js')
    .sort();
  assert.deepEqual(
    listed,
    expected,
    'regenerate with: cd web-client && (find . -type f ! -name offline_worker.js | sed s#^.##; ' +
      'echo /engine/quadra.wasm) | sort -u | jq -R . | jq -s . > client_files.json',
  );
});

test('the offline worker keeps the pages the server routes to a client file', () => {
  const worker = readFileSync(path.join(root, 'offline_worker.js'), 'utf8');
  for (const page of [
    '/index.html',
    '/rules.html',
    '/analysis.html',
    '/play.html',
    '/events.html',
  ]) {
    assert.ok(worker.includes(`'${page}']`), page);
  }
});
