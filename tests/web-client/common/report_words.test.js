// web-client/common/report_words.js in English: the request a report form makes (one field set
// per subject, the 500-byte limit on the words), its refusals in the report's own words, and a
// report's reason, subject and status as "My reports" and /mod show them.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  REPORT_REASONS,
  reasonInWords,
  reportRefusal,
  reportRequest,
  reportStatusInWords,
  reportSubjectInWords,
} from '../../../web-client/common/report_words.js';
import { momentInWords } from '../../../web-client/common/server_words.js';

test('a report of each subject carries only its own fields', () => {
  assert.deepEqual(reportRequest({ about: 'player', name: 'Bob' }, 'name').request, {
    type: 'report',
    about: 'player',
    name: 'Bob',
    reason: 'name',
  });
  assert.deepEqual(reportRequest({ about: 'game', room: 'K7QM3X' }, 'cheating', '  ').request, {
    type: 'report',
    about: 'game',
    room: 'K7QM3X',
    reason: 'cheating',
  });
  assert.deepEqual(
    reportRequest({ about: 'chat', room: 'K7QM3X', at: 1764470000000 }, 'abuse', ' rude ').request,
    {
      type: 'report',
      about: 'chat',
      room: 'K7QM3X',
      at: 1764470000000,
      reason: 'abuse',
      words: 'rude',
    },
  );
  assert.deepEqual(REPORT_REASONS, ['spam', 'abuse', 'cheating', 'name', 'other']);
});

test('words count in bytes: 500 pass, 501 are refused in words', () => {
  const subject = { about: 'game', room: 'K7QM3X' };
  assert.equal(reportRequest(subject, 'other', 'x'.repeat(500)).request.words.length, 500);
  assert.equal(reportRequest(subject, 'other', 'я'.repeat(250)).request.words.length, 250);
  const tooLong = reportRequest(subject, 'other', 'я'.repeat(251));
  assert.equal(tooLong.request, undefined);
  assert.equal(tooLong.problem, 'Too long: at most 500 bytes (about 250 Cyrillic letters).');
});

test('refusals are said in the report’s own words', () => {
  assert.equal(
    reportRefusal({ code: 'account_required' }),
    'Only signed-in players can report: sign in or sign up first.',
  );
  assert.equal(
    reportRefusal({ code: 'not_allowed' }),
    'You cannot report yourself or your own chat lines.',
  );
  assert.equal(
    reportRefusal({ code: 'rate_limited', retryAfter: 1700 }),
    'You have sent many reports lately; you may send another in 29 minutes.',
  );
  assert.equal(
    reportRefusal({ code: 'rate_limited', retry_after: 30 }),
    'You have sent many reports lately; you may send another in 1 minute.',
  );
  assert.equal(
    reportRefusal({ code: 'no_such_account' }, { name: 'Bob' }),
    'There is no longer an account called Bob.',
  );
  assert.equal(
    reportRefusal({ code: 'no_such_line' }),
    'That line is not in the game’s record, so it cannot be reported.',
  );
  assert.equal(reportRefusal({ code: 'no_such_room' }), 'That room is no longer on the server.');
  assert.equal(reportRefusal({ code: 'offline' }), 'Not connected to the server.');
});

test('reasons, subjects and statuses in words', () => {
  assert.equal(reasonInWords('abuse'), 'Abuse or insults');
  assert.equal(reasonInWords('brand_new'), 'brand_new');
  assert.equal(reportSubjectInWords({ about: 'player', name: 'Bob' }), 'Player Bob');
  assert.equal(reportSubjectInWords({ about: 'game', room: 'K7QM3X' }), 'Game K7QM3X');
  assert.equal(
    reportSubjectInWords({ about: 'chat', room: 'K7QM3X', name: 'Guest 7', quoted: 'hi' }),
    'Line by Guest 7 in K7QM3X: “hi”',
  );
  assert.equal(reportStatusInWords({ status: 'open' }), 'open');
  const at = 1796548523109;
  assert.equal(
    reportStatusInWords({ status: 'acted', handled_at: at }),
    `handled: action taken, ${momentInWords(at)}`,
  );
  assert.equal(reportStatusInWords({ status: 'dismissed' }), 'handled: dismissed');
});
