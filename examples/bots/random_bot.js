// A bot for the skitgubbe line protocol, for node with no packages.
//
// Run it as `cmd:node examples/bots/random_bot.js` wherever skitgubbe takes
// bots. It reads one JSON message per line on standard input and answers each
// with one line: `ok` to hello, reset and end; to choose, one of the legal
// moves it is given, chosen at random from the game's seed (or `pass` now and
// then, when it is not due and may let play go on).
"use strict";

const readline = require("readline");

const PROTOCOL = 1;

// A small seeded generator (mulberry32), so that a game's choices follow from its seed.
function generator(seed) {
  let state = seed >>> 0;
  return function next() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let random = generator(0);
const lines = readline.createInterface({ input: process.stdin, terminal: false });

lines.on("line", (line) => {
  const message = JSON.parse(line);
  let answer = "ok";
  if (message.type === "hello" && message.protocol !== PROTOCOL) {
    process.stderr.write(`protocol ${message.protocol} is not ${PROTOCOL}\n`);
    process.exit(1);
  } else if (message.type === "reset") {
    random = generator(message.seed % 4294967296);
  } else if (message.type === "choose") {
    const moves = message.moves;
    if (!message.due && random() < 0.5) {
      answer = "pass";
    } else {
      answer = moves[Math.floor(random() * moves.length)];
    }
  }
  process.stdout.write(answer + "\n");
});
