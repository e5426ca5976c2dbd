// Five-card draw's page (GAMES.md D1-D11): your five cards, chosen for the draw by clicking (0-3), how many cards each
// player drew, fixed bet amounts on the buttons, the showdown naming the hands. Uses table.js.
"use strict";

const GAME = {name: "draw", logged: {hand: -1, n: 0, result: -1}, picked: new Set(), turn: null};
const STREET_NAMES = ["first round", "draw", "second round"];

GAME.reset = () => { GAME.logged = {hand: -1, n: 0, result: -1}; GAME.picked.clear(); GAME.turn = null; };

GAME.seat = (div, p, msg) => pokerSeat(div, p, msg, {hidden: 5, line: (h, seat) => {
  const drawn = h.drawn[seat];
  return drawn === null ? null : ["line drew", drawn === 0 ? "stood pat" : `drew ${drawn}`];
}});

GAME.render = (msg) => {
  const h = msg.hand;
  $("street").textContent = h.street;
  $("pot").textContent = h.pot + h.bets.reduce((a, b) => a + b, 0);
  $("bet-size").textContent = h.bet_size;
  $("raises").textContent = h.street === "draw" || h.result ? "" : ` (${h.raises} of ${h.cap} made)`;
  $("hand-no").textContent = `${h.hand + 1}` + (msg.length === "bust" ? "" : ` of ${msg.length}`);
  $("me").classList.toggle("hidden", h.cards.length === 0);
  const mine = myTurn(msg);
  const drawing = mine && h.legal.includes("draw");
  if (GAME.turn !== msg.turn) { GAME.turn = msg.turn; GAME.picked.clear(); }
  $("private").replaceChildren(...h.cards.map((c, i) => {
    const card = cardEl(c);
    card.dataset.position = i;
    card.classList.toggle("picked", drawing && GAME.picked.has(i));
    if (drawing) card.onclick = () => {
      if (GAME.picked.has(i)) GAME.picked.delete(i);
      else if (GAME.picked.size < h.max_discards) GAME.picked.add(i);
      else $("error").textContent = `At most ${h.max_discards} cards.`;
      GAME.render(T.last);
    };
    else card.classList.add("disabled");
    return card;
  }));
  $("draw-note").classList.toggle("hidden", !drawing);
  const acting = h.to_act === null || msg.status !== "playing" ? null : msg.players[h.to_act];
  $("turn-line").textContent = acting === null ? "" : mine ? (drawing ? "Your draw" : "Your turn")
    : `${acting.name} to ${h.street === "draw" ? "draw" : "act"}`;
  const buttons = [];
  if (drawing) {
    const n = GAME.picked.size;
    const discard = [...GAME.picked].sort();
    buttons.push(button(n === 0 ? "Stand pat" : `Draw ${n}`, () => move("draw", {discard}), "draw"));
  } else if (mine) {
    for (const name of h.legal) {
      if (name === "fold") buttons.push(button("Fold", () => move("act", {action: "fold"}), "fold"));
      if (name === "check") buttons.push(button("Check", () => move("act", {action: "check"}), "check"));
      if (name === "call") buttons.push(button(`Call ${h.to_call}`, () => move("act", {action: "call"}), "call"));
      if (name === "bet") buttons.push(button(`Bet ${h.raise_to}`, () => move("act", {action: "bet"}), "bet"));
      if (name === "raise") buttons.push(button(`Raise to ${h.raise_to}`, () => move("act", {action: "raise"}), "raise"));
    }
  }
  $("actions").replaceChildren(...buttons);
  const r = h.result;
  $("result").classList.toggle("hidden", !r);
  if (r) $("result-text").textContent = pokerResult(msg);
  renderLog(msg);
};

function renderLog(msg) {
  pokerLog(msg, (a) => {
    const what = a.action === "draw" ? (a.cards ? `draws ${a.cards}` : "stands pat")
      : a.action === "raise" ? `bets to ${a.to}` : a.action === "call" ? `calls ${a.chips}` : `${a.action}s`;
    return `${what} (${STREET_NAMES[a.street]})`;
  });
}

startPage();
