// The lobby: create a game from the games' declared options, list the games, import a record to watch.
"use strict";
let catalogue = { games: [], levels: [] };

function currentGame() { return catalogue.games.find((g) => g.id === $("game").value); }

function drawOptions() {
  const g = currentGame();
  const box = $("options");
  box.replaceChildren();
  for (const o of g.options) {
    const id = "opt-" + o.name;
    let input;
    if (typeof o.default === "boolean") {
      input = el("input", { type: "checkbox", id });
      input.checked = o.default;
    } else if (o.choices) {
      input = el("select", { id });
      for (const c of o.choices) input.append(el("option", { value: c, text: c }));
      input.value = o.default;
    } else {
      input = el("input", { id, value: String(o.default), placeholder: o.allowed });
    }
    input.dataset.name = o.name;
    box.append(el("div", { class: "seatrow" }, el("label", { title: o.help || "" }, o.name + " ", input),
      el("span", { class: "muted", text: o.help || o.allowed })));
  }
  const players = $("players");
  const keep = players.value;
  players.replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) players.append(el("option", { value: n, text: n }));
  players.value = keep && keep >= g.min_players && keep <= g.max_players ? keep : Math.min(Math.max(3, g.min_players), g.max_players);
  drawSeats();
}

function drawSeats() {
  const n = Number($("players").value);
  const box = $("seats");
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const kind = el("select", { "data-seat": i, class: "kind" });
    if (i === 0) kind.append(el("option", { value: "person", text: "you" }));
    else {
      kind.append(el("option", { value: "bot", text: "bot" }));
      kind.append(el("option", { value: "person", text: "a friend (invite)" }));
    }
    const level = el("select", { class: "level" });
    for (const l of catalogue.levels) level.append(el("option", { value: l, text: l }));
    level.value = "normal";
    level.hidden = i === 0;
    kind.addEventListener("change", () => { level.hidden = kind.value !== "bot"; });
    box.append(el("div", { class: "seatrow" }, el("span", { text: `Seat ${i + 1}` }), kind, level));
  }
}

async function create(ev) {
  ev.preventDefault();
  $("create-error").textContent = "";
  const options = {};
  for (const input of $("options").querySelectorAll("[data-name]")) {
    options[input.dataset.name] = input.type === "checkbox" ? input.checked : input.value;
  }
  const seats = [...$("seats").querySelectorAll(".seatrow")].map((row) => ({
    kind: row.querySelector(".kind").value, level: row.querySelector(".level").value,
  }));
  const body = { game: $("game").value, options, seats, name: $("name").value };
  const r = await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const doc = await r.json();
  if (!r.ok) { $("create-error").textContent = doc.error || JSON.stringify(doc.detail); return; }
  sessionStorage.setItem("invites-" + doc.id, JSON.stringify(doc.invites));
  localStorage.setItem("named-" + doc.id, "1");
  location.href = `/game/${doc.id}?token=${encodeURIComponent(doc.token)}`;
}

async function listGames() {
  const rows = await (await fetch("/api/games")).json();
  const body = $("games");
  body.replaceChildren();
  for (const g of rows) {
    const seats = g.seats.map((s) => s.name).join(", ");
    let status = g.status;
    if (g.unknown_game) status += ` (a game this meeple does not have: it cannot be opened here)`;
    else if (g.older_rules) status += ` (saved under rules version ${g.rules})`;
    const link = g.unknown_game ? el("td", {}) : el("td", {}, el("a", { href: `/game/${g.id}`, text: "watch" }));
    body.append(el("tr", {}, el("td", { text: g.title }), el("td", { text: seats }), el("td", { text: status }), link));
  }
}

async function importRecord() {
  $("import-error").textContent = "";
  const file = $("record").files[0];
  if (!file) return;
  let record;
  try { record = JSON.parse(await file.text()); } catch (e) { $("import-error").textContent = "not a JSON file"; return; }
  const r = await fetch("/api/records", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ record }) });
  const doc = await r.json();
  if (!r.ok) { $("import-error").textContent = doc.error || JSON.stringify(doc.detail); return; }
  location.href = `/game/${doc.id}`;
}

async function start() {
  catalogue = await (await fetch("/api/catalogue")).json();
  for (const g of catalogue.games) $("game").append(el("option", { value: g.id, text: g.title }));
  $("game").value = "elgrande";
  $("game").addEventListener("change", drawOptions);
  $("players").addEventListener("change", drawSeats);
  $("create").addEventListener("submit", create);
  $("record").addEventListener("change", importRecord);
  drawOptions();
  listGames();
}
start();
