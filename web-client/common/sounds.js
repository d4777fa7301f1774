// Optional move sounds: off by default, the choice remembered in localStorage, each sound a short
// tone made with WebAudio (no files). `soundsOn`/`setSoundsOn` and `moveSound` need no DOM.

const KEY = 'quadra.sounds';

// Whether sounds are on in `storage` (localStorage); off unless chosen.
export function soundsOn(storage) {
  try {
    return storage.getItem(KEY) === 'on';
  } catch (e) {
    return false;
  }
}

export function setSoundsOn(storage, on) {
  try {
    storage.setItem(KEY, on ? 'on' : 'off');
  } catch (e) {
    // A browser that keeps nothing plays no sounds after a reload; nothing else changes.
  }
}

// The tone for a new snapshot of the room on screen, or null: a higher one when the viewer's seat
// is now to move, a lower one for any other move; none without a new move.
export function moveSound(previous, next, seat) {
  if (!previous || previous.room !== next.room || next.version <= previous.version) return null;
  const mine = seat !== null && seat !== undefined && next.state.to_move === seat;
  return mine ? { frequency: 660, ms: 90 } : { frequency: 440, ms: 70 };
}

let context = null;

// Plays `tone` ({frequency, ms}) quietly; nothing where WebAudio is missing.
export function play(tone) {
  const Audio = globalThis.AudioContext || globalThis.webkitAudioContext;
  if (!tone || !Audio) return;
  context = context || new Audio();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  const now = context.currentTime;
  oscillator.frequency.value = tone.frequency;
  gain.gain.setValueAtTime(0.08, now);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + tone.ms / 1000);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(now);
  oscillator.stop(now + tone.ms / 1000);
}
