// Saint Poker's page (GAMES.md S1-S11): the current and future river, one card then two chosen by clicking (hidden
// from the others until all have picked, with the turn timer), the round's result and points, the take-backs in
// order with whose turn it is, the scores. Uses table.js.
"use strict";

const GAME = {name: "saint", picked: new Set(), turn: null, sent: null, logged: {round: 0, takes: 0}};
const PHASES = {
  pick: "Step 1: every player picks one card for the river",
  pair: "Step 2: every player picks two cards",
  take: "Step 3: take-backs, worst hand first",
  over: "The game is over",
};

GAME.onError = () => { GAME.sent = null; if (T.last && T.last.hand) GAME.render(T.last); };
GAME.reset = () => { GAME.picked.clear(); GAME.turn = null; GAME.sent = null; GAME.logged = {round: 0, takes: 0}; };

GAME.seat = (div, p, msg) => {
  const h = msg.hand;
  if (msg.status === "playing" && (h.to_act === p.seat || (h.picking && GAME.sent !== msg.turn && p.seat === msg.seat))) {
    div.classList.add("turn");
  }
  let line = `${h.scores[p.seat]} points`;
  if (h.points) line += ` \u00b7 +${h.points[p.seat]} this round`;
  div.append(el("div", "line chips", line));
  const pair = h.pairs[p.seat];
  const cards = el("div", "cards");
  if (pair) cards.append(...pair.map((c) => cardEl(c, true)));
  div.append(cards);
  const place = h.order.indexOf(p.seat);
  if (h.phase === "take" && place >= 0) div.append(el("div", "line", `takes ${place + 1}${["st", "nd", "rd"][place] || "th"}`));
};

GAME.render = (msg) => {
  const h = msg.hand;
  $("river").replaceChildren(...h.river.map((c) => cardEl(c)));
  $("future").replaceChildren(...(h.future.length ? h.future.map((c) => cardEl(c, true)) : [el("span", "", "none")]));
  $("round-no").textContent = h.round;
  if (GAME.turn !== msg.turn) { GAME.turn = msg.turn; GAME.picked.clear(); }
  const mine = myTurn(msg) && GAME.sent !== msg.turn;
  const picking = mine && h.legal === "pick";
  const need = h.phase === "pair" ? 2 : 1;
  const taker = h.to_act === null ? null : msg.players[h.to_act];
  $("phase").textContent = PHASES[h.phase] + (h.phase === "take" && taker ? ` \u2014 ${h.to_act === msg.seat ? "your" : taker.name + "'s"} turn` : "");
  $("turn-line").textContent = msg.status !== "playing" ? "" : picking ? (need === 2 ? "Pick two cards" : "Pick one card")
    : h.picking ? (GAME.sent === msg.turn || !myTurn(msg) ? "Waiting for the others to pick" : "")
    : h.to_act === msg.seat ? "Your take" : taker ? `${taker.name} takes a card` : "";
  $("private").replaceChildren(...h.cards.map((c) => {
    const card = cardEl(c);
    card.classList.toggle("picked", picking && GAME.picked.has(c));
    if (picking) card.onclick = () => {
      if (GAME.picked.has(c)) GAME.picked.delete(c);
      else if (need === 1) { GAME.picked.clear(); GAME.picked.add(c); }
      else if (GAME.picked.size < 2) GAME.picked.add(c);
      GAME.render(T.last);
    };
    else card.classList.add("disabled");
    return card;
  }));
  const taking = mine && h.legal === "take";
  $("pool").replaceChildren(...(h.phase === "take" ? h.pool.map((c) => {
    const card = cardEl(c);
    if (taking) card.onclick = () => move("take", {card: c});
    else card.classList.add("disabled");
    return card;
  }) : []));
  $("pick-note").textContent = taking ? "Take one card from the river or the revealed pairs:"
    : GAME.sent === msg.turn && h.picking ? "Your pick is in \u2014 hidden until everyone has picked." : "";
  const buttons = [];
  if (picking) {
    const ready = GAME.picked.size === need;
    const b = button(need === 2 ? "Reveal these two" : "Pick this card", () => {
      const cards = [...GAME.picked];
      move("pick", need === 2 ? {cards} : {card: cards[0]});
      GAME.sent = msg.turn;
      GAME.render(T.last);
    }, "pick");
    b.disabled = !ready;
    buttons.push(b);
  }
  $("actions").replaceChildren(...buttons);
  renderLast(msg);
  renderLog(msg);
};

function renderLast(msg) {
  const last = msg.hand.last;
  $("last-round").classList.toggle("hidden", !last);
  if (!last) return;
  const rows = msg.players.map((p) => {
    const tr = el("tr");
    const cards = el("td", "cards");
    cards.append(...last.pairs[p.seat].map((c) => cardEl(c, true)));
    tr.append(el("td", "", nameOf(p.seat)), cards, el("td", "", last.hands[p.seat]), el("td", "", `+${last.points[p.seat]}`));
    return tr;
  });
  const table = el("table");
  table.append(...rows);
  const order = last.order.length ? `Take order: ${last.order.map(nameOf).join(", ")}` : "";
  $("last-round").replaceChildren(el("div", "", `Round ${last.round} \u2014 river ${last.river.join(" ")}`), table, el("div", "", order));
}

function renderLog(msg) {
  const h = msg.hand;
  const last = h.last;
  if (last && last.round > GAME.logged.round) {
    GAME.logged.round = last.round;
    const best = Math.max(...last.points);
    const winners = msg.players.filter((p) => last.points[p.seat] === best && best > 0).map((p) => nameOf(p.seat));
    addLog(`Round ${last.round}: ${winners.join(" and ")} scored ${best} with ${last.hands[msg.players.findIndex((p) => last.points[p.seat] === best)]}.`);
  }
  for (const t of h.taken.slice(GAME.logged.takes)) addLog(`${msg.players[t.seat].name} took ${t.card} (round ${t.round}).`);
  GAME.logged.takes = h.taken.length;
}

startPage();
