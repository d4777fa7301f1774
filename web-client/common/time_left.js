// The time a game's clock leaves the player to move, in words, from its `deadline` (ms since
// the epoch, the `my_games` answer's; PROTOCOL.md "my_games"): minutes under an hour, hours and
// minutes under two days, days after that, "time is up" once it has passed. Minutes are counted
// up, so the last seconds still read "1 minute left", and days down. DOM-free, unit-tested in
// each language.

import { t, tn } from '../i18n/index.js';

const MINUTE = 60 * 1000;
const HOUR = 60;
const DAY = 24 * HOUR;

// The words for `deadline` seen at `now`; null when there is no deadline (a game without a
// clock).
export function timeLeftInWords(deadline, now = Date.now()) {
  if (deadline === null || deadline === undefined || !Number.isFinite(Number(deadline))) {
    return null;
  }
  const left = Number(deadline) - now;
  if (left <= 0) return t('turns.timeUp');
  const minutes = Math.ceil(left / MINUTE);
  if (minutes < HOUR) return tn('turns.minutesLeft', minutes);
  if (minutes < 2 * DAY) {
    const h = Math.floor(minutes / HOUR);
    const m = minutes % HOUR;
    return m ? t('turns.hoursMinutesLeft', { h, m }) : t('turns.hoursLeft', { h });
  }
  return tn('turns.daysLeft', Math.floor(minutes / DAY));
}
