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
};
