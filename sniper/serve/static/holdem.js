// No-limit Texas Hold'em's page (GAMES.md H1-H12): the board by street, button and blinds, stacks, the pot and side
// pots, a bet/raise control that knows the minimum raise and all-in, the showdown naming the hands. Uses table.js.
"use strict";

const GAME = {name: "holdem", logged: {hand: -1, n: 0, result: -1}, turn: null};

GAME.reset = () => { GAME.logged = {hand: -1, n: 0, result: -1}; GAME.turn = null; };

GAME.seat = (div, p, msg) => {
  const h = msg.hand;
  const r = h.result;
  const dealt = h.dealt_in[p.seat];
  const folded = dealt && !h.in_hand[p.seat];
  if (folded) div.classList.add("folded");
  if (h.to_act === p.seat && msg.status === "playing") div.classList.add("turn");
  if (h.button === p.seat) badge(div, "D");
  if (h.blinds[0] && h.blinds[0].seat === p.seat) badge(div, "SB");
  if (h.blinds[1] && h.blinds[1].seat === p.seat) badge(div, "BB");
  let line = `${r ? r.stacks[p.seat] : h.stacks[p.seat]} chips`;
  if (!r && h.bets[p.seat]) line += ` \u00b7 bet ${h.bets[p.seat]}`;
  if (r && dealt) line += ` \u00b7 ${r.winnings[p.seat] > 0 ? "+" : ""}${r.winnings[p.seat]}`;
  if (folded) line += " \u00b7 folded";
  else if (dealt && !r && h.stacks[p.seat] === 0) line += " \u00b7 all-in";
  if (!p.at_table) line += " \u00b7 out";
  div.append(el("div", "line chips", line));
  const cards = el("div", "cards");
  const shown = r && r.showdown.find((s) => s.seat === p.seat);
  if (shown) cards.append(...shown.cards.map((c) => cardEl(c, true)));
  else if (p.seat !== msg.seat && dealt && !folded && !r) cards.append(cardEl(null, true), cardEl(null, true));
  div.append(cards);
  if (shown) div.append(el("div", "line", shown.name));
};

GAME.render = (msg) => {
  const h = msg.hand;
  const board = h.board.map((c) => cardEl(c));
  while (board.length < 5) board.push(el("div", "card slot"));
  $("board").replaceChildren(...board);
  $("street").textContent = h.street;
  const inBets = h.bets.reduce((a, b) => a + b, 0);
  $("pot").textContent = h.pot + inBets;
  $("side-pots").textContent = h.pots.length > 1 ? ` (main ${h.pots[0]}, side ${h.pots.slice(1).join(", ")})` : "";
  $("hand-no").textContent = `${h.hand + 1}` + (msg.length === "bust" ? "" : ` of ${msg.length}`);
  $("me").classList.toggle("hidden", h.hole.length === 0);
  $("private").replaceChildren(...h.hole.map((c) => cardEl(c)));
  const mine = myTurn(msg);
  const acting = h.to_act === null || msg.status !== "playing" ? null : msg.players[h.to_act];
  $("turn-line").textContent = acting === null ? "" : mine ? "Your turn" : `${acting.name} to act`;
  renderActions(msg, mine);
  renderResult(msg);
  renderLog(msg);
};

function renderActions(msg, mine) {
  const h = msg.hand;
  const buttons = [];
  const raising = mine && (h.legal.includes("raise") || h.legal.includes("bet"));
  if (mine) {
    for (const name of h.legal) {
      if (name === "fold") buttons.push(button("Fold", () => move("act", {action: "fold"}), "fold"));
      if (name === "check") buttons.push(button("Check", () => move("act", {action: "check"}), "check"));
      if (name === "call") buttons.push(button(`Call ${h.to_call}`, () => move("act", {action: "call"}), "call"));
      if (name === "all-in") buttons.push(button(`All-in ${h.max_raise_to}`, () => move("act", {action: "all-in"}), "all-in"));
    }
  }
  $("actions").replaceChildren(...buttons);
  $("raise-box").classList.toggle("hidden", !raising);
  if (!raising) return;
  const kind = h.legal.includes("bet") ? "bet" : "raise";
  for (const id of ["raise-range", "raise-to"]) { $(id).min = h.min_raise_to; $(id).max = h.max_raise_to; }
  if (GAME.turn !== msg.turn) {   // a new turn: start at the minimum raise
    GAME.turn = msg.turn;
    $("raise-range").value = $("raise-to").value = h.min_raise_to;
  }
  const label = () => { $("raise-go").textContent = `${kind === "bet" ? "Bet" : "Raise to"} ${$("raise-to").value}`; };
  $("raise-range").oninput = () => { $("raise-to").value = $("raise-range").value; label(); };
  $("raise-to").oninput = () => { $("raise-range").value = $("raise-to").value; label(); };
  $("raise-go").onclick = () => {
    const amount = Math.round(Number($("raise-to").value));
    if (!(amount >= h.min_raise_to && amount <= h.max_raise_to)) {
      $("error").textContent = `${kind} to ${h.min_raise_to}-${h.max_raise_to} chips`;
      return;
    }
    move("act", {action: kind, amount});
  };
  label();
}

function resultText(msg) {
  const r = msg.hand.result;
  const won = r.winners.map((s) => `${nameOf(s)} +${r.winnings[s]}`).join(", ");
  if (!r.showdown.length) return `${won}: everyone else folded (no cards shown).`;
  const hands = r.showdown.map((s) => `${nameOf(s.seat)}: ${s.name}`).join(" \u00b7 ");
  return `Showdown \u2014 ${hands}. ${won}.`;
}

function renderResult(msg) {
  const r = msg.hand.result;
  $("result").classList.toggle("hidden", !r);
  if (r) $("result-text").textContent = resultText(msg);
}

function renderLog(msg) {
  const h = msg.hand;
  if (h.hand !== GAME.logged.hand) {
    GAME.logged = {hand: h.hand, n: 0, result: GAME.logged.result};
    addLog(`Hand ${h.hand + 1}: ${msg.players[h.button].name} has the button.`);
  }
  for (const a of h.actions.slice(GAME.logged.n)) {
    const what = a.action === "raise" ? `raises to ${a.to}` : a.action === "call" ? `calls ${a.chips}` : `${a.action}s`;
    addLog(`${msg.players[a.seat].name} ${what} (${["preflop", "flop", "turn", "river"][a.street]})`);
  }
  GAME.logged.n = h.actions.length;
  if (h.result && GAME.logged.result !== h.hand) { GAME.logged.result = h.hand; addLog(resultText(msg)); }
}

startPage();
