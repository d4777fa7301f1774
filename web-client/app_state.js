// What the application keeps between messages (app.js): the rooms this tab is in, their latest
// snapshots and chat, the room on screen, the rooms asked for and the requests on their way, and
// the rooms this tab watches (kept in `storage`, sessionStorage in the page, across a reload).
// Snapshots are kept in protocol 1's shape, which the client reads: a protocol 2 one is expanded
// (common/compact_snapshot.js) with its room's constants from `joined` and the WebAssembly rules
// (`rules`, set once loaded). No DOM, so it runs under Node in tests/web-client/.

import { expandSnapshot, isCompactSnapshot, roomConstants } from './common/compact_snapshot.js';

const WATCH_KEY = 'quadra.watching';
const CHAT_LINES = 200; // the most chat lines kept per room

export class AppState {
  // `wanted`: the room the address asks for; `replay`: the address asks for its replay.
  constructor({ wanted = null, replay = false, storage }) {
    this.storage = storage;
    this.memberships = new Map(); // room code -> { as, seat }
    // Rooms joined on the current connection: joining one again (a reload's join after the
    // resume gave the seat back, a spectator sitting down) brings no chat history.
    this.joinedHere = new Set();
    this.chats = new Map(); // room code -> chat lines received, oldest first
    this.snapshots = new Map(); // room code -> latest snapshot, in protocol 1's shape
    this.constants = new Map(); // room code -> what never changes in it (its `joined`)
    this.rules = null; // engine/rules.js's rules once loaded: protocol 2's snapshots need them
    this.shown = null; // the room code on screen, or null for the lobby
    this.roomView = null; // the room's view while one is on screen
    this.wanted = wanted; // a room the address asks for, joined once identified
    this.joining = null; // the room a join_room is on its way for
    this.previewing = null; // the room joined as a spectator, not shown, before an invitation
    this.games = []; // the server's list_games, asked for once
    this.pairedRoom = null; // the room a pairing seated this tab in, opened once joined
    this.needSync = true; // set by every disconnect: the next welcome re-subscribes and re-joins
    // Rooms whose replay opens as soon as their finished snapshot is shown: asked for by the
    // address (/r/<code>?replay) or "your games", or a finished room reached through its link by
    // a visitor.
    this.replayWanted = new Set(wanted && replay ? [wanted] : []);
    this.watchedInstead = new Set(); // rooms joined as a spectator because they were full
  }

  // The connection went down: the next welcome syncs again.
  disconnected() {
    this.needSync = true;
    this.joinedHere.clear();
  }

  // Whether this welcome must sync (subscribe, re-join); true once per disconnect.
  takeSync() {
    const due = this.needSync;
    this.needSync = false;
    return due;
  }

  // The room to join after a sync: the one asked for, else the one on screen (asked once).
  takeRoomToRejoin() {
    const code = this.wanted || this.shown;
    this.wanted = null;
    return code;
  }

  // Whether `joined` repeats a join of this connection: the server then re-sends no chat, so the
  // log is kept (PROTOCOL.md "join_room").
  repeatsJoin(message) {
    return this.joinedHere.has(message.room);
  }

  // A `joined` message: the membership (with `takebacks` when the room allows them), the room's
  // constants (game id, dice
  // commitment, clock settings), a fresh chat log unless it repeats a join (the server re-sends
  // the recent chat after a first join only), the watch list. Returns whether the room is to be
  // shown: a seat given back on reconnect is shown only when it is on screen or asked for; the
  // lobby lists it under "your games".
  joined(message) {
    if (!this.repeatsJoin(message)) this.chats.set(message.room, []);
    this.joinedHere.add(message.room);
    const membership = { as: message.as, seat: message.seat };
    if (message.takebacks === true) membership.takebacks = true;
    this.memberships.set(message.room, membership);
    this.constants.set(message.room, roomConstants(message));
    if (message.as === 'spectator') this.watch(message.room);
    else this.unwatch(message.room);
    if (message.room === this.previewing) return false;
    if (message.room === this.pairedRoom) {
      this.pairedRoom = null;
      return true;
    }
    if (message.id !== undefined || this.shown === message.room) {
      return !this.wanted || this.wanted === message.room;
    }
    return false;
  }

  // Keeps the snapshot `message` (protocol 2's expanded to protocol 1's shape, one of protocol 1
  // as it is) as its room's latest, with `receivedAt` (performance.now() when it came: its
  // clock's figures are as of then); returns { before: the one before (or undefined), snapshot:
  // the one kept }. Throws when a protocol 2 snapshot cannot be read (no rules, a bad position).
  keepSnapshot(message, receivedAt) {
    const snapshot = isCompactSnapshot(message)
      ? expandSnapshot(message, this.constants.get(message.room), this.rules)
      : message;
    snapshot.receivedAt = receivedAt;
    const before = this.snapshots.get(snapshot.room);
    this.snapshots.set(snapshot.room, snapshot);
    return { before, snapshot };
  }

  // Adds a chat line to its room's log, dropping the oldest past CHAT_LINES.
  addChat(line) {
    const lines = this.chats.get(line.room) || [];
    lines.push(line);
    if (lines.length > CHAT_LINES) lines.shift();
    this.chats.set(line.room, lines);
  }

  // A moderator hid the line of room `room` written at `at` (`chat_hidden`): it leaves the log,
  // so a room shown again (another room and back) draws its chat without it. Returns whether a
  // line was dropped.
  hideChat(room, at) {
    const lines = this.chats.get(room);
    if (!lines) return false;
    const kept = lines.filter((line) => line.at !== at);
    this.chats.set(room, kept);
    return kept.length !== lines.length;
  }

  // Whether leaving room `code` keeps its seat: a player of a running game keeps it (the server
  // holds it); a spectator and a player of a room that has not started leave.
  keepsSeat(code) {
    const membership = this.memberships.get(code);
    const snapshot = this.snapshots.get(code);
    return Boolean(
      membership && membership.as === 'player' && snapshot && snapshot.status === 'playing',
    );
  }

  // Whether `snapshot` opens its replay now: asked for, on screen and finished with a record.
  takeWantedReplay(snapshot) {
    if (!this.replayWanted.has(snapshot.room) || this.shown !== snapshot.room) return false;
    if (snapshot.status !== 'finished' || !snapshot.game_id) return false;
    this.replayWanted.delete(snapshot.room);
    return true;
  }

  // Drops everything about room `code`.
  forget(code) {
    this.memberships.delete(code);
    this.joinedHere.delete(code);
    this.snapshots.delete(code);
    this.constants.delete(code);
    this.chats.delete(code);
    this.unwatch(code);
  }

  // The rooms this tab watches, re-joined after a reload.
  watching() {
    try {
      return JSON.parse(this.storage.getItem(WATCH_KEY) || '[]');
    } catch (e) {
      return [];
    }
  }

  watch(code) {
    const list = this.watching();
    if (!list.includes(code)) this.storage.setItem(WATCH_KEY, JSON.stringify([...list, code]));
  }

  unwatch(code) {
    const list = this.watching().filter((c) => c !== code);
    this.storage.setItem(WATCH_KEY, JSON.stringify(list));
  }
}
