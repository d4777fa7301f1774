// web-client/common/sounds.js: the remembered choice (off by default) and which tone a snapshot gets.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moveSound, setSoundsOn, soundsOn } from '../../../web-client/common/sounds.js';

function memoryStorage() {
  const items = new Map();
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => items.set(key, String(value)),
  };
}

test('sounds are off by default, and the choice is remembered', () => {
  const storage = memoryStorage();
  assert.equal(soundsOn(storage), false);
  setSoundsOn(storage, true);
  assert.equal(soundsOn(storage), true);
  assert.equal(storage.getItem('quadra.sounds'), 'on');
  setSoundsOn(storage, false);
  assert.equal(soundsOn(storage), false);
  const broken = {
    getItem() {
      throw new Error('denied');
    },
    setItem() {
      throw new Error('denied');
    },
  };
  assert.equal(soundsOn(broken), false);
  setSoundsOn(broken, true);
});

const at = (version, toMove, room = 'K7QM3X') => ({ room, version, state: { to_move: toMove } });

test('a new move sounds; higher when it is now the viewer’s turn', () => {
  assert.deepEqual(moveSound(at(3, 1), at(4, 0), 0), { frequency: 660, ms: 90 });
  assert.deepEqual(moveSound(at(3, 0), at(4, 1), 0), { frequency: 440, ms: 70 });
  assert.deepEqual(moveSound(at(3, 0), at(4, 1), null), { frequency: 440, ms: 70 });
  assert.equal(moveSound(at(4, 1), at(4, 1), 0), null);
  assert.equal(moveSound(null, at(4, 1), 0), null);
  assert.equal(moveSound(at(3, 1, 'OTHER'), at(4, 0), 0), null);
});
