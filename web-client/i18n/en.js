// The client's words in English, grouped by the part of the client that shows them. ru.js has
// the same keys; tests/browser/catalogue.test.js checks that, placeholders included.

export default {
  // What a move did, shown after it: Quadrature's exchanges, Quadwrangle's last turn, and
  // Kvadrat's touch loupe.
  feedback: {
    exchange: {
      legendOne: "1 man exchanged on {cells}: {loser}'s man left, {mover}'s took its place.",
      legendMany: "{n} men exchanged on {cells}: {loser}'s men left, {mover}'s took their places.",
    },
    lastTurn: {
      played: '{name} rolled {dice} — played {play}',
      passed: '{name} rolled {dice} — no play, passed',
      prefix: 'Last turn:',
    },
    loupe: {
      label: 'Magnified board around {cell}',
      pick: 'Tap a marked position to preview your piece there.',
      none: 'No legal position here: tap Cancel and try another part of the board.',
      confirm: 'Confirm {cell}',
      cancel: 'Cancel',
    },
  },
  // The screen-reader mode (screen_reader.js, reader_*.js, describe/).
  screenReader: {
    toggle: 'Screen reader mode',
    toggleHint: 'Adds the position in words, a move form and spoken moves to the game and replay.',
    // The panel in a room and in the replay.
    title: 'Position in words',
    replayTitle: 'Replay position in words',
    movesTitle: 'Make a move',
    typeLabel: 'Type a move (as in the move list, e.g. e3-e4, h7, roll, reroll 2 3, play lanes)',
    typeButton: 'Play typed move',
    chooseLabel: 'Or choose a legal move',
    chooseButton: 'Play chosen move',
    noChoice: 'No move to choose now',
    announcementsLabel: 'Announcements',
    watching: 'You are watching: the players make the moves.',
    // Why a move was not sent.
    errors: {
      empty: 'Type a move first.',
      watching: 'You are watching: only the players can move.',
      notPlaying: 'No move can be made: the game is not being played.',
      notYourTurn: 'It is not your turn: {seat} is to move.',
      offline: 'You are offline: the move cannot be sent.',
      illegal: '“{move}” is not a legal move now. The list holds every legal move.',
    },
    // What the live region says.
    started: 'The game has started.',
    yourTurn: 'Your turn.',
    forcedPasses: 'Then {n} forced pass(es).',
    aPlayer: 'A player',
    replayStart: 'Start position.',
    replayMove: 'Move {n}: {move}',
    // The position.
    toMove: '{seat} to move.',
    named: '{seat} ({name})',
    player: 'Player {n}',
    colours: { black: 'Black', white: 'White', red: 'Red', blue: 'Blue' },
    and: ' and ',
    none: 'none',
    range: '{from} to {to}',
    seatValue: '{seat} {value}',
    scores: 'Scores: {scores}.',
    clocks: 'Time left: {clocks}.',
    over: {
      draw: 'Game over: a draw',
      wins: 'Game over: {seat} wins',
      share: 'Game over: {seats} share first place',
      reason: '{text} ({reason}).',
    },
    // Legal moves in words, for the list.
    moves: {
      step: '{from} to {to}',
      exchanges: '{from} to {to}, exchanges {cells}',
      quiet: '{from} to {to}, quiet sideways move',
      place: '{cell}',
      pass: 'Pass',
      roll: 'Roll the dice',
      reroll: 'Re-roll dice {positions} (showing {values})',
    },
    quadrature: {
      men: '{seat} men ({n}): {cells}.',
      goal: "{seat}'s goal {cells}: {held} of {of} held.",
      markers: 'Markers: {markers}.',
      marker0: 'off',
      marker1: 'one bar',
      marker2: 'two bars',
      exchanged: 'The last move exchanged {cells}.',
    },
    kvadrat: {
      pieces: '{seat} pieces ({n}): {cells}.',
      noPiece: '{seat} has no piece yet and starts from the {edge}.',
      edges: {
        south: 'bottom edge (rank 1)',
        west: 'left edge (file a)',
        north: 'top edge (rank 15)',
        east: 'right edge (file o)',
      },
      holds: 'Squares held by {seat} ({n}): {squares}.',
      settled: '{square} settled',
      settledCount: 'Settled squares: {n} of {of}.',
      piecesLeft: 'Pieces left: {left}.',
    },
    kvadratura: {
      boardLoses: '{size} by {size} board; whoever completes a square of their colour loses.',
      boardFill: '{size} by {size} board, filled to the end; fewer squares wins.',
      checkers: '{seat} checkers ({n}): {cells}.',
      squares: '{seat} squares ({n}): {squares}.',
    },
    quadwrangle: {
      lane: 'Lane {n}',
      lanes: { run: 'Run lane', high: 'High lane', low: 'Low lane' },
      laneAt: '{lane}: {place}.',
      centre: 'centre',
      red: "on {seat}'s red square",
      toward: '{n} from the centre toward {seat}',
      held: '{seat} holds {n} of {of} red squares.',
      dice: 'Dice: {dice} (roll {rolls} of 3).',
      notRolled: 'The dice are not rolled yet.',
      offered: 'Plays: {plays}.',
      noPlay: 'The dice offer no play.',
      play: '{play}: {moves}',
      laneSteps: '{lane} +{steps}',
      plays: { lanes: 'Lanes', run: 'Run', high: 'High', low: 'Low' },
    },
  },
};
