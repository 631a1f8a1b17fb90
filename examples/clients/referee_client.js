// Plays a whole game through `python -m skitgubbe referee`, with node alone (no packages).
//
//   node examples/clients/referee_client.js [PYTHON] [RULES] [PLAYERS] [SEED]
//
// It starts the referee, asks for a new game, and until the game is over picks a
// move among those the referee says are legal (a small random generator seeded
// with SEED), asking each time for the view of the seat that moves, as a program
// hosting players would. Then it takes back the last move (undo), plays it again,
// fetches the record and checks that it holds every move played.

"use strict";
const { spawn } = require("node:child_process");
const readline = require("node:readline");

const python = process.argv[2] || "python3";
const rules = process.argv[3] || "flurst";
const players = Number(process.argv[4] || 4);
let seed = Number(process.argv[5] || 1);

function random() {
  // a linear congruential generator: the same seed, the same game
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
}

const referee = spawn(python, ["-m", "skitgubbe", "referee"], { stdio: ["pipe", "pipe", "inherit"] });
const answers = readline.createInterface({ input: referee.stdout });
const waiting = [];
answers.on("line", (line) => waiting.shift()(JSON.parse(line)));

function next() {
  return new Promise((resolve) => waiting.push(resolve));
}

async function ask(request) {
  const answer = next();
  referee.stdin.write(JSON.stringify(request) + "\n");
  const reply = await answer;
  if (reply.type === "error") throw new Error(`${request.type}: ${reply.error}`);
  return reply;
}

async function main() {
  const hello = await next();
  if (hello.type !== "hello" || hello.protocol !== 1) throw new Error("not a referee of protocol 1");
  let state = await ask({ type: "new", rules, deal: { players, seed } });
  const played = [];
  while (!state.over) {
    const move = state.legal[Math.floor(random() * state.legal.length)];
    const seat = Number(move.split(" ")[0]);
    const { view } = await ask({ type: "view", seat });
    if (view.player !== seat) throw new Error("the view is not the moving seat's");
    state = await ask({ type: "apply", move });
    played.push(move);
  }
  const goat = state.loser;
  state = await ask({ type: "undo", to: played.length - 1 });
  if (state.over) throw new Error("undo did not take the last move back");
  state = await ask({ type: "apply", move: played[played.length - 1] });
  const refused = next();
  referee.stdin.write(JSON.stringify({ type: "apply", move: "0 play 2C" }) + "\n");
  if ((await refused).type !== "error") throw new Error("a move after the end was accepted");
  const { record } = await ask({ type: "record" });
  if (record.moves.length !== played.length || record.moves.join() !== played.join()) {
    throw new Error("the record does not hold the moves played");
  }
  console.log(`${rules}, ${players} players, seed ${process.argv[5] || 1}: ` +
              `seat ${goat} is the goat after ${played.length} moves`);
  referee.stdin.end();
}

main().catch((error) => {
  console.error(`referee_client: ${error.message}`);
  referee.kill();
  process.exit(1);
});
