// No-limit Texas Hold'em's page (GAMES.md H1-H12): the board by street, button and blinds, stacks, the pot and side
// pots, a bet/raise control that knows the minimum raise and all-in, the showdown naming the hands. Uses table.js.
"use strict";

const GAME = {name: "holdem", logged: {hand: -1, n: 0, result: -1}, turn: null};

GAME.reset = () => { GAME.logged = {hand: -1, n: 0, result: -1}; GAME.turn = null; };

GAME.seat = (div, p, msg) => pokerSeat(div, p, msg, {hidden: 2, allIn: true, badges: (h, seat) => [
  ...(h.blinds[0] && h.blinds[0].seat === seat ? ["SB"] : []),
  ...(h.blinds[1] && h.blinds[1].seat === seat ? ["BB"] : []),
]});

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

function renderResult(msg) {
  const r = msg.hand.result;
  $("result").classList.toggle("hidden", !r);
  if (r) $("result-text").textContent = pokerResult(msg);
}

function renderLog(msg) {
  pokerLog(msg, (a) => {
    const what = a.action === "raise" ? `raises to ${a.to}` : a.action === "call" ? `calls ${a.chips}` : `${a.action}s`;
    return `${what} (${["preflop", "flop", "turn", "river"][a.street]})`;
  });
}

startPage();
