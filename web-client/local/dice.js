// Dice rolled in the browser for a game against the computer: fair faces 1 to 6 from the
// browser's cryptographic generator. No DOM.

// `count` dice, each 1 to 6. `fill` fills a Uint8Array with random bytes (the browser's
// crypto.getRandomValues by default); bytes of 252 and above are drawn again, so that every face
// is equally likely (252 = 6 × 42).
export function rollDice(count, fill = (bytes) => crypto.getRandomValues(bytes)) {
  const dice = [];
  const bytes = new Uint8Array(Math.max(count, 1));
  while (dice.length < count) {
    fill(bytes);
    for (const byte of bytes) {
      if (byte < 252 && dice.length < count) dice.push((byte % 6) + 1);
    }
  }
  return dice;
}

// A seed for the engine's search: 32 random bits.
export function randomSeed(fill = (words) => crypto.getRandomValues(words)) {
  const words = new Uint32Array(1);
  fill(words);
  return words[0];
}
