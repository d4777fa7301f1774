// Checks a finished game's dice in the browser (PROTOCOL.md "Fair dice"): the revealed seed must
// hash to the commitment, and every die in the record must be the one the seed derives.

import { t } from '../i18n/index.js';

const encoder = new TextEncoder();

function hexToBytes(hex) {
  if (!/^([0-9a-f]{2})+$/.test(hex)) throw new Error('not lowercase hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; ++i) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

function bytesToHex(bytes) {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(bytes) {
  return bytesToHex(await crypto.subtle.digest('SHA-256', bytes));
}

// The HMAC key for a seed given in hex.
export function seedKey(seedHex) {
  return crypto.subtle.importKey(
    'raw',
    hexToBytes(seedHex),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
}

// Die `dieIndex` of the token at `rollIndex`: the first HMAC byte below 252, mod 6, plus 1.
export async function deriveDie(key, gameId, rollIndex, dieIndex) {
  for (let n = 0; ; ++n) {
    const message = `${gameId}:${rollIndex}:${dieIndex}${n ? `:${n}` : ''}`;
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
    const byte = mac.find((b) => b < 252);
    if (byte !== undefined) return (byte % 6) + 1;
  }
}

// The 1-based positions a dice token rolled, in derivation order: all of them for `roll`, the
// listed ones for `reroll 2 3 5`; null when a listed position is not a die of the token.
export function rolledPositions(request, count) {
  const words = request.trim().split(/\s+/);
  if (words[0] !== 'reroll') return Array.from({ length: count }, (_, i) => i + 1);
  const positions = words.slice(1).map(Number);
  const valid =
    positions.length > 0 && positions.every((p) => Number.isInteger(p) && p >= 1 && p <= count);
  return valid ? positions : null;
}

// Verifies `record` ({id, moves, commitment, seed}). Resolves with
// { ok: true, rolls, dice } or { ok: false, ply, move, reason } (ply counts from 1; 0: the seed).
export async function verifyDice(record) {
  if (!record.seed) return { ok: false, ply: 0, reason: t('dice.notRevealed') };
  let seedBytes;
  try {
    seedBytes = hexToBytes(record.seed);
  } catch (e) {
    return { ok: false, ply: 0, reason: t('dice.notHex') };
  }
  if ((await sha256Hex(seedBytes)) !== record.commitment) {
    return { ok: false, ply: 0, reason: t('dice.mismatch') };
  }
  const key = await seedKey(record.seed);
  let rolls = 0;
  let dice = 0;
  for (let index = 0; index < record.moves.length; ++index) {
    const token = record.moves[index];
    const cut = token.lastIndexOf('=');
    if (cut < 0) continue;
    const recorded = token.slice(cut + 1);
    if (!/^[1-6]+$/.test(recorded)) {
      return { ok: false, ply: index + 1, move: token, reason: t('dice.notDigits') };
    }
    // A re-roll derives only the dice it rolls: die_index counts them in the order the
    // positions are listed, and kept dice are not compared.
    const positions = rolledPositions(token.slice(0, cut), recorded.length);
    if (!positions) {
      return { ok: false, ply: index + 1, move: token, reason: t('dice.badPositions') };
    }
    // Kept dice are not derived: they must be the previous token's dice (a re-roll follows the
    // roll or re-roll of the same turn).
    const previous = index > 0 ? record.moves[index - 1] : '';
    const before = previous.includes('=') ? previous.slice(previous.lastIndexOf('=') + 1) : null;
    if (before && before.length === recorded.length) {
      for (let p = 1; p <= recorded.length; ++p) {
        if (!positions.includes(p) && recorded[p - 1] !== before[p - 1]) {
          return {
            ok: false,
            ply: index + 1,
            move: token,
            reason: t('dice.keptDie', {
              position: p,
              value: recorded[p - 1],
              before: before[p - 1],
            }),
          };
        }
      }
    }
    for (let die = 0; die < positions.length; ++die) {
      const position = positions[die];
      const expected = await deriveDie(key, record.id, index, die);
      if (Number(recorded[position - 1]) !== expected) {
        return {
          ok: false,
          ply: index + 1,
          move: token,
          reason: t('dice.wrongDie', { position, value: recorded[position - 1], expected }),
        };
      }
      dice += 1;
    }
    rolls += 1;
  }
  return { ok: true, rolls, dice };
}
