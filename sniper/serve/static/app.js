// Browser client of `sniper serve`: renders the `state` messages of one seat and sends its moves, or a spectator's
// (read only, `?room=CODE&watch=TOKEN`); the room's spectator link and history download come from room.js.
// Protocol: docs/serve-protocol.md. No build step, no dependencies.
"use strict";

const $ = (id) => document.getElementById(id);
let info = null;          // GET /api/info
let socket = null;
let session = null;       // {room, seat, token, watch}, or a spectator's {room, watch, watching}
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
  socket.onopen = () => { retry = 0; socket.send(JSON.stringify(ROOM.hello(session))); };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") render(msg);
    else if (msg.type === "error") $("error").textContent = msg.message;
  };
  socket.onclose = (ev) => {
    if (ev.code === 1008 || ev.code === 4000 || (last && last.status === "over")) {
      if (ev.code === 1008) {
        $("start-error").textContent = session.watching ? "This spectator link is not valid (the room may be closed)."
          : "This seat's token is not valid here.";
        show("start");
      }
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
  $("owed").textContent = hand.to_call === null ? "\u2013" : hand.to_call;   // a spectator owes nothing
  $("phase").textContent = hand.phase;
  $("hand-no").textContent = `${hand.hand + 1}` + (msg.length === "bust" ? "" : ` of ${msg.length}`);
  // not dealt in (out, or left the table), or a spectator: no cards to show
  $("me").classList.toggle("hidden", !(hand.private && hand.private.length));
  $("private").replaceChildren(...(hand.private || []).map((n) => cardEl(n)));
  renderHelper(hand);
  renderTurn(msg);
  renderSnipes(hand);
  renderResult(msg);
  renderOut(msg);
  renderLog(msg);
  renderTools(msg);
}

function renderTools(msg) {
  // The history download and, for a seat, the room's spectator link.
  $("room-tools").classList.toggle("hidden", !msg.hand);
  const watch = !session.watching && session.watch;
  $("watch-line").classList.toggle("hidden", !watch);
  if (watch) $("watch-link").textContent = ROOM.spectatorLink("/", session);
}

const KIND_NAMES = {human: "person", bot: "bot", ai: "AI", open: "open"};

function kindTag(p) {
  // Who plays a seat, from the server's `kind` (never from the name: a person may call themselves "AI 2 (hard)").
  const tag = document.createElement("span");
  tag.className = "kind kind-" + p.kind;
  tag.textContent = KIND_NAMES[p.kind] + (p.kind === "ai" && p.level ? ` · ${p.level}` : "");
  return tag;
}

function rulesText(msg) {
  const length = msg.length === "bust" ? "until one has every chip" : `${msg.length} hands`;
  return `Rules: ${msg.rules === "show" ? "the show (leave at 75)" : "ours"} · game: ${length}`;
}

function renderLobby(msg) {
  show("lobby");
  $("lobby-code").textContent = msg.room;
  $("lobby-link").textContent = `${location.origin}/?room=${msg.room}`;
  $("lobby-rules").textContent = rulesText(msg);
  $("lobby-players").replaceChildren(...msg.players.map((p) => {
    const li = document.createElement("li");
    li.textContent = p.kind === "open" ? "(open: AI at the start)" : `${p.name}${p.seat === msg.seat ? " (you)" : ""} `;
    if (p.kind !== "open") li.append(kindTag(p));
    return li;
  }));
  $("start-game").classList.toggle("hidden", msg.seat !== msg.host);
  $("lobby-wait").classList.toggle("hidden", msg.seat === msg.host);
  const watch = !session.watching && session.watch;
  $("lobby-watch").classList.toggle("hidden", !watch);
  if (watch) $("lobby-watch-link").textContent = ROOM.spectatorLink("/", session);
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
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = p.name + (p.seat === msg.seat ? " (you)" : "") + (p.connected ? "" : " · away");
    name.append(who, kindTag(p));
    if (hand && hand.first === p.seat) { const b = document.createElement("span"); b.className = "badge"; b.textContent = "1st"; name.append(b); }
    div.append(name);
    const line = document.createElement("div");
    line.className = "line chips";
    const result = hand && hand.result;
    // chips now: before the hand minus what is in the pot while it is played; after it, with what it won
    const stack = !hand ? p.stack : result ? result.stacks_after[p.seat] : hand.stacks[p.seat] - hand.committed[p.seat];
    let status = !p.at_table ? (p.stack > 0 ? "left safe" : "out") : folded ? "folded" : "";
    if (dealt && !folded && hand.committed[p.seat] === hand.cap && hand.phase !== "done") status = "at the cap";
    const net = dealt && result ? result.stacks_after[p.seat] - hand.stacks[p.seat] : null;
    const put = dealt && !result ? ` · in ${hand.committed[p.seat]}` : net !== null ? ` · ${net > 0 ? "+" : ""}${net}` : "";
    line.textContent = `${stack} chips` + put + (status ? ` · ${status}` : "");
    div.append(line);
    const cards = document.createElement("div");
    cards.className = "cards";
    if (p.seat === msg.seat) { /* your own cards are shown once, big, under the board */ }
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
    const who = b.sniped_by.map((s) => (s === last.seat ? "you" : last.players[s].name)).join(", ");
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
    actions.replaceChildren(...hand.options.map((o) => {
      const b = document.createElement("button");
      b.textContent = buttonText(o);
      b.title = o.chips ? `puts in ${o.chips} chip${o.chips === 1 ? "" : "s"}; the bet is then ${o.level_after}` : o.action;
      b.dataset.action = o.action;
      b.onclick = () => send({type: "act", turn: msg.turn, action: o.action});
      return b;
    }));
  } else actions.replaceChildren();
  $("snipe-box").classList.toggle("hidden", !(mine && hand.turn_kind === "snipe"));
}

function buttonText(o) {
  // "call 3" (chips put in), "+3 → 6" (the bet B after the raise), "all-in 12" (chips put in): R6
  if (o.action === "call" || o.action === "all-in") return `${o.action} ${o.chips}`;
  if (o.action.startsWith("+")) return `${o.action} → ${o.level_after}`;
  return o.action;
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
    const name = (s) => (s === msg.seat ? "You" : msg.players[s].name);
    const names = r.winners.map(name).join(" and ");
    const won = r.winners.map((s) => `${name(s)} +${r.payout[s]}`).join(", ");
    const hands = [...new Set(r.showdown === null ? [] : r.showdown.filter((x) => r.winners.includes(x.seat)).map((x) => x.hand))];
    $("result-text").textContent = r.showdown === null
      ? `${names} won the pot of ${hand.pot}: everyone else folded (no cards shown).`
      : `${names} won with ${hands.join(" / ")} at the showdown (${won}).`;
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

function renderOut(msg) {
  // You are no longer at the table (out of chips, or left safe under the show's rules) while the game goes on.
  const me = msg.players[msg.seat];
  const out = me !== undefined && !me.at_table && msg.status !== "over" && msg.status !== "closed";
  $("out").classList.toggle("hidden", !out);
  if (out) {
    $("out-text").textContent = me.stack > 0
      ? `You left the table safe with ${me.stack} chips; the game goes on without you.`
      : "You are out of chips (busted); the game goes on without you.";
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

function leave() {
  // Stop playing the current seat (no reconnect); the server plays its turns by the timeout rule.
  if (socket) { socket.onclose = null; socket.close(1000, "left"); socket = null; }
  last = null;
  session = null;
  logged = {hand: -1, bets: 0, snipes: 0, timeout: null, result: -1};
  $("log").replaceChildren();
  $("room-label").textContent = "";
}

async function showRoom(code) {
  // The rules and length of a room one is about to join (chosen by its creator).
  const el = $("join-room");
  el.textContent = "";
  if (!code) return;
  const res = await fetch(`/api/rooms/${encodeURIComponent(code)}`);
  if (!res.ok) { el.textContent = "no such room"; return; }
  const room = await res.json();
  const taken = room.players.filter((p) => p.kind !== "open").length;
  el.textContent = `${rulesText(room)} · ${taken} of ${room.players.length} seats taken · ${room.status}`;
}

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
  $("room-foot").replaceWith(...ROOM.nodes(ROOM.FOOT));
  info = await (await fetch("/api/info")).json();
  for (const sel of document.querySelectorAll(".levels")) {
    sel.replaceChildren(...info.levels.map((l) => new Option(l, l)));
    sel.value = "normal";
  }
  $("seats").replaceChildren(...info.seats.map((n) => new Option(n, n, n === 4, n === 4)));
  fillSnipeSelects();
  $("helper-toggle").onchange = () => last && last.hand && renderHelper(last.hand);
  $("snipe-go").onclick = () => send({type: "snipe", turn: last.turn, code: Number($("snipe-top").value)});
  $("snipe-pass").onclick = () => send({type: "snipe", turn: last.turn, code: -1});
  $("deal").onclick = () => send({type: "deal"});
  $("history").onclick = async () => {
    if (!await ROOM.downloadHistory(session)) $("error").textContent = "The history cannot be downloaded now.";
  };
  $("start-game").onclick = () => send({type: "start"});
  const options = () => ({name: $("name").value, rules: $("rules").value, length: $("length").value});
  const go = async (fn) => {
    try { leave(); remember(await fn()); connect(); } catch (e) { show("start"); $("start-error").textContent = e.message; }
  };
  const soloGame = () => {
    const body = {...options(), players: Number($("players").value), level: $("level").value};
    localStorage.setItem("sniper:solo", JSON.stringify(body));
    return go(() => post("/api/solo", body));
  };
  const againGame = () => {   // the same game against the computer once more
    const saved = JSON.parse(localStorage.getItem("sniper:solo") || "null");
    return saved ? go(() => post("/api/solo", saved)) : soloGame();
  };
  $("again").onclick = againGame;
  $("out-again").onclick = againGame;
  $("leave").onclick = () => { leave(); location.href = "/"; };
  $("solo").onclick = soloGame;
  $("create").onclick = () => go(() => post("/api/rooms", {...options(), seats: Number($("seats").value), ai: [$("room-level").value]}));
  $("join").onclick = () => go(() => post(`/api/rooms/${encodeURIComponent($("join-code").value.trim())}/join`, {name: $("name").value}));
  setInterval(tick, 200);
  const watch = (s) => { session = s; connect(); };
  const rejoin = (s) => { remember(s); connect(); };
  if (ROOM.arrive(watch, rejoin, (room) => { $("join-code").value = room; showRoom(room); })) return;
  $("join-code").onchange = () => showRoom($("join-code").value.trim());
  show("start");
}

init();
