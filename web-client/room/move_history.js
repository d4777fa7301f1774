// The moves of a room's game so far, for the move list, without a DOM. The client reads the
// record once (GET /api/games/{id}: `moves` and the seat of each in `move_seats`) and then
// follows the snapshots: a snapshot one token newer than the list adds its `last_move`, played
// by the seat the previous snapshot had to move (PROTOCOL.md "The move list"). Anything else (a
// gap after a reconnect, forced passes, a first snapshot) asks for the record again; snapshots
// carry no history, so they stay small.

// The entries of an exported record: { ply, seat, token }, ply counting recorded tokens from 1.
export function entriesOfRecord(record) {
  const seats = record.move_seats || [];
  return record.moves.map((token, i) => ({
    ply: i + 1,
    seat: Number.isInteger(seats[i]) ? seats[i] : null,
    token,
  }));
}

// The entries after snapshot `next`, given the entries so far and the snapshot before it
// (`previous`, or null); null when they cannot be known without the record. A snapshot of the
// same game with fewer tokens follows an accepted takeback (PROTOCOL.md "takeback"): the tokens
// taken back leave the list.
export function followSnapshot(entries, previous, next) {
  if (!entries) return null;
  if (next.version === entries.length) return entries;
  const sameGame = previous && previous.room === next.room && previous.game_id === next.game_id;
  if (sameGame && next.version < entries.length) return entries.slice(0, next.version);
  const oneMore =
    previous &&
    previous.room === next.room &&
    previous.version === entries.length &&
    next.version === entries.length + 1 &&
    !next.forced_passes &&
    typeof next.last_move === 'string' &&
    Number.isInteger(previous.state.to_move) &&
    previous.state.to_move >= 0;
  if (!oneMore) return null;
  return [...entries, { ply: next.version, seat: previous.state.to_move, token: next.last_move }];
}

// The name shown for `seat`: its holder's, else its colour, else "Seat n".
export function playerName(seats, colours, seat, seatWord) {
  if (seat === null || seat === undefined) return '?';
  const holder = seats && seats[seat];
  const name = holder && typeof holder === 'object' ? holder.name : holder;
  return name || (colours && colours[seat]) || seatWord(seat);
}
