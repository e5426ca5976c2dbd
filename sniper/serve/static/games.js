// The lobby's list of the games this server hosts (GET /api/info "games"), each with its page and its rules.
"use strict";

(async () => {
  const list = document.getElementById("games");
  if (!list) return;
  const info = await (await fetch("/api/info")).json();
  list.replaceChildren(...info.games.map((g) => {
    const li = document.createElement("li");
    const play = document.createElement("a");
    play.href = g.page;
    play.textContent = g.title;
    play.className = "game-link";
    play.dataset.game = g.name;
    const rules = document.createElement("a");
    rules.href = g.rules_url;
    rules.textContent = "rules";
    rules.target = "_blank";
    rules.rel = "noopener noreferrer";
    li.append(play, ` (${g.seats[0]}-${g.seats[g.seats.length - 1]} players) \u00b7 `, rules);
    return li;
  }));
})();
