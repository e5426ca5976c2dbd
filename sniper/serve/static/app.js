// Browser client of `sniper serve`: renders the `state` messages of one seat and sends its moves.
// Protocol: docs/serve-protocol.md. No build step, no dependencies.
"use strict";

const $ = (id) => document.getElementById(id);
let info = null;          // GET /api/info
let socket = null;
let session = null;       // {room, seat, token}
let last = null;          // last state message
let clock = null;         // {end: ms, total: s, mine: bool}
let resultEnd = null;     // ms when the next hand is dealt
let logged = {hand: -1, bets: 0, snipes: 0, timeout: null, result: -1};
let retry = 0;

const SNIPE_TYPES = [];   // [{type, tops: [{top, code}]}] in the R7 table order

function show(id) {
  for (const s of ["start", "lobby", "table"]) $(s).classList.toggle("hidden", s !== id);
}

function cardEl(n, small) {
  const el = document.createElement("div");
  el.className = "card" + (small ? " small" : "") + (n === null ? " back" : "");
  el.textContent = n === null ? "" : String(n);
  return el;
}

async function post(path, body) {
  const res = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await res.json();
  if (!res.ok) throw new Error(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail));
  return data;
}

function remember(s) {
  session = s;
  localStorage.setItem("sniper:" + s.room, JSON.stringify(s));
  history.replaceState(null, "", "/?room=" + encodeURIComponent(s.room));
  $("room-label").textContent = "room " + s.room;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(session.room)}`);
  socket.onopen = () => { retry = 0; socket.send(JSON.stringify({type: "hello", token: session.token})); };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") render(msg);
    else if (msg.type === "error") $("error").textContent = msg.message;
  };
  socket.onclose = (ev) => {
    if (ev.code === 1008 || ev.code === 4000 || (last && last.status === "over")) {
      if (ev.code === 1008) { $("start-error").textContent = "This seat's token is not valid here."; show("start"); }
      return;
    }
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 500 * retry);   // reconnect to the same seat with the same token
  };
}

function send(msg) {
  $("error").textContent = "";
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

// ----- rendering --------------------------------------------------------------------------------

function render(msg) {
  last = msg;
  if (msg.status === "lobby") return renderLobby(msg);
  show("table");
  const hand = msg.hand;
  const me = msg.seat;
  renderSeats(msg);
  if (!hand) return;
  $("board").replaceChildren(...[0, 1, 2, 3].map((i) => cardEl(i < hand.board.length ? hand.board[i] : null)));
  $("pot").textContent = hand.pot;
  $("cap").textContent = hand.cap;
  const owed = Math.max(...hand.round_put) - hand.round_put[me];
  $("owed").textContent = hand.private ? owed : 0;
  $("phase").textContent = hand.phase;
  $("hand-no").textContent = `${hand.hand + 1}` + (msg.length === "bust" ? "" : ` of ${msg.length}`);
  $("private").replaceChildren(...(hand.private || [null, null]).map((n) => cardEl(n)));
  renderHelper(hand);
  renderTurn(msg);
  renderSnipes(hand);
  renderResult(msg);
  renderLog(msg);
}

function renderLobby(msg) {
  show("lobby");
  $("lobby-code").textContent = msg.room;
  $("lobby-link").textContent = `${location.origin}/?room=${msg.room}`;
  $("lobby-players").replaceChildren(...msg.players.map((p) => {
    const li = document.createElement("li");
    li.textContent = p.kind === "open" ? "(open: AI at the start)" : `${p.name}${p.seat === msg.seat ? " (you)" : ""}`;
    return li;
  }));
  $("start-game").classList.toggle("hidden", msg.seat !== msg.host);
  $("lobby-wait").classList.toggle("hidden", msg.seat === msg.host);
}

function renderSeats(msg) {
  const hand = msg.hand;
  const shown = {};
  if (hand && hand.result && hand.result.showdown) for (const s of hand.result.showdown) shown[s.seat] = s;
  $("seats-row").replaceChildren(...msg.players.map((p) => {
    const div = document.createElement("div");
    const dealt = hand && hand.dealt_in[p.seat];
    const folded = dealt && hand.folded[p.seat];
    div.className = "seat" + (p.seat === msg.seat ? " you" : "") + (folded ? " folded" : "") + (!p.at_table ? " out" : "")
      + (hand && hand.to_act === p.seat && msg.status === "playing" ? " turn" : "");
    div.dataset.seat = p.seat;
    const name = document.createElement("div");
    name.className = "name";
    name.textContent = p.name + (p.seat === msg.seat ? " (you)" : "") + (p.connected ? "" : " · away");
    if (hand && hand.first === p.seat) { const b = document.createElement("span"); b.className = "badge"; b.textContent = "1st"; name.append(b); }
    div.append(name);
    const line = document.createElement("div");
    line.className = "line";
    const stack = hand ? hand.stacks[p.seat] - hand.committed[p.seat] : p.stack;
    let status = !p.at_table ? (p.stack > 0 ? "left safe" : "out") : folded ? "folded" : "";
    if (dealt && !folded && hand.committed[p.seat] === hand.cap && hand.phase !== "done") status = "at the cap";
    line.textContent = `${stack} chips` + (dealt ? ` · in ${hand.committed[p.seat]}` : "") + (status ? ` · ${status}` : "");
    div.append(line);
    const cards = document.createElement("div");
    cards.className = "cards";
    if (p.seat === msg.seat && hand && hand.private) cards.append(...hand.private.map((n) => cardEl(n, true)));
    else if (shown[p.seat]) cards.append(...shown[p.seat].private.map((n) => cardEl(n, true)));
    else if (dealt && !folded && !(hand.result)) cards.append(cardEl(null, true), cardEl(null, true));
    div.append(cards);
    if (shown[p.seat]) {
      const h = document.createElement("div");
      h.className = "line";
      h.textContent = shown[p.seat].hand + (shown[p.seat].sniped ? " — SNIPED" : "");
      div.append(h);
    }
    return div;
  }));
}

function renderHelper(hand) {
  const el = $("helper");
  el.classList.remove("warn");
  if (!$("helper-toggle").checked || !hand.best) { el.textContent = ""; return; }
  const b = hand.best;
  let text = (b.final ? "Your best hand: " : "Your best hand so far: ") + b.name;
  if (b.sniped_by.length) {
    const who = b.sniped_by.map((s) => last.players[s].name).join(", ");
    text += ` — WARNING: sniped by ${who}`;
    el.classList.add("warn");
  }
  el.textContent = text;
}

function renderTurn(msg) {
  const hand = msg.hand;
  const mine = msg.status === "playing" && hand.to_act === msg.seat;
  const acting = hand.to_act === null || msg.status !== "playing" ? null : msg.players[hand.to_act];
  $("turn-line").textContent = acting === null ? "" : mine ? (hand.turn_kind === "snipe" ? "Your snipe" : "Your turn")
    : `${acting.name} to ${hand.turn_kind === "snipe" ? "snipe" : "act"}`;
  $("rule-seconds").textContent = msg.turn_seconds;
  clock = msg.deadline === null ? null : {end: Date.now() + msg.deadline * 1000, total: msg.turn_seconds, mine};
  tick();
  const actions = $("actions");
  if (mine && hand.turn_kind === "bet") {
    actions.replaceChildren(...hand.legal.map((a) => {
      const b = document.createElement("button");
      b.textContent = a;
      b.dataset.action = a;
      b.onclick = () => send({type: "act", turn: msg.turn, action: a});
      return b;
    }));
  } else actions.replaceChildren();
  $("snipe-box").classList.toggle("hidden", !(mine && hand.turn_kind === "snipe"));
}

function renderSnipes(hand) {
  const names = hand.snipes.map((s) => `${last.players[s.seat].name}: ${s.name === null ? "pass" : s.name}`);
  $("snipes-made").textContent = names.length ? "Snipes: " + names.join(" · ") : "";
}

function renderResult(msg) {
  const hand = msg.hand;
  const box = $("result");
  $("deal").classList.toggle("hidden", msg.status !== "between");
  if (!hand.result) {
    box.classList.add("hidden");
    resultEnd = null;
  } else {
    box.classList.remove("hidden");
    const r = hand.result;
    const names = r.winners.map((s) => msg.players[s].name).join(" and ");
    const won = r.winners.map((s) => `${msg.players[s].name} +${r.payout[s]}`).join(", ");
    $("result-text").textContent = r.showdown === null
      ? `${names} won the pot of ${hand.pot}: everyone else folded (no cards shown).`
      : `${names} won at the showdown (${won}).`;
    if (msg.status === "between" && resultEnd === null) resultEnd = Date.now() + msg.result_seconds * 1000;
  }
  $("over").classList.toggle("hidden", msg.status !== "over");
  if (msg.status === "over" && msg.standings) {
    const st = msg.standings;
    const who = st.winners.map((s) => msg.players[s].name).join(" and ");
    $("over-text").textContent = (st.draw ? `Draw between ${who}` : `${who} won the game`) + ` after ${st.hands} hands. Chips: `
      + msg.players.map((p) => `${p.name} ${st.stacks[p.seat]}`).join(", ");
  }
}

const ROUND_NAMES = {1: "round 1", 2: "round 2"};

function addLog(text) {
  const li = document.createElement("li");
  li.textContent = text;
  $("log").prepend(li);
}

function renderLog(msg) {
  const hand = msg.hand;
  const name = (s) => msg.players[s].name;
  if (hand.hand !== logged.hand) {
    logged = {hand: hand.hand, bets: 0, snipes: 0, timeout: logged.timeout, result: logged.result};
    addLog(`Hand ${hand.hand + 1}: ${name(hand.first)} is 1st.`);
  }
  const t = msg.last_timeout;
  if (t && t.turn !== logged.timeout) {
    logged.timeout = t.turn;
    addLog(`${name(t.seat)} ran out of time: ${t.choice}.`);
  }
  for (const b of hand.bets.slice(logged.bets)) addLog(`${name(b.seat)}: ${b.action}${b.chips ? ` (${b.chips})` : ""} — ${ROUND_NAMES[b.round]}`);
  logged.bets = hand.bets.length;
  for (const s of hand.snipes.slice(logged.snipes)) addLog(`${name(s.seat)}: ${s.name === null ? "pass" : "snipes " + s.name}`);
  logged.snipes = hand.snipes.length;
  if (hand.result && logged.result !== hand.hand) {
    logged.result = hand.hand;
    addLog($("result-text").textContent);
  }
}

function tick() {
  const now = Date.now();
  if (clock) {
    const left = Math.max(0, (clock.end - now) / 1000);
    $("timer").textContent = `${Math.ceil(left)} s`;
    $("timer-fill").style.width = `${(100 * left) / clock.total}%`;
  } else {
    $("timer").textContent = "–";
    $("timer-fill").style.width = "0";
  }
  $("next-in").textContent = resultEnd === null ? "" : `next hand in ${Math.max(0, Math.ceil((resultEnd - now) / 1000))} s`;
}

// ----- start page -------------------------------------------------------------------------------

function fillSnipeSelects() {
  for (const [code, name] of info.snipes.entries()) {
    const [top, ...rest] = name.split(" ");
    const type = rest.join(" ");
    let entry = SNIPE_TYPES.find((t) => t.type === type);
    if (!entry) SNIPE_TYPES.push(entry = {type, tops: []});
    entry.tops.push({top: Number(top), code});
  }
  $("snipe-type").replaceChildren(...SNIPE_TYPES.map((t, i) => new Option(t.type, i)));
  const fillTops = () => {
    const t = SNIPE_TYPES[$("snipe-type").value];
    $("snipe-top").replaceChildren(...t.tops.map((x) => new Option(String(x.top), x.code)));
  };
  $("snipe-type").onchange = fillTops;
  fillTops();
}

async function init() {
  info = await (await fetch("/api/info")).json();
  for (const sel of document.querySelectorAll(".levels")) {
    sel.replaceChildren(...info.levels.map((l) => new Option(l, l)));
    sel.value = "normal";
  }
  fillSnipeSelects();
  $("helper-toggle").onchange = () => last && last.hand && renderHelper(last.hand);
  $("snipe-go").onclick = () => send({type: "snipe", turn: last.turn, code: Number($("snipe-top").value)});
  $("snipe-pass").onclick = () => send({type: "snipe", turn: last.turn, code: -1});
  $("deal").onclick = () => send({type: "deal"});
  $("start-game").onclick = () => send({type: "start"});
  $("again").onclick = () => { location.href = "/"; };
  const options = () => ({name: $("name").value, rules: $("rules").value, length: $("length").value});
  const go = async (fn) => {
    try { remember(await fn()); connect(); } catch (e) { $("start-error").textContent = e.message; }
  };
  $("solo").onclick = () => go(() => post("/api/solo", {...options(), players: Number($("players").value), level: $("level").value}));
  $("create").onclick = () => go(() => post("/api/rooms", {...options(), seats: Number($("seats").value), ai: [$("room-level").value]}));
  $("join").onclick = () => go(() => post(`/api/rooms/${encodeURIComponent($("join-code").value.trim())}/join`, {name: $("name").value}));
  setInterval(tick, 200);
  const room = new URLSearchParams(location.search).get("room");
  if (room) {
    const saved = localStorage.getItem("sniper:" + room);
    if (saved) { remember(JSON.parse(saved)); connect(); return; }
    $("join-code").value = room;
  }
  show("start");
}

init();
