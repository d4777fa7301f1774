// The profile page's one connection to the server (#17, #31), opened only when a token is
// stored already: a visitor who never played stays a visitor (no guest is made for reading a
// profile), and a guest's hello says who it is. Reporting the player (profile_report.js) and
// challenging them (profile_challenge.js) share it.

import { Connection } from '../common/connection.js';

const TOKEN_KEY = 'quadra.token'; // connection.js's

function storedToken() {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

let connection = null; // opened once, for every profile the page shows

// The page's connection, opened on the first call; null without a stored token.
export function profileConnection() {
  if (!storedToken()) return null;
  if (!connection) {
    connection = new Connection();
    connection.start();
  }
  return connection;
}

// Calls `fill(welcome)` with the connection's identity now (when welcomed already) and after
// every welcome.
export function onIdentity(conn, fill) {
  if (conn.identity) fill(conn.identity);
  conn.on('welcome', fill);
}
