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

function send(msg) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

function choose(choice) {
  $("error").textContent = "";
  for (const b of document.querySelectorAll("#choices button")) b.disabled = true;
  send({ type: "act", move: last.move_number, action: choice.action });
}

function drawChoices(u) {
  const box = $("choices");
  box.replaceChildren();
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

function onUpdate(u, fresh) {
  last = u;
  document.title = `meeple: ${u.name}`;
  $("status").textContent = `${u.status} · move ${u.move_number}` + (u.seat === null ? " · watching" : ` · you are ${u.name}`);
  $("board").innerHTML = u.board;  // HTML rendered by the server from this seat's view alone
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
  socket.onopen = () => { retry = 500; $("error").textContent = ""; };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "update") { onUpdate(msg, fresh || msg.log_size < (last ? last.log_size : 0)); fresh = false; }
    else if (msg.type === "error") {
      $("error").textContent = msg.message;
      if (last) drawChoices(last);
    }
  };
  socket.onclose = (ev) => {
    if (ev.code === 4403 || ev.code === 4404) return;  // no such game or seat: retrying will not help
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
