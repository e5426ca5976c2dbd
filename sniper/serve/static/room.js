// What both clients of `sniper serve` (Sniper Hold'em's app.js, the other games' table.js) do alike with a room
// beyond their seat: its spectator link (read only: `?room=CODE&watch=TOKEN`, the room's watch token) and the download
// of its history (POST /api/rooms/{room}/history with the seat's token or the watch token: the hands finished so far as
// PHH, or JSON for Saint Poker, what the seat or spectator may not know hidden), what the page's address asks for
// (`arrive`), and the markup at the foot of both pages (`FOOT`: the game's end and the room's tools, `nodes`).
// Protocol: docs/serve-protocol.md.
"use strict";

const ROOM = {
  FOOT: `<div id="over" class="hidden">
      <div id="over-text"></div>
      <button id="again">New game against the computer</button>
    </div>
    <div id="room-tools" class="hidden">
      <button id="history">Download the history</button>
      <span id="watch-line" class="hidden">Spectator link: <code id="watch-link"></code></span>
    </div>
    <ul id="log"></ul>`,

  nodes(html) {
    // The nodes of the clients' own constant markup (never a server's or a user's text).
    const t = document.createElement("template");
    t.innerHTML = html;
    return t.content.childNodes;
  },

  arrive(watch, rejoin, join) {
    // Act on this page's address: a spectator link (`?room=CODE&watch=TOKEN`) calls `watch(session)` (read only,
    // nothing kept); `?room=CODE` whose seat this browser kept (localStorage "sniper:CODE") `rejoin(session)`; another
    // `?room=CODE` `join(code)`. True when the page goes straight to the room (watching or seated again).
    const watching = ROOM.spectating();
    if (watching) {
      document.getElementById("room-label").textContent = "watching room " + watching.room;
      watch(watching);
      return true;
    }
    const room = new URLSearchParams(location.search).get("room");
    const saved = room && localStorage.getItem("sniper:" + room);
    if (saved) {
      rejoin(JSON.parse(saved));
      return true;
    }
    if (room) join(room);
    return false;
  },

  spectatorLink(page, session) {
    // The spectator link of `session`'s room on `page` ("/" or "/play/GAME").
    const sep = page.includes("?") ? "&" : "?";
    return `${location.origin}${page}${sep}room=${encodeURIComponent(session.room)}&watch=${encodeURIComponent(session.watch)}`;
  },

  spectating() {
    // The spectator session of this page's address ({room, watch, watching}), or null.
    const params = new URLSearchParams(location.search);
    const room = params.get("room");
    const watch = params.get("watch");
    return room && watch ? {room, watch, watching: true} : null;
  },

  hello(session) {
    // The first message on the room's socket: a seat's hello, or a spectator's watch.
    return session.watching ? {type: "watch", token: session.watch} : {type: "hello", token: session.token};
  },

  async downloadHistory(session) {
    // Save the room's history as a file; false when the server refuses it.
    const token = session.watching ? session.watch : session.token;
    const res = await fetch(`/api/rooms/${encodeURIComponent(session.room)}/history`,
      {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({token})});
    if (!res.ok) return false;
    const named = /filename="([\w.-]+)"/.exec(res.headers.get("Content-Disposition") || "");
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = named ? named[1] : "history";
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    return true;
  },
};
