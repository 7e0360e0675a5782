// A seat's page: one WebSocket to the server, which sends this seat's screen after every move
// (built from this seat's view only) and takes its answers. Everything is drawn with textContent:
// nothing the server sends is read as HTML.
"use strict";

const token = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
let socket = null;
let thinkingSince = null;
let thinkingTimer = null;
let retry = 500;
// The game's board in HTML is drawn; the table as text beside it is sent only while it is unfolded
// (textOn: what the server was told).
let htmlBoard = false;
let textOn = false;

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  else showError("Not connected: nothing was sent. The page reconnects on its own; try again then.");
}

function connected(yes) {
  // While the connection is down, the answers cannot be sent: the controls say so by being off.
  for (const control of document.querySelectorAll("#decision button, #typed input, #take")) control.disabled = !yes;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/${token}`);
  socket.onopen = () => {
    retry = 500;
    $("status").textContent = "";
    connected(true);
    if ($("lang").value !== "en") send({ type: "lang", lang: $("lang").value });
    if (textOn) send({ type: "text", on: true });
  };
  socket.onmessage = (event) => handle(JSON.parse(event.data));
  socket.onclose = (event) => {
    connected(false);
    if (event.code === 1008) { $("status").textContent = "This link does not open a game here."; return; }
    $("status").textContent = "Connection lost: reconnecting…";
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function handle(m) {
  if (m.type === "screen") return drawScreen(m);
  if (m.type === "handover") return drawHandover(m);
  if (m.type === "thinking") return startThinking(m.seats);
  if (m.type === "explain") { const e = $("explain"); e.textContent = m.text; e.hidden = false; return; }
  if (m.type === "error") { showError(m.message); if (m.fatal) $("status").textContent = m.message; }
}

function showError(text) {
  const e = $("error");
  e.textContent = text;
  e.hidden = false;
}

function startThinking(seats) {
  stopThinking();
  thinkingSince = Date.now();
  const line = $("thinking");
  const draw = () => {
    const s = ((Date.now() - thinkingSince) / 1000).toFixed(1);
    line.textContent = `${seats.join(", ")} ${seats.length > 1 ? "are" : "is"} thinking… ${s} s`;
  };
  draw();
  line.hidden = false;
  thinkingTimer = setInterval(draw, 100);
}

function stopThinking() {
  if (thinkingTimer) clearInterval(thinkingTimer);
  thinkingTimer = null;
  $("thinking").hidden = true;
}

function drawHandover(m) {
  // Nothing of the last person's view stays in the page, shown or not: the next person has it now.
  stopThinking();
  $("game").hidden = true;
  $("handover").hidden = false;
  $("handover-text").textContent = m.text;
  for (const id of ["log", "options", "seats"]) $(id).replaceChildren();
  for (const id of ["board", "prompt", "explain", "result", "you", "turn", "error"]) $(id).textContent = "";
  $("board-html").replaceChildren();
  $("decision").hidden = true;
  document.title = `${m.title}: hand over to ${m.to}`;
}

let wasMyTurn = false;

function signalTurn(m) {
  // "Your turn": the tab's title always; a short tone and a notification when the person asked.
  const mine = Boolean(m.decision);
  if (mine && !wasMyTurn && document.hidden) {
    if ($("sound").checked) beep();
    if ($("notify").checked && "Notification" in window && Notification.permission === "granted") {
      new Notification(`${m.title}: your turn`, { body: m.decision.prompt });
    }
  }
  wasMyTurn = mine;
}

function beep() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.value = 0.08;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.18);
  } catch (e) { /* no sound here: the title still says it */ }
}

function drawScreen(m) {
  stopThinking();
  $("handover").hidden = true;
  $("game").hidden = false;
  $("error").hidden = true;
  $("title").textContent = m.title;
  $("you").textContent = m.you ? `You play ${m.you}.` : "You are watching (what every seat may see).";
  $("seats").replaceChildren(...m.seats.map((s) => {
    const li = document.createElement("li");
    li.textContent = `${s.name}: ${s.player}`;
    return li;
  }));
  $("turn").textContent = m.turn;
  const board = $("board");
  board.textContent = m.board || (m.board_html ? "" : "(this game draws no table for you here: see the log)");
  drawBoardHtml(m);
  drawLog(m);
  drawDecision(m.decision);
  const result = $("result");
  result.hidden = !m.result;
  result.textContent = m.result || "";
  $("record").hidden = !m.over;
  $("record-link").href = `/record/${token}`;
  document.title = (m.decision ? "▶ Your turn — " : "") + m.title;
  signalTurn(m);
  // a keyboard's person finds the box ready; a phone's is not shown its keyboard unasked
  if (m.decision && document.activeElement === document.body && !matchMedia("(pointer: coarse)").matches) $("answer").focus();
}

function drawBoardHtml(m) {
  // The game's own board, rendered (and escaped) by the server from this seat's view; its text
  // stays a click away. The game's stylesheet is asked for once, by the game's name.
  const html = $("board-html");
  htmlBoard = !!m.board_html;
  html.hidden = !m.board_html;
  $("lang").parentElement.hidden = !m.board_html;
  if (!m.board_html) { $("as-text").open = true; return; }
  if (!document.getElementById("board-style")) {
    const link = document.createElement("link");
    link.id = "board-style";
    link.rel = "stylesheet";
    link.href = `/boards/${encodeURIComponent(m.game)}.css`;
    document.head.appendChild(link);
    $("as-text").open = false;
  }
  const open = new Set([...html.querySelectorAll("details[open] > summary")].map((s) => s.textContent));
  html.innerHTML = m.board_html;
  for (const d of html.querySelectorAll("details")) if (open.has(d.querySelector("summary").textContent)) d.open = true;
}

function drawLog(m) {
  const log = $("log");
  if (m.log_from === 0) log.replaceChildren();
  const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
  for (const line of m.log) {
    const li = document.createElement("li");
    li.textContent = line;
    log.appendChild(li);
  }
  if (atEnd || m.log_from === 0) log.scrollTop = log.scrollHeight;
}

function drawDecision(d) {
  const box = $("decision");
  $("explain").hidden = true;
  if (!d) { box.hidden = true; return; }
  box.hidden = false;
  $("prompt").textContent = d.prompt;
  $("options").replaceChildren(...d.options.map((o) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "option";
    b.dataset.id = o.id;
    const n = document.createElement("span");
    n.className = "n";
    n.textContent = `${o.n}.`;
    b.append(n, document.createTextNode(o.label));
    b.disabled = !(socket && socket.readyState === WebSocket.OPEN);
    b.addEventListener("click", () => send({ type: "answer", text: o.id }));
    li.appendChild(b);
    if (o.details.length) {
      const p = document.createElement("div");
      p.className = "details";
      p.textContent = o.details.join("\n");
      li.appendChild(p);
    }
    return li;
  }));
  $("amount-hint").textContent = d.amount ? `an amount: ${d.amount.hint} (or #N for option N)` : "a number, a label or an id";
  $("answer-label").textContent = d.amount ? "Or type an amount" : "Or type an answer";
}

document.addEventListener("DOMContentLoaded", () => {
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("answer");
    if (input.value.trim()) send({ type: "answer", text: input.value.trim() });
    input.value = "";
  });
  $("why").addEventListener("click", () => send({ type: "explain" }));
  $("as-text").addEventListener("toggle", () => {
    const want = $("as-text").open;
    if (!htmlBoard || want === textOn) return;
    textOn = want;
    if (want && !$("board").textContent) $("board").textContent = "…";
    send({ type: "text", on: want });
  });
  $("lang").value = localStorage.getItem("cmdsl-lang") || "en";
  $("lang").addEventListener("change", () => {
    localStorage.setItem("cmdsl-lang", $("lang").value);
    send({ type: "lang", lang: $("lang").value });
  });
  // From the keyboard alone: type an option's number (or an amount) in the box and press Enter, as
  // at the REPL; "?" in an empty box explains the decision; Escape leaves the box.
  $("answer").addEventListener("keydown", (event) => {
    if (event.key === "?" && !$("answer").value) { event.preventDefault(); send({ type: "explain" }); }
    if (event.key === "Escape") $("answer").blur();
  });
  document.addEventListener("keydown", (event) => {
    if (event.target === document.body && /^[0-9#?]$/.test(event.key) && !$("decision").hidden) {
      $("answer").focus();
    }
  });
  $("notify").addEventListener("change", () => {
    if ($("notify").checked && "Notification" in window && Notification.permission === "default") {
      Notification.requestPermission();
    }
  });
  $("take").addEventListener("click", () => send({ type: "take" }));
  connect();
});
