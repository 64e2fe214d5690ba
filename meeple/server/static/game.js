// The game page: one WebSocket for this seat (or a spectator); the server sends this seat's update
// (board, events, choices) after every move, and the page sends the chosen action with the move number
// it answers, so a retry or a second tab can never make the same move twice.
"use strict";
const gid = location.pathname.split("/").pop();
const params = new URLSearchParams(location.search);
const token = params.get("token") || "";
let socket = null;
let last = null;
let retry = 500;
let picked = [];  // the board things picked so far for an action that names several (origin, then destination)

function send(msg) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

function choose(choice) {
  $("error").textContent = "";
  picked = [];
  for (const b of document.querySelectorAll("#choices button")) b.disabled = true;
  for (const t of document.querySelectorAll("#board .target, #board .picked")) t.classList.remove("target", "picked");
  send({ type: "act", move: last.move_number, action: choice.action });
}

// The choices still open after the board things picked so far.
function openChoices(u) {
  return u.choices.filter((c) => picked.every((t, i) => c.targets[i] === t));
}

// Highlight every board thing that is the next pick of an open choice; mark those already picked.
function markTargets(u) {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  for (const t of svg.querySelectorAll(".target, .picked")) t.classList.remove("target", "picked");
  const next = new Set(openChoices(u).filter((c) => c.targets.length > picked.length).map((c) => c.targets[picked.length]));
  for (const g of svg.querySelectorAll("[data-thing]")) {
    const thing = g.getAttribute("data-thing");
    if (next.has(thing)) g.classList.add("target");
    if (picked.includes(thing)) g.classList.add("picked");
  }
}

function pick(thing) {
  if (!last || !last.choices.length) return;
  picked.push(thing);
  const open = openChoices(last);
  const done = open.filter((c) => c.targets.length === picked.length);
  if (open.length === 0) { picked = []; }
  else if (open.length === 1 && done.length === 1) { choose(done[0]); return; }
  drawChoices(last);
}

function onBoardClick(ev) {
  const g = ev.target.closest("[data-thing]");
  if (g && g.classList.contains("target")) { pick(g.getAttribute("data-thing")); return; }
  if (picked.length) { picked = []; drawChoices(last); }  // a click beside the targets starts again
}

function drawChoices(u) {
  const box = $("choices");
  box.replaceChildren();
  markTargets(u);
  if (u.over) {
    $("prompt").textContent = "The game is over";
    return;
  }
  if (!u.choices.length) {
    $("prompt").textContent = u.waiting_for.length ? `Waiting for ${u.waiting_for.join(", ")}…` : "Waiting…";
    return;
  }
  $("prompt").textContent = u.prompt;
  const button = (c) => { const b = el("button", { class: "choice", text: c.label }); b.onclick = () => choose(c); return b; };
  if (picked.length) {  // part of an action picked on the board: the rest of it, or start again
    const open = openChoices(u);
    const done = open.filter((c) => c.targets.length === picked.length);
    $("prompt").textContent = done.length > 1 ? `${u.prompt}: which one?` : `${u.prompt}: pick the next place on the board`;
    for (const c of done) box.append(button(c));
    const again = el("button", { class: "choice", text: "↶ start this move again" });
    again.onclick = () => { picked = []; drawChoices(u); };
    box.append(again);
    return;
  }
  const groups = [...new Set(u.choices.map((c) => c.group))];
  if (u.choices.length > 20 && groups.length > 1 && groups.every((g) => g)) {
    for (const g of groups) {
      const items = u.choices.filter((c) => c.group === g);
      box.append(el("details", {}, el("summary", { text: `${g} (${items.length})` }), ...items.map(button)));
    }
  } else {
    for (const c of u.choices) box.append(button(c));
  }
}

function drawSeats(u) {
  const box = $("seatlist");
  box.replaceChildren();
  for (const s of u.seats) {
    box.append(el("span", { class: s.to_move ? "tomove" : "", text: `${s.name}${s.person ? "" : " (bot)"}` }));
  }
}

// What the new events touched is marked on the board for a moment (it stays in the log).
function markRecent(events) {
  const things = new Set(events.flatMap((e) => e.marks || []));
  for (const g of $("board").querySelectorAll("[data-thing]")) {
    if (things.has(g.getAttribute("data-thing"))) g.classList.add("recent");
  }
  if (things.size) setTimeout(() => { for (const g of $("board").querySelectorAll(".recent")) g.classList.remove("recent"); }, 2500);
}

function onUpdate(u, fresh) {
  if (!last || u.move_number !== last.move_number) picked = [];
  last = u;
  document.title = `meeple: ${u.name}`;
  $("status").textContent = `${u.status} · move ${u.move_number}` + (u.seat === null ? " · watching" : ` · you are ${u.name}`);
  // Both drawn by the server from this seat's view alone: the SVG board when the game has one, and
  // the text board (under it, folded, when there is a drawing).
  $("board").innerHTML = u.svg || u.board;
  $("textboard").hidden = !u.svg;
  if (u.svg) $("textboardbody").innerHTML = u.board;  // sent only while the text board is open
  if (!fresh) markRecent(u.events);
  if (fresh) $("log").replaceChildren();
  for (const e of u.events) $("log").append(el("div", { text: e.text }));
  $("log").scrollTop = $("log").scrollHeight;
  drawSeats(u);
  drawChoices(u);
  $("seatctl").hidden = u.seat === null || u.over;
  const replay = u.status === "finished" || u.status === "imported";
  $("replay").hidden = !replay;
  if (replay) {
    $("moveslider").max = u.total_moves;
    if (fresh) $("moveslider").value = u.move_number;
    $("movelabel").textContent = `move ${u.move_number} of ${u.total_moves}`;
  }
  if (u.result) {
    const lines = u.result.scores.map((s, i) => `${u.seats[i].name}: ${s} (place ${u.result.ranks[i]})`);
    $("prompt").textContent = "Final result: " + lines.join(" · ");
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${proto}://${location.host}/ws/${gid}?token=${encodeURIComponent(token)}`);
  let fresh = true;
  socket.onopen = () => {
    retry = 500;
    $("error").textContent = "";
    if ($("textboard").open) send({ type: "textboard", on: true });
  };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "update") { onUpdate(msg, fresh || msg.log_size < (last ? last.log_size : 0)); fresh = false; }
    else if (msg.type === "error") {
      // An answer that a newer update overtook (a bot moved meanwhile, a double click): the server
      // refused it and the newer update is on its way, so there is nothing to tell the person.
      if (!/has moved since/.test(msg.message)) $("error").textContent = msg.message;
      if (last) drawChoices(last);
    }
  };
  socket.onclose = (ev) => {
    // no such game or seat, or a game saved under rules it cannot go on by: retrying will not help
    if (ev.code === 4403 || ev.code === 4404 || ev.code === 4409) return;
    $("error").textContent = "Connection lost; reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

async function join(ev) {
  ev.preventDefault();
  const r = await fetch(`/api/games/${gid}/claim`, {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, name: $("joinname").value }),
  });
  if (!r.ok) { $("error").textContent = (await r.json()).detail; return; }
  localStorage.setItem("named-" + gid, "1");
  $("join").hidden = true;
  connect();
}

function showInvites() {
  const invites = JSON.parse(sessionStorage.getItem("invites-" + gid) || "{}");
  const list = $("invitelist");
  for (const [seat, path] of Object.entries(invites)) {
    list.append(el("div", {}, `Seat ${Number(seat) + 1}: `, el("span", { class: "invite", text: location.origin + path })));
  }
  $("invites").hidden = Object.keys(invites).length === 0;
}

async function start() {
  const info = await (await fetch(`/api/games/${gid}`)).json();
  $("title").textContent = info.title;
  $("export").href = `/api/games/${gid}/record`;
  $("away").onclick = () => { send({ type: "away", level: "normal" }); $("away").hidden = true; $("back").hidden = false; };
  $("back").onclick = () => { send({ type: "back" }); $("back").hidden = true; $("away").hidden = false; };
  $("board").addEventListener("click", onBoardClick);
  $("textboard").addEventListener("toggle", () => send({ type: "textboard", on: $("textboard").open }));
  $("moveslider").addEventListener("change", () => send({ type: "goto", move: Number($("moveslider").value) }));
  showInvites();
  if (token && !localStorage.getItem("named-" + gid)) {
    $("join").hidden = false;
    $("joinform").addEventListener("submit", join);
    return;
  }
  connect();
}
start();
