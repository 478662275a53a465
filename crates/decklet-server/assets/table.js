// decklet's browser table: the lobby (create, list and join matches) and a match's
// table over its WebSocket. Plain JavaScript, no build step; served by the server.
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const matchId = params.get("match");

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
}

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

const tokenKey = (id) => "decklet:token:" + id;
const shareKey = (id) => "decklet:share:" + id;
const committedKey = (id) => "decklet:commitment:" + id;

// joins a seat with a share of the deal drawn here (32 random bytes): the game is
// dealt from every player's share and the server's, so the server cannot choose it.
// The commitment the match shows before the share is drawn, and the share, are kept
// (the same share is sent again if a join is retried) to check the deal at the end.
async function joinSeat(id, name, seat) {
  let share = localStorage.getItem(shareKey(id));
  if (!share) {
    const before = await api("GET", "/api/matches/" + id);
    if (before.deal && before.deal.commitment) localStorage.setItem(committedKey(id), before.deal.commitment);
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    share = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(shareKey(id), share);
  }
  const joined = await api("POST", `/api/matches/${id}/join`, { name, seat, share });
  localStorage.setItem(tokenKey(id), joined.token);
  return joined;
}

// ---- the lobby ----

let catalogue = []; // the server's games (GET /api/games)
const chosenGame = () => catalogue.find((g) => g.name === $("game-select").value) || catalogue[0];

// the bots a seat may be given: the game's own, with a search of 200 iterations in
// place of `ismcts:N`; a name with a placeholder (`heuristic:forget=P`, `policy:FILE`)
// is a form of names, not a bot
const placeholder = /(=P|:N|:FILE|\[)/;
function seatRow(kind, bot) {
  const game = chosenGame();
  const bots = [...game.bots.filter((b) => b !== "ismcts" && !placeholder.test(b)), "ismcts:200"];
  const kindSel = el("select", { class: "seat-kind" }, el("option", { value: "human" }, "human"), el("option", { value: "bot" }, "bot"));
  kindSel.value = kind;
  const botSel = el("select", { class: "seat-bot" }, ...bots.map((b) => el("option", { value: b }, b)));
  if (bot) botSel.value = bot;
  // a bot's name is asked only of a bot's seat
  const showBot = () => { botSel.hidden = kindSel.value !== "bot"; };
  kindSel.addEventListener("change", showBot);
  showBot();
  const row = el("div", { class: "seat-row" }, "Seat ", kindSel, " ", botSel, " ",
    el("button", { type: "button", class: "remove-seat", onclick: () => { row.remove(); seatsChanged(); } }, "remove"));
  return row;
}

// your own seat, the first: no menu
const ownRow = () => el("div", { class: "seat-row own" }, "Seat 1: you");

// "Add a seat" and "remove" only while the game seats more, or fewer
function seatsChanged() {
  const game = chosenGame();
  const count = $("seat-rows").querySelectorAll(".seat-row").length;
  $("add-seat").hidden = count >= game.players[1];
  for (const button of $("seat-rows").querySelectorAll(".remove-seat")) button.disabled = count <= game.players[0];
}

// one input a parameter, as the game describes it
function paramInput(p) {
  const title = p.about;
  if (p.kind === "bool") {
    const box = el("input", { type: "checkbox", "data-param": p.name, title });
    box.checked = p.default === "true";
    return el("label", { title }, box, " " + p.name);
  }
  if (p.kind === "int") {
    const [min, max] = p.values.split("..");
    return el("label", { title }, p.name + " ", el("input", { type: "number", min, max, value: p.default, "data-param": p.name }));
  }
  const words = p.values.replace(/\+…$/, "").split("|");
  if (p.kind === "choice") {
    const sel = el("select", { "data-param": p.name, title }, ...words.map((w) => el("option", { value: w }, w)));
    sel.value = p.default;
    return el("label", { title }, p.name + " ", sel);
  }
  // a set: any of its words, joined by `+`
  const given = p.default ? p.default.split("+") : [];
  return el("fieldset", { "data-set": p.name, title }, el("legend", {}, p.name),
    ...words.map((w) => {
      const box = el("input", { type: "checkbox", value: w });
      box.checked = given.includes(w);
      return el("label", {}, box, " " + w);
    }));
}

// the game string of the chosen game and parameters: only what differs from a default
function gameString() {
  const game = chosenGame();
  const given = [];
  for (const p of game.params) {
    let value;
    const set = document.querySelector(`[data-set="${p.name}"]`);
    if (set) value = [...set.querySelectorAll("input:checked")].map((b) => b.value).join("+");
    else {
      const input = document.querySelector(`[data-param="${p.name}"]`);
      value = input.type === "checkbox" ? String(input.checked) : input.value;
    }
    if (value !== p.default) given.push(`${p.name}=${value}`);
  }
  return given.length ? `${game.name}(${given.join(",")})` : game.name;
}

async function lobby() {
  $("lobby").hidden = false;
  catalogue = await api("GET", "/api/games");
  $("game-select").replaceChildren(...catalogue.map((g) => el("option", { value: g.name }, g.name)));
  const rows = $("seat-rows");
  const reset = () => {
    const game = chosenGame();
    $("game-about").textContent = `${game.about} (${game.players[0] === game.players[1] ? game.players[0] : game.players.join(" to ")} players)`;
    $("params").replaceChildren(el("legend", {}, "Parameters"), ...game.params.map(paramInput));
    $("params").hidden = game.params.length === 0;
    const seats = Math.max(game.players[0], Math.min(4, game.players[1]));
    rows.replaceChildren(ownRow(), ...Array.from({ length: seats - 1 }, () => seatRow("bot")));
    seatsChanged();
  };
  $("game-select").addEventListener("change", reset);
  reset();
  $("add-seat").addEventListener("click", () => {
    rows.append(seatRow("bot"));
    seatsChanged();
  });
  $("create").addEventListener("submit", async (e) => {
    e.preventDefault();
    const form = new FormData($("create"));
    const seats = [...rows.querySelectorAll(".seat-row")].map((row) => {
      const kind = row.classList.contains("own") ? "human" : row.querySelector(".seat-kind").value;
      return kind === "bot" ? { kind, bot: row.querySelector(".seat-bot").value } : { kind };
    });
    const spec = { game: gameString(), seats };
    if (form.get("turnSeconds")) spec.turnSeconds = Number(form.get("turnSeconds"));
    if (form.get("botDelayMs")) spec.botDelayMs = Number(form.get("botDelayMs"));
    try {
      const created = await api("POST", "/api/matches", spec);
      await joinSeat(created.id, form.get("name"), 0);
      location.search = "?match=" + created.id;
    } catch (err) {
      alert(err.message);
    }
  });
  api("GET", "/api/matches").then((data) => {
    const list = $("open-matches");
    for (const m of data.matches) {
      const free = m.seats.filter((s) => s.free).length;
      const rules = m.rules ? ` (${m.rules})` : "";
      const chosen = m.deal && m.deal.chosen ? " · dealt from a seed its creator chose" : "";
      list.append(el("li", {}, el("a", { href: "?match=" + m.id }, `${m.game}${rules} · ${m.seats.length} seats, ${free} free${chosen}`)));
    }
    if (!data.matches.length) list.append(el("li", {}, "none: create one"));
  });
}

// ---- the table ----

let socket = null;
let last = null; // the last state message
let seen = 0; // the last seq heard
let tries = 0;

function cardClass(label) {
  const word = label.split(" ")[0];
  if (["red", "yellow", "green", "blue"].includes(word)) return "card " + word;
  if (label.startsWith("wild")) return "card wild";
  if (/[♥♦]/.test(label)) return "card suit-red";
  return "card";
}

function logLine(text) {
  const log = $("log");
  log.append(el("li", {}, text));
  log.scrollTop = log.scrollHeight;
}

// the game's player ids (p1, p2, …, in seat order) in a narrated line, as the seats' names;
// your own seat's as "you" (`p1 plays red 7 → p2's turn` is `You play red 7 → Bob's turn`)
let names = []; // the seats' names, from the welcome and each state
let mySeat = null; // this connection's seat, from the welcome (null: a spectator)
function named(line) {
  const own = mySeat != null ? "p" + (mySeat + 1) : null;
  return (own ? secondPerson(line, own) : line).replace(/\bp(\d+)\b/g, (id, n) => names[n - 1] || id);
}

// a verb after "you", from its third person: plays → play, passes → pass, has → have
const irregular = new Map([["has", "have"], ["is", "are"], ["was", "were"], ["does", "do"], ["goes", "go"]]);
function plainVerb(word) {
  if (irregular.has(word)) return irregular.get(word);
  if (/.ies$/.test(word)) return word.slice(0, -3) + "y";
  if (/(sses|shes|ches|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}

// names in a sentence: "Ann", "Ann and Bob", "Ann, Bob and Cy"
function andList(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// a narrated line as the player `id` is told it (as decklet_entry::second_person does)
function secondPerson(line, id) {
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${id}(?![\\p{L}\\p{N}])('s|( )(\\p{L}+))?`, "gu");
  return line.replace(pattern, (match, before, rest, space, word, at) => {
    const first = (before + line.slice(0, at)).trim() === "";
    if (rest === "'s") return before + (first ? "Your" : "your");
    const you = first ? "You" : "you";
    return before + you + (word ? " " + plainVerb(word) : "");
  });
}
const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function heard(update) {
  seen = Math.max(seen, update.seq);
  const who = names[update.by] || "seat " + (update.by + 1);
  let lines;
  if (update.narration && update.narration.length) {
    lines = update.narration.map(named);
  } else {
    const kinds = update.events.map((e) => e.type.toLowerCase().replaceAll("_", " "));
    lines = [`${who}: ${kinds.join(", ")}`];
  }
  if (update.origin === "timer") lines.push(`(${who}'s time ran out: the server moved for them)`);
  for (const line of lines) logLine(`${update.seq}. ${line}`);
  $("last").textContent = lines.join(" · ");
}

// a fact in words, its colour or suit shown as one (`colour in force: red`)
function fact(text) {
  const [head, value] = text.split(/: (.*)/);
  if (value === undefined) return el("li", {}, text);
  const colour = ["red", "yellow", "green", "blue"].includes(value) ? value : /hearts|diamonds|[♥♦]/.test(value) ? "suit-red" : "";
  return el("li", {}, `${head}: `, el("span", { class: "chip " + colour }, value));
}

// the turn timer, counted down between messages
let due = null;
function showDeadline() {
  const left = due === null ? null : Math.max(0, Math.ceil((due - Date.now()) / 1000));
  $("deadline").textContent = left === null ? "" : `${left} s to move`;
  const timer = document.querySelector(".seat.turn .timer");
  if (timer) timer.textContent = left === null ? "" : `⏱ ${left} s`;
}
setInterval(showDeadline, 500);

// the moves of the position: a key (1–9, then a–z) each, in the listed order
let keyed = [];
const keyName = (i) => (i < 9 ? String(i + 1) : String.fromCharCode(97 + i - 9));

function send(state, index) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    $("refused").textContent = "Not connected: reconnecting…";
    return;
  }
  $("refused").textContent = "";
  socket.send(JSON.stringify({ type: "move", seq: state.seq, index }));
}

function render(state) {
  last = state;
  names = state.seats.map((s) => s.name);
  seen = Math.max(seen, state.seq);
  $("refused").textContent = "";
  $("seq").textContent = `move ${state.seq}`;
  const turn = state.turn;
  const statusWords = { open: "waiting for players", playing: "playing", finished: "finished", paused: "paused" };
  // at the end, who won, in the line at the top
  const ended = state.status === "finished" ? `: ${state.winners.length ? andList(state.winners.map((w) => (w === state.you ? "you" : state.seats[w].name))) + " won" : "no winner"}` : "";
  $("status").textContent = (statusWords[state.status] || state.status) + (state.paused ? `: ${state.paused}` : "") + ended;
  $("status").dataset.status = state.status;
  $("seats").replaceChildren(...state.seats.map((s, i) => {
    const presence = s.kind === "bot" ? "bot" : s.joined ? (s.online ? "online" : "away") : "free seat";
    const you = i === state.you;
    return el("div", {
      class: "seat" + (i === turn && state.status === "playing" ? " turn" : "") + (you ? " you" : ""),
      "data-seat": i,
      role: "group",
      "aria-label": `${s.name}${you ? " (you)" : ""}: ${count(s.cards, "card")}, ${presence}${i === turn ? ", to move" : ""}`,
    }, el("div", { class: "name" }, s.name + (you ? " (you)" : "")),
    el("div", {}, count(s.cards, "card")),
    el("div", { class: "presence " + (s.kind === "bot" ? "" : s.online ? "on" : "off") }, presence),
    el("div", { class: "timer" }));
  }));
  // every zone but the hands as this seat sees it (hands: the seats' counts and yours below)
  const zoneLines = (state.zones || []).filter((z) => z.type !== "hand").map((z) => {
    const owner = z.owner === null ? "" : z.owner === state.you ? "your " : `${state.seats[z.owner].name}'s `;
    const label = owner ? `${owner}${z.type}` : z.id;
    // a zone line names its top cards (at most eight), and says how many it holds
    const shown = z.cards;
    const cards = shown && shown.length ? shown.map((c) => el("span", { class: cardClass(c) + " small" }, c)) : [];
    const more = z.cards && z.size > z.cards.length ? `${z.size} cards, the last: ` : "";
    const words = !z.cards ? count(z.size, "card") : z.cards.length ? more : "empty";
    return el("li", { "data-zone": z.id }, `${label}: ${words}`, ...cards);
  });
  $("zones").replaceChildren(...zoneLines);
  showDeal(state.deal);
  $("facts").replaceChildren(...(state.facts || []).map(fact));
  // the hand as cards: those a move plays or passes (one move a card) raised and
  // clickable; every other move a button
  const byCard = new Map();
  for (const m of state.moves) {
    if (m.card) byCard.set(m.card, byCard.has(m.card) ? null : m);
  }
  keyed = state.moves.map((m) => m.index);
  const keyOf = (m) => keyName(state.moves.indexOf(m));
  $("hand").replaceChildren(...(state.hand || []).map((c) => {
    const m = byCard.get(c.id);
    if (!m) return el("button", { class: cardClass(c.label), "data-card": c.id, disabled: "", "aria-label": c.label }, c.label);
    return el("button", {
      class: cardClass(c.label) + " playable",
      "data-card": c.id,
      "data-index": m.index,
      "aria-label": `${m.label} (key ${keyOf(m)})`,
      onclick: () => send(state, m.index),
    }, el("kbd", {}, keyOf(m)), c.label);
  }));
  const others = state.moves.filter((m) => !m.card || byCard.get(m.card) !== m);
  $("moves").replaceChildren(...others.map((m) => el("button", {
    "data-index": m.index,
    class: cardClass(m.label.replace(/^(choose|name) /, "")).replace("card", "move"),
    "aria-label": `${m.label} (key ${keyOf(m)})`,
    onclick: () => send(state, m.index),
  }, el("kbd", {}, keyOf(m)), m.label)));
  if (state.you === null && state.status !== "finished") {
    $("moves").replaceChildren(el("em", {}, "watching"));
  }
  $("keys-help").hidden = state.moves.length === 0;
  // UNO: when to call it, for whoever has not played it before
  const call = state.moves.find((m) => /^call UNO/i.test(m.label));
  const holding = (state.hand || []).length;
  const when = holding <= 1 ? "You hold one card: call UNO now" : "Your next play leaves you one card: call UNO as you play it";
  $("hint").textContent = call ? `${when} (key ${keyOf(call)}), before the next player moves, or another player may catch you and you draw two.` : "";
  showResult(state);
  due = state.deadlineMs != null ? Date.now() + state.deadlineMs : null;
  showDeadline();
}

// the end: who won, every seat's score, the log, and a new match of the same kind
function showResult(state) {
  if (state.status !== "finished") {
    $("result").replaceChildren();
    return;
  }
  const winners = state.winners.map((w) => (w === state.you ? "You" : state.seats[w].name));
  const won = winners.length ? `${andList(winners)} won` : "no winner";
  const parts = [el("h2", { id: "winner" }, won)];
  // the points the round gave, for a game scored in points; else each seat's result
  const points = state.points;
  if (points || state.scores) {
    const rows = state.seats.map((s, i) => ({
      name: s.name + (i === state.you ? " (you)" : ""),
      value: String(points ? points[i] : state.scores[i]),
      won: state.winners.includes(i),
    }));
    const heading = points ? "points" : "score";
    parts.push(el("table", {}, el("caption", {}, points ? "points this game" : "scores"),
      el("tr", {}, el("th", {}, "seat"), el("th", {}, heading)),
      ...rows.map((r) => el("tr", { class: r.won ? "winner" : "" }, el("td", {}, r.name), el("td", {}, r.value)))));
  }
  if (state.log) parts.push(el("p", {}, el("a", { href: state.log, download: `match-${matchId}.json` }, "the match's log")));
  if (state.you !== null) parts.push(el("button", { id: "play-again", onclick: () => playAgain(state) }, "Play again"));
  $("result").replaceChildren(...parts);
}

// a new match like this one (its game, seats and settings), you at your seat again
async function playAgain(state) {
  try {
    const info = await api("GET", "/api/matches/" + matchId);
    const seats = info.seats.map((s) => (s.kind === "bot" ? { kind: "bot", bot: s.bot } : { kind: "human" }));
    const spec = { game: info.game, seats };
    for (const key of ["rules", "house", "turnSeconds", "botDelayMs"]) if (info[key] != null) spec[key] = info[key];
    const created = await api("POST", "/api/matches", spec);
    const me = state.seats[state.you];
    await joinSeat(created.id, me.name, state.you);
    location.search = "?match=" + created.id;
  } catch (err) {
    $("refused").textContent = err.message;
  }
}

// keyboard play: a move's key makes it
document.addEventListener("keydown", (e) => {
  if (!last || !socket || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
  const at = [...Array(keyed.length).keys()].find((i) => keyName(i) === e.key.toLowerCase());
  if (at === undefined) return;
  e.preventDefault();
  send(last, keyed[at]);
});

// close codes of the server's: the match moved, or its server stopped playing it for
// this connection (reconnect now); the match is moving here (try again in a second)
const RECONNECT = 4000;
const TRY_AGAIN = 4001;
// a table hears from its server at least every PING_EVERY (it asks, and the server
// answers); one that hears nothing for DEAD_AFTER (a server that hangs, a network
// that dropped the connection without a word) closes it and reconnects
const PING_EVERY = 4000;
const DEAD_AFTER = 10000;
let heardAt = 0;
let liveness = null;

function connect() {
  const token = localStorage.getItem(tokenKey(matchId));
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${scheme}//${location.host}/api/matches/${matchId}/ws`);
  socket = ws;
  heardAt = Date.now();
  clearInterval(liveness);
  liveness = setInterval(() => {
    if (socket !== ws) return clearInterval(liveness);
    if (Date.now() - heardAt > DEAD_AFTER) {
      // no word from the server: give up on this connection, and reconnect
      clearInterval(liveness);
      ws.close();
      reconnect(ws, 0);
    } else if (ws.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({ type: "ping" }));
    }
  }, PING_EVERY);
  ws.addEventListener("open", () => {
    tries = 0;
    const hello = token ? { type: "hello", token, since: seen } : { type: "hello", spectator: true, since: seen };
    ws.send(JSON.stringify(hello));
  });
  ws.addEventListener("message", (e) => {
    heardAt = Date.now();
    const msg = JSON.parse(e.data);
    switch (msg.type) {
      case "welcome":
        names = msg.names;
        mySeat = msg.seat;
        $("where").textContent = `${msg.game} · match ${msg.match} · ${msg.seat === null ? "spectator" : "seat " + (msg.seat + 1)}`;
        $("rules").replaceChildren("rules: ", el("code", {}, msg.game));
        $("where").dataset.connected = "yes";
        break;
      case "missed":
        for (const u of msg.updates) heard(u);
        break;
      case "update":
        heard(msg);
        if (msg.state) render(msg.state);
        break;
      case "state":
        render(msg);
        break;
      case "refused":
        $("refused").textContent = msg.reason;
        break;
      case "error":
        $("refused").textContent = msg.message;
        break;
    }
  });
  ws.addEventListener("close", (e) => {
    if (e.code === RECONNECT) $("refused").textContent = "The match moved: reconnecting…";
    reconnect(ws, e.code === RECONNECT ? 0 : e.code === TRY_AGAIN ? 1000 : null);
  });
}

// connects again once `ws` is gone: after `wait` ms, or after a growing pause (null)
function reconnect(ws, wait) {
  if (socket !== ws) return;
  socket = null;
  $("where").dataset.connected = "no";
  if (last && last.status === "finished") return;
  tries += 1;
  setTimeout(connect, wait === null ? Math.min(5000, 250 * tries) : wait);
}

// the deal's commitment, shown before anyone joins; at the end the seed, and how to
// check the log against the commitment and this seat's share
function showDeal(deal) {
  if (!deal) return;
  const parts = [];
  const short = (hex) => el("code", { title: hex }, hex.slice(0, 12) + "…");
  if (deal.chosen) parts.push(el("strong", { class: "warning" }, "Dealt from a seed its creator chose: its creator may know every card. "));
  else if (deal.shared && !deal.seed) parts.push(el("span", {}, "Dealt once every seat is taken, from every player's share and the server's. "));
  if (deal.commitment) parts.push(el("span", {}, "Deal committed to "), short(deal.commitment));
  const noted = matchId && localStorage.getItem(committedKey(matchId));
  if (noted && deal.commitment && noted !== deal.commitment) {
    parts.push(el("strong", { class: "warning" }, ` The server now shows another commitment than the one it showed before you joined (${noted.slice(0, 12)}…): this is not the deal promised.`));
  }
  if (deal.seed) {
    const share = matchId && localStorage.getItem(shareKey(matchId));
    const seat = last && last.you != null ? ` --seat ${last.you + 1}` : "";
    const mine = share && !deal.chosen ? ` --share ${share}${seat}` : "";
    const check = `decklet replay match-${matchId}.json --commitment ${noted || deal.commitment || ""}${mine}`;
    parts.push(el("span", {}, ` · seed ${deal.seed} · check the log: `), el("code", { class: "check" }, check));
  }
  $("deal").replaceChildren(...parts);
}

// a match in words: its game, its seats, its timer
function describeMatch(info) {
  const seats = info.seats.map((s) => `${s.seat + 1}: ${s.kind === "bot" ? `bot (${s.bot})` : s.free ? "free" : s.name}`);
  const rules = [info.rules, ...(info.house || [])].filter(Boolean).join(", ");
  const timer = info.turnSeconds ? ` · ${info.turnSeconds} s a move` : "";
  return `${info.game}${rules ? ` (${rules})` : ""} · ${info.seats.length} seats: ${seats.join(", ")}${timer}`;
}

async function table() {
  $("table").hidden = false;
  const info = await api("GET", "/api/matches/" + matchId).catch((err) => {
    $("status").textContent = err.message;
    return null;
  });
  if (!info) return;
  showDeal(info.deal);
  if (!localStorage.getItem(tokenKey(matchId)) && info.status === "open" && info.seats.some((s) => s.free)) {
    // until one sits or watches: the match and its free seats, not an empty table
    $("table").classList.add("joining");
    const free = info.seats.filter((s) => s.free).length;
    $("status").textContent = `waiting for players: ${count(free, "seat")} free of ${info.seats.length}`;
    $("join-box").hidden = false;
    $("join-about").textContent = describeMatch(info);
    $("join-seats").replaceChildren(...info.seats.filter((s) => s.free).map((s) => el("button", {
      "data-join": s.seat,
      onclick: async () => {
        try {
          await joinSeat(matchId, $("join-name").value, s.seat);
          location.reload();
        } catch (err) {
          alert(err.message);
        }
      },
    }, `Sit at seat ${s.seat + 1}`)));
    $("watch").addEventListener("click", () => {
      $("join-box").hidden = true;
      $("table").classList.remove("joining");
      connect();
    });
    return;
  }
  connect();
}

if (matchId) table();
else lobby();
