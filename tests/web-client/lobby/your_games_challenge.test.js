// web-client/lobby/your_games_challenge.js: which seats of a finished game get a "Challenge
// <name>" in the lobby's "Your games" (`my_games`' `accounts`, PROTOCOL.md), and the buttons
// drawn for them, with what they say to a screen reader and what they open.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  challengeButtonFor,
  challengeSeats,
  keepOpener,
} from '../../../web-client/lobby/your_games_challenge.js';
import { renderYourGames, yourGamesRows } from '../../../web-client/lobby/your_games.js';
import { installFakeDocument } from '../fake_dom.js';

const gameTitle = (id) => ({ kvadratura: 'Kvadratura', kvadrat: 'Kvadrat' })[id] || id;

test('every opponent seat an account held, not one’s own, compared without case', () => {
  const game = { players: ['Ann', 'Bob'], accounts: ['Ann', 'Bob'] };
  assert.deepEqual(challengeSeats(game, 'Ann'), [{ seat: 1, account: 'Bob', name: 'Bob' }]);
  assert.deepEqual(challengeSeats(game, 'ann'), [{ seat: 1, account: 'Bob', name: 'Bob' }]);
  assert.deepEqual(challengeSeats(game, 'BOB'), [{ seat: 0, account: 'Ann', name: 'Ann' }]);
  // An account that played under another display name: the button says the name shown.
  assert.deepEqual(
    challengeSeats({ players: ['Ann', 'Bobby'], accounts: ['rowena', 'Silas'] }, 'Rowena'),
    [{ seat: 1, account: 'Silas', name: 'Bobby' }],
  );
});

test('no button for a guest, a computer player, nor where no account played', () => {
  const game = { players: ['Ann', 'Bob'], accounts: ['Ann', 'Bob'] };
  assert.deepEqual(challengeSeats(game, null), [], 'the viewer is a guest');
  assert.deepEqual(challengeSeats(game, ''), []);
  assert.deepEqual(challengeSeats({ players: ['Guest 12', 'Bob'] }, 'Ann'), [], 'no `accounts`');
  assert.deepEqual(
    challengeSeats({ players: ['Ann', 'Computer (medium)'], accounts: ['Ann', null] }, 'Ann'),
    [],
    'the other seat is the computer',
  );
  assert.deepEqual(
    challengeSeats({ players: ['Guest 7', 'Ann'], accounts: [null, 'Ann'] }, 'Ann'),
    [],
    'the other seat is a guest',
  );
  assert.deepEqual(challengeSeats({ players: ['Ann', 'Bob'], accounts: ['Ann', ''] }, 'Ann'), []);
  assert.deepEqual(challengeSeats(null, 'Ann'), []);
});

test('four seats: each other account once, in seat order', () => {
  const game = {
    players: ['Guest 3', 'Ann', 'Cy', 'Dee'],
    accounts: [null, 'Ann', 'Cy', 'dee'],
  };
  assert.deepEqual(challengeSeats(game, 'Ann'), [
    { seat: 2, account: 'Cy', name: 'Cy' },
    { seat: 3, account: 'dee', name: 'Dee' },
  ]);
  // The same account twice (seats it held one after the other): one button.
  const twice = { players: ['Ann', 'Cy', 'Cy', 'Dee'], accounts: ['Ann', 'Cy', 'CY', null] };
  assert.deepEqual(challengeSeats(twice, 'Ann'), [{ seat: 1, account: 'Cy', name: 'Cy' }]);
});

const MINE = {
  type: 'my_games',
  running: [
    {
      room: 'RUNNIN',
      game: 'kvadratura',
      players: ['Ann', 'Bob'],
      accounts: ['Ann', 'Bob'],
      status: 'playing',
    },
  ],
  finished: [
    {
      id: 'g1',
      room: 'DDDDDD',
      game: 'kvadratura',
      players: ['Ann', 'Bob'],
      accounts: ['Ann', 'Bob'],
      result: { winners: [0], draw: false, code: 'resigned', figures: { seat: 1 } },
      finished_at: 1764470000000,
    },
    {
      id: 'g2',
      room: 'EEEEEE',
      game: 'kvadrat',
      players: ['Ann', 'Cy', 'Computer (medium)', 'Dee'],
      accounts: ['Ann', 'Cy', null, 'Dee'],
      result: { winners: [1], draw: false, reason: 'most squares' },
      finished_at: 1764470000001,
    },
    {
      id: 'g3',
      room: 'FFFFFF',
      game: 'kvadratura',
      players: ['Ann', 'Guest 4'],
      result: { winners: [1], draw: false, reason: 'Ann resigned' },
      finished_at: 1764470000002,
    },
  ],
};

test('the rows of the finished games carry their opponents for an account only', () => {
  const rows = yourGamesRows(MINE, gameTitle, 0, 'Ann');
  assert.deepEqual(
    rows.finished.map((row) => [row.room, row.opponents.map((o) => o.account)]),
    [
      ['DDDDDD', ['Bob']],
      ['EEEEEE', ['Cy', 'Dee']],
      ['FFFFFF', []],
    ],
  );
  assert.equal('opponents' in rows.running[0], false, 'a running game has no Challenge');
  const guest = yourGamesRows(MINE, gameTitle, 0);
  assert.deepEqual(
    guest.finished.map((row) => row.opponents),
    [[], [], []],
  );
});

test('the buttons say the game and the opponent, and open the form for that account', () => {
  installFakeDocument();
  const host = document.createElement('div');
  const opened = [];
  const actions = {
    resume() {},
    replay() {},
    challenge: (account, button) => opened.push([account, button]),
  };
  renderYourGames(host, yourGamesRows(MINE, gameTitle, 0, 'ann'), actions);
  const buttons = host.querySelectorAll('button.your-game-challenge');
  assert.deepEqual(
    buttons.map((b) => [b.dataset.room, b.dataset.challenge, b.textContent]),
    [
      ['DDDDDD', 'Bob', 'Challenge Bob'],
      ['EEEEEE', 'Cy', 'Challenge Cy'],
      ['EEEEEE', 'Dee', 'Challenge Dee'],
    ],
  );
  assert.equal(buttons[0].getAttribute('type'), 'button');
  assert.equal(
    buttons[0].getAttribute('aria-label'),
    'Challenge Bob to a new game: your opponent in Kvadratura, Ann vs Bob',
  );
  assert.equal(
    buttons[2].getAttribute('aria-label'),
    'Challenge Dee to a new game: your opponent in Kvadrat, Ann vs Cy vs Computer (medium) vs Dee',
  );
  buttons[2].dispatch({ type: 'click' });
  assert.deepEqual(opened, [['Dee', buttons[2]]]);

  // Without a challenge action (the card without the form), no buttons.
  renderYourGames(host, yourGamesRows(MINE, gameTitle, 0, 'Ann'), { resume() {}, replay() {} });
  assert.equal(host.querySelectorAll('button.your-game-challenge').length, 0);
  // A guest: none either.
  renderYourGames(host, yourGamesRows(MINE, gameTitle, 0, null), actions);
  assert.equal(host.querySelectorAll('button.your-game-challenge').length, 0);
});

test('a redraw while the form is open: the same game’s and player’s new button stands in', () => {
  installFakeDocument();
  const host = document.createElement('div');
  const actions = { resume() {}, replay() {}, challenge() {} };
  renderYourGames(host, yourGamesRows(MINE, gameTitle, 0, 'Ann'), actions);
  const old = challengeButtonFor(host, 'EEEEEE', 'Dee');
  assert.equal(old.dataset.challenge, 'Dee');
  assert.equal(challengeButtonFor(host, 'DDDDDD', 'Dee'), null);
  let adopted = null;
  const offer = { opener: () => old, adopt: (button) => (adopted = button) };

  old.isConnected = true; // still there: nothing to do
  keepOpener(host, offer);
  assert.equal(adopted, null);

  renderYourGames(host, yourGamesRows(MINE, gameTitle, 0, 'Ann'), actions);
  old.isConnected = false;
  keepOpener(host, offer);
  assert.notEqual(adopted, old);
  assert.equal(adopted, challengeButtonFor(host, 'EEEEEE', 'Dee'));

  // The form opened elsewhere (a leaderboard's button), or closed: left alone.
  adopted = null;
  keepOpener(host, { opener: () => document.createElement('button'), adopt: (b) => (adopted = b) });
  keepOpener(host, { opener: () => null, adopt: (b) => (adopted = b) });
  keepOpener(host, null);
  assert.equal(adopted, null);
});
