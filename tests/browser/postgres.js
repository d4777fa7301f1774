// A throw-away PostgreSQL cluster for the browser tests of many nodes: initdb into a temporary
// directory, postgres on a free loopback port, one fresh database. As root (CI), the cluster is
// the `postgres` user's: initdb and postgres refuse to run as root.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startPostgres() {
  const dir = mkdtempSync(path.join(tmpdir(), 'quadra-browser-pg-'));
  const root = process.getuid() === 0;
  if (root) execFileSync('chown', ['postgres:postgres', dir]);
  const asOwner = (file, args) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args])
      : execFileSync(file, args);
  const data = path.join(dir, 'data');
  asOwner(`${BIN}/initdb`, [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  asOwner(`${BIN}/pg_ctl`, ['-D', data, '-l', path.join(dir, 'log'), '-w', '-o', options, 'start']);
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      asOwner(`${BIN}/pg_ctl`, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
