#!/usr/bin/env node
// A whist-ro engine in JavaScript for Node.js (20 or later), with no dependencies.
// Written from docs/protocol.md alone: it reads one JSON message per line on
// standard input, answers on standard output, and logs on standard error.
//
//   node planner.js                      (a manager starts it)
//   whist-ro engine-test "node planner.js"
//   whist-ro match --engine js="node planner.js" --engine rule="whist-ro engine rule" ...
"use strict";

const readline = require("node:readline");

const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const rankOf = (card) => RANKS.indexOf(card.slice(0, -1));
const suitOf = (card) => card.slice(-1);
const trumpLetter = (view) => (view.trump === null ? null : view.trump[0]); // "hearts" -> "h"

// The one option this engine declares: how readily it counts a card as a trick.
const OPTIONS = [
  { name: "optimism", type: "float", default: 0.5, min: 0, max: 1,
    help: "how readily a king or a low trump counts as a trick when bidding" },
];
const settings = { optimism: 0.5 };

function send(message) {
  process.stdout.write(JSON.stringify(message) + "\n");
}

function log(text) {
  process.stderr.write(`planner: ${text}\n`);
}

// -- bidding: count the likely tricks, then take the legal bid nearest to it -------------

function expectedTricks(view) {
  const trump = trumpLetter(view);
  let tricks = 0;
  for (const card of view.hand) {
    const rank = rankOf(card);
    if (suitOf(card) === trump) {
      tricks += rank >= RANKS.indexOf("Q") ? 1 : settings.optimism * 0.6;
    } else if (rank === RANKS.indexOf("A")) {
      tricks += 0.9;
    } else if (rank === RANKS.indexOf("K")) {
      tricks += settings.optimism * 0.7;
    }
  }
  return Math.min(tricks, view.hand_size);
}

function chooseBid(view) {
  const target = view.blind === null ? expectedTricks(view) : view.hand_size / view.players;
  let best = view.legal_actions[0];
  for (const action of view.legal_actions) {
    if (Math.abs(action.bid - target) < Math.abs(best.bid - target)) best = action;
  }
  return best;
}

// -- playing: win a trick while the bid is not made, duck once it is ----------------------

function beats(card, other, led, trump) {
  // Does card beat other in a trick led in suit led?
  const [s1, s2] = [suitOf(card), suitOf(other)];
  if (s1 === s2) return rankOf(card) > rankOf(other);
  if (s1 === trump) return true;
  if (s2 === trump) return false;
  return s1 === led && s2 !== led;
}

function winsNow(card, trick, trump) {
  if (trick.cards.length === 0) return true;
  const led = suitOf(trick.cards[0]);
  return trick.cards.every((other) => beats(card, other, led, trump));
}

function choosePlay(view) {
  const legal = view.legal_actions;
  if (legal.length === 1 || legal[0].card === null) return legal[0]; // a blind round's only card
  const trump = trumpLetter(view);
  const bid = view.bids[view.seat];
  const wanted = bid !== null && view.tricks_won[view.seat] < bid;
  const strength = (card) => rankOf(card) + (suitOf(card) === trump ? 20 : 0);
  const byStrength = [...legal].sort((a, b) => strength(a.card) - strength(b.card));
  const winners = byStrength.filter((a) => winsNow(a.card, view.current_trick, trump));
  if (wanted) {
    // The cheapest card that takes the trick now, else the cheapest card of all.
    return winners.length > 0 ? winners[0] : byStrength[0];
  }
  // Enough tricks: the strongest card that does not take the trick, else the weakest.
  const losers = byStrength.filter((a) => !winners.includes(a));
  return losers.length > 0 ? losers[losers.length - 1] : byStrength[0];
}

function decide(view) {
  return view.phase === "bidding" ? chooseBid(view) : choosePlay(view);
}

// -- the protocol ------------------------------------------------------------------------

function handle(message) {
  switch (message.type) {
    case "hello":
      send({
        type: "hello", protocol: "whist-ro-engine", version: 1, name: "planner",
        author: "whist-ro examples", engine_version: "1.0", options: OPTIONS, observe: false,
      });
      break;
    case "options": {
      const value = (message.options || {}).optimism;
      if (value !== undefined && !(typeof value === "number" && value >= 0 && value <= 1)) {
        send({ type: "error", message: `optimism must be a number from 0 to 1, not ${value}` });
        break;
      }
      if (value !== undefined) settings.optimism = value;
      send({ type: "ready" });
      break;
    }
    case "new_match":
      log(`a match of ${message.variant.name}, seat ${message.seat} of ${message.players}`);
      break;
    case "act":
      send({ type: "action", id: message.id, action: decide(message.view) });
      break;
    case "quit":
      process.exit(0);
      break;
    default:
      break; // round_end, step, match_end and any type this engine does not know
  }
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
lines.on("line", (line) => {
  if (line.trim() === "") return;
  let message;
  try {
    message = JSON.parse(line);
  } catch (error) {
    log(`not JSON, ignored: ${line.slice(0, 80)}`);
    return;
  }
  handle(message);
});
lines.on("close", () => process.exit(0));
