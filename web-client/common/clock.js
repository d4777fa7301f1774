// Clocks counting down locally from the server's figures (snapshot.clock, PROTOCOL.md "Room
// life"). The server is the only judge of time; this only shows it between snapshots.

import { t } from '../i18n/index.js';

// Time left in ms for each seat now, from a snapshot's clock and when it was received
// (performance.now() at receipt, so the local clock's offset from the server does not matter).
export function remaining(clock, receivedAt, now = performance.now()) {
  if (!clock || !Array.isArray(clock.remaining_ms)) return [];
  return clock.remaining_ms.map((ms, seat) => {
    if (ms === null || ms === undefined) return null;
    const running = clock.running === seat;
    return Math.max(0, running ? ms - (now - receivedAt) : ms);
  });
}

// "4:07", "0:09.4" in the last ten seconds, "2d 3h" for long per-move clocks.
export function formatMs(ms) {
  if (ms === null || ms === undefined) return '';
  if (ms < 10000) return `0:0${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const total = Math.ceil(ms / 1000);
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days) return t('clock.daysHours', { days, hours });
  if (hours) {
    return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  }
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

// One line describing a clock setting, for the room header.
export function describeClock(clock) {
  if (!clock || clock.type === 'none') return '';
  if (clock.type === 'bank') {
    return t('clock.bank', {
      time: formatMs(clock.initial_seconds * 1000),
      increment: clock.increment_seconds,
    });
  }
  if (clock.type === 'per_move') {
    return t('clock.perMove', { time: formatMs(clock.seconds * 1000) });
  }
  return '';
}

// The clock choices of the create form; `label` is a catalogue key, `value` the create_room
// `clock` field.
export const CLOCK_CHOICES = [
  { label: 'clock.none', value: null },
  {
    label: 'clock.choices.blitz3',
    value: { type: 'bank', initial_seconds: 180, increment_seconds: 2 },
  },
  {
    label: 'clock.choices.blitz5',
    value: { type: 'bank', initial_seconds: 300, increment_seconds: 5 },
  },
  {
    label: 'clock.choices.rapid15',
    value: { type: 'bank', initial_seconds: 900, increment_seconds: 10 },
  },
  { label: 'clock.choices.day', value: { type: 'per_move', seconds: 86400 } },
];
