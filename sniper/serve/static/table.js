// The part of the game pages of `sniper serve` that every game shares (no-limit Hold'em, five-card draw, Saint
// Poker): the shared markup (the header, the start page, the lobby, the turn timer and what is under the table,
// written once here: `buildPage`), the start page (a game against the computer, a room, joining one), the lobby, the
// socket (hello with the seat's token, kept in the page's localStorage so a reload or a lost connection takes the
// seat again), a spectator's read-only view (`?room=CODE&watch=TOKEN`), the seats, the turn timer, the pause between
// hands, the game's end and the download of its history. Each game's script sets `GAME` (its name and `render(msg)`,
// which draws the hand and the seat's controls) and calls `startPage()`. Protocol: docs/serve-protocol.md.
// Sniper Hold'em's page keeps its own client (app.js); both use room.js. No build step, no dependencies.
"use strict";

const $ = (id) => document.getElementById(id);
const T = {info: null, spec: null, socket: null, session: null, last: null, clock: null, resultEnd: null, retry: 0};

// ----- the shared markup ------------------------------------------------------------------------
// A game's page holds its title, its body's class, and in <main> a hidden section#table of its own parts: div#center
// (with an empty #timer-box, its timeout rule in data-rule) and div#me. `buildPage` adds the rest from these
// constants: the <header>, the #start and #lobby sections, #seats-row, the table's foot and #error.

const SHARED = {
  header: `<h1 id="title"></h1>
  <span id="room-label"></span>
  <a id="rules-link" target="_blank" rel="noopener noreferrer">Rules</a>
  <a id="home-link" href="/">All games</a>`,
  start: `<div class="form">
      <label>Your name <input id="name" value="Player" maxlength="24"></label>
      <label>Game <select id="length"></select></label>
    </div>
    <h2>Against the computer</h2>
    <div class="form">
      <label>Players <select id="players"></select></label>
      <label>AI level <select id="level"></select></label>
      <button id="solo" class="big">Play against the computer</button>
    </div>
    <h2>Online room</h2>
    <div class="form">
      <label>Seats <select id="seats"></select></label>
      <label>AI in empty seats <select id="room-level"></select></label>
      <button id="create">Create a room</button>
    </div>
    <div class="form">
      <label>Room code <input id="join-code" size="18" autocomplete="off"></label>
      <button id="join">Join</button>
    </div>
    <p id="start-error" class="error"></p>`,
  lobby: `<p>Room code <code id="lobby-code"></code> \u2014 share this link: <code id="lobby-link"></code></p>
    <p id="lobby-watch" class="hidden">Spectators (read only): <code id="lobby-watch-link"></code></p>
    <ol id="lobby-players"></ol>
    <button id="start-game" class="hidden">Start (AI fills the empty seats)</button>
    <p id="lobby-wait" class="hidden">Waiting for the host to start\u2026</p>`,
  timer: `<span id="turn-line"></span>
        <div id="timer-bar"><div id="timer-fill"></div></div>
        <span id="timer">\u2013</span>
        <p class="rule"></p>`,
  foot: `<div id="result" class="hidden"><div id="result-text"></div></div>
    <div id="between"><button id="deal" class="hidden">Deal next hand</button> <span id="next-in"></span></div>
    ` + ROOM.FOOT,
};

const markup = ROOM.nodes;

function buildPage() {
  const table = $("table");
  table.before(...markup(`<section id="start" class="panel hidden"></section>
  <section id="lobby" class="panel hidden"></section>`));
  table.prepend(...markup(`<div id="seats-row"></div>`));
  table.append(...markup(SHARED.foot));
  table.after(...markup(`<p id="error" class="error"></p>`));
  document.body.prepend(...markup(`<header></header>`));
  document.querySelector("header").replaceChildren(...markup(SHARED.header));
  $("start").replaceChildren(...markup(SHARED.start));
  $("lobby").replaceChildren(...markup(SHARED.lobby));
  const rule = $("timer-box").dataset.rule;
  $("timer-box").replaceChildren(...markup(SHARED.timer));
  $("timer-box").querySelector(".rule").textContent = rule;
}

buildPage();
const SUITS = {c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660"};
const KIND_NAMES = {human: "person", bot: "bot", ai: "AI", open: "open"};

function show(id) {
  for (const s of ["start", "lobby", "table"]) $(s).classList.toggle("hidden", s !== id);
}

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function cardEl(name, small) {
  // A card by its name ("Ah", "Td"), or its back (null).
  const red = name && (name[1] === "h" || name[1] === "d");
  const e = el("div", "card" + (small ? " small" : "") + (name ? "" : " back") + (red ? " red" : ""));
  if (name) {
    e.textContent = (name[0] === "T" ? "10" : name[0]) + SUITS[name[1]];
    e.dataset.card = name;
  }
  return e;
}

function button(text, onclick, data) {
  const b = el("button", "", text);
  b.onclick = onclick;
  if (data) b.dataset.action = data;
  return b;
}

async function post(path, body) {
  const res = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await res.json();
  if (!res.ok) throw new Error(typeof data.detail === "string" ? data.detail : data.detail.map((d) => d.msg).join("; "));
  return data;
}

function remember(s) {
  // A seat: kept in localStorage under its room, so a reload (or this link, in this browser) takes it again.
  T.session = s;
  localStorage.setItem("sniper:" + s.room, JSON.stringify(s));
  history.replaceState(null, "", `/play/${GAME.name}?room=${encodeURIComponent(s.room)}`);
  $("room-label").textContent = "room " + s.room;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const socket = T.socket = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(T.session.room)}`);
  socket.onopen = () => { T.retry = 0; socket.send(JSON.stringify(ROOM.hello(T.session))); };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") render(msg);
    else if (msg.type === "error") {
      $("error").textContent = msg.message;
      if (GAME.onError) GAME.onError(msg);
    }
  };
  socket.onclose = (ev) => {
    if (ev.code === 1008 || ev.code === 4000 || (T.last && T.last.status === "over")) {
      if (ev.code === 1008) {
        $("start-error").textContent = T.session.watching ? "This spectator link is not valid (the room may be closed)."
          : "This seat's token is not valid here.";
        show("start");
      }
      return;
    }
    T.retry = Math.min(T.retry + 1, 5);
    setTimeout(connect, 500 * T.retry);   // the same seat with the same token
  };
}

async function downloadHistory() {
  if (!await ROOM.downloadHistory(T.session)) $("error").textContent = "The history cannot be downloaded now.";
}

function send(msg) {
  $("error").textContent = "";
  if (T.socket && T.socket.readyState === WebSocket.OPEN) T.socket.send(JSON.stringify(msg));
}

function move(type, fields) {
  // A move of this seat for the current turn.
  send({type, turn: T.last.turn, ...fields});
}

function myTurn(msg) {
  return msg.status === "playing" && msg.hand && msg.hand.legal && msg.hand.legal.length !== 0;
}

function nameOf(seat) {
  return seat === T.last.seat ? "You" : T.last.players[seat].name;
}

// ----- rendering --------------------------------------------------------------------------------

function render(msg) {
  T.last = msg;
  if (msg.status === "lobby") return renderLobby(msg);
  show("table");
  renderSeats(msg);
  T.clock = msg.deadline === null ? null : {end: Date.now() + msg.deadline * 1000, total: msg.turn_seconds};
  tick();
  $("deal").classList.toggle("hidden", msg.status !== "between");
  if (msg.status === "between" && T.resultEnd === null) T.resultEnd = Date.now() + msg.result_seconds * 1000;
  if (msg.status !== "between") T.resultEnd = null;
  if (msg.hand) GAME.render(msg);
  renderOver(msg);
  renderTools(msg);
}

function renderTools(msg) {
  // The history (once a hand is over) and, for a seat that has it, the room's spectator link.
  $("room-tools").classList.toggle("hidden", !msg.hand);
  const watch = !T.session.watching && T.session.watch;
  $("watch-line").classList.toggle("hidden", !watch);
  if (watch) $("watch-link").textContent = ROOM.spectatorLink(`/play/${GAME.name}`, T.session);
}

function kindTag(p) {
  return el("span", "kind kind-" + p.kind, KIND_NAMES[p.kind] + (p.kind === "ai" && p.level ? ` \u00b7 ${p.level}` : ""));
}

function renderLobby(msg) {
  show("lobby");
  $("lobby-code").textContent = msg.room;
  $("lobby-link").textContent = `${location.origin}/play/${GAME.name}?room=${msg.room}`;
  $("lobby-players").replaceChildren(...msg.players.map((p) => {
    const li = el("li", "", p.kind === "open" ? "(open: AI at the start)" : `${p.name}${p.seat === msg.seat ? " (you)" : ""} `);
    if (p.kind !== "open") li.append(kindTag(p));
    return li;
  }));
  $("start-game").classList.toggle("hidden", msg.seat !== msg.host);
  $("lobby-wait").classList.toggle("hidden", msg.seat === msg.host);
  const watch = !T.session.watching && T.session.watch;
  $("lobby-watch").classList.toggle("hidden", !watch);
  if (watch) $("lobby-watch-link").textContent = ROOM.spectatorLink(`/play/${GAME.name}`, T.session);
}

function renderSeats(msg) {
  // One box per seat: name, who plays it, chips (points), and what the game adds (GAME.seat).
  $("seats-row").replaceChildren(...msg.players.map((p) => {
    const div = el("div", "seat" + (p.seat === msg.seat ? " you" : "") + (p.at_table ? "" : " out"));
    div.dataset.seat = p.seat;
    const name = el("div", "name");
    name.append(el("span", "who", p.name + (p.seat === msg.seat ? " (you)" : "") + (p.connected ? "" : " \u00b7 away")), kindTag(p));
    div.append(name);
    if (msg.hand) GAME.seat(div, p, msg);
    else div.append(el("div", "line chips", `${p.stack} ${T.spec.score}`));
    return div;
  }));
}

function badge(div, text) {
  div.querySelector(".name").append(el("span", "badge", text));
}

// ----- the 52-card games' seats and log (draw.js, holdem.js) ------------------------------------------

function pokerSeat(div, p, msg, game) {
  // A seat of a 52-card game: folded and to-act marks, the button's badge and the game's (`game.badges(h, seat)`),
  // the chips line (bet, winnings, folded, all-in when `game.allIn`, out), the game's own line (`game.line(h, seat)`:
  // [class, text] or null), the cards (shown at the showdown; `game.hidden` backs for an opponent still in) and the
  // shown hand's name.
  const h = msg.hand;
  const r = h.result;
  const dealt = h.dealt_in[p.seat];
  const folded = dealt && !h.in_hand[p.seat];
  if (folded) div.classList.add("folded");
  if (h.to_act === p.seat && msg.status === "playing") div.classList.add("turn");
  if (h.button === p.seat) badge(div, "D");
  for (const name of game.badges ? game.badges(h, p.seat) : []) badge(div, name);
  let line = `${r ? r.stacks[p.seat] : h.stacks[p.seat]} chips`;
  if (!r && h.bets[p.seat]) line += ` \u00b7 bet ${h.bets[p.seat]}`;
  if (r && dealt) line += ` \u00b7 ${r.winnings[p.seat] > 0 ? "+" : ""}${r.winnings[p.seat]}`;
  if (folded) line += " \u00b7 folded";
  else if (game.allIn && dealt && !r && h.stacks[p.seat] === 0) line += " \u00b7 all-in";
  if (!p.at_table) line += " \u00b7 out";
  div.append(el("div", "line chips", line));
  const own = game.line ? game.line(h, p.seat) : null;
  if (own) div.append(el("div", own[0], own[1]));
  const cards = el("div", "cards");
  const shown = r && r.showdown.find((s) => s.seat === p.seat);
  if (shown) cards.append(...shown.cards.map((c) => cardEl(c, true)));
  else if (p.seat !== msg.seat && dealt && !folded && !r) for (let i = 0; i < game.hidden; i++) cards.append(cardEl(null, true));
  div.append(cards);
  if (shown) div.append(el("div", "line", shown.name));
}

function pokerResult(msg) {
  // A 52-card hand's result in words: who won what, and the hands shown (or that everyone else folded).
  const r = msg.hand.result;
  const won = r.winners.map((s) => `${nameOf(s)} +${r.winnings[s]}`).join(", ");
  if (!r.showdown.length) return `${won}: everyone else folded (no cards shown).`;
  const hands = r.showdown.map((s) => `${nameOf(s.seat)}: ${s.name}`).join(" \u00b7 ");
  return `Showdown \u2014 ${hands}. ${won}.`;
}

function pokerLog(msg, words) {
  // Log a 52-card hand's new lines: its start (who has the button), each new action (`words(a)`: what the seat did)
  // and its result (`pokerResult`), once each (GAME.logged: the hand, the actions and the result logged so far).
  const h = msg.hand;
  if (h.hand !== GAME.logged.hand) {
    GAME.logged = {hand: h.hand, n: 0, result: GAME.logged.result};
    addLog(`Hand ${h.hand + 1}: ${msg.players[h.button].name} has the button.`);
  }
  for (const a of h.actions.slice(GAME.logged.n)) addLog(`${msg.players[a.seat].name} ${words(a)}`);
  GAME.logged.n = h.actions.length;
  if (h.result && GAME.logged.result !== h.hand) { GAME.logged.result = h.hand; addLog(pokerResult(msg)); }
}

function renderOver(msg) {
  $("over").classList.toggle("hidden", msg.status !== "over");
  if (msg.status === "over" && msg.standings) {
    const st = msg.standings;
    const who = st.winners.map((s) => msg.players[s].name).join(" and ");
    $("over-text").textContent = (st.draw ? `Draw between ${who}` : `${who} won the game`)
      + ` after ${st.hands} ${T.spec.unit}s. ${T.spec.score[0].toUpperCase() + T.spec.score.slice(1)}: `
      + msg.players.map((p) => `${p.name} ${st.stacks[p.seat]}`).join(", ");
  }
}

function addLog(text) {
  const li = el("li", "", text);
  $("log").prepend(li);
  while ($("log").children.length > 200) $("log").lastChild.remove();
}

function tick() {
  const now = Date.now();
  if (T.clock) {
    const left = Math.max(0, (T.clock.end - now) / 1000);
    $("timer").textContent = `${Math.ceil(left)} s`;
    $("timer-fill").style.width = `${(100 * left) / T.clock.total}%`;
  } else {
    $("timer").textContent = "\u2013";
    $("timer-fill").style.width = "0";
  }
  $("next-in").textContent = T.resultEnd === null ? "" : `next ${T.spec.unit} in ${Math.max(0, Math.ceil((T.resultEnd - now) / 1000))} s`;
}

// ----- start page -------------------------------------------------------------------------------

function leave() {
  if (T.socket) { T.socket.onclose = null; T.socket.close(1000, "left"); T.socket = null; }
  T.last = null;
  T.session = null;
  $("log").replaceChildren();
  $("room-label").textContent = "";
  if (GAME.reset) GAME.reset();
}

function lengthName(length) {
  return length === "bust" ? "until one has every chip" : `${length} ${T.spec.unit}s`;
}

async function startPage() {
  T.info = await (await fetch("/api/info")).json();
  T.spec = T.info.games.find((g) => g.name === GAME.name);
  document.title = T.spec.title;
  $("title").textContent = T.spec.title[0].toUpperCase() + T.spec.title.slice(1);
  $("rules-link").href = T.spec.rules_url;
  $("deal").textContent = T.spec.unit === "round" ? "Next round" : "Deal next hand";
  const fill = (id, values, chosen, label) => {
    $(id).replaceChildren(...values.map((v) => new Option(label ? label(v) : v, v, v === chosen, v === chosen)));
  };
  fill("length", T.spec.lengths, T.spec.default_length, lengthName);
  fill("players", T.spec.solo, Math.min(4, T.spec.solo[T.spec.solo.length - 1]));
  fill("seats", T.spec.seats, Math.min(4, T.spec.seats[T.spec.seats.length - 1]));
  for (const id of ["level", "room-level"]) fill(id, T.spec.levels, "normal");
  $("deal").onclick = () => send({type: "deal"});
  $("history").onclick = downloadHistory;
  $("start-game").onclick = () => send({type: "start"});
  const options = () => ({game: GAME.name, name: $("name").value, length: $("length").value});
  const go = async (fn) => {
    try { leave(); remember(await fn()); connect(); } catch (e) { show("start"); $("start-error").textContent = e.message; }
  };
  const solo = () => go(() => post("/api/solo", {...options(), players: Number($("players").value), level: $("level").value}));
  $("solo").onclick = solo;
  $("again").onclick = solo;
  $("create").onclick = () => go(() => post("/api/rooms", {...options(), seats: Number($("seats").value), ai: [$("room-level").value]}));
  $("join").onclick = () => go(() => post(`/api/rooms/${encodeURIComponent($("join-code").value.trim())}/join`, {name: $("name").value}));
  setInterval(tick, 200);
  const watch = (session) => { T.session = session; connect(); };
  const rejoin = (session) => { remember(session); connect(); };
  if (!ROOM.arrive(watch, rejoin, (room) => { $("join-code").value = room; })) show("start");
}
