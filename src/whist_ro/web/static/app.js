// The web table's page: lobby, table and referee.  Plain JavaScript, no build step.
// Every text comes from messages.js (t(...)); every piece of user text is set with
// textContent, never as HTML.
"use strict";

// -- small helpers ---------------------------------------------------------------------

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

async function api(path, body) {
  // The server answers refusals in the page's language (X-Whist-Ro-Lang).
  const options = body === undefined ? {headers: {"X-Whist-Ro-Lang": LANG}} : {
    method: "POST",
    headers: {"Content-Type": "application/json", "X-Whist-Ro-Lang": LANG},
    body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new Error(t("error.network"));
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const values = {...(data.values || {})};
    // A refused setting is named by the label the page shows it under, in the page's language.
    if (typeof values.field === "string" && messages.en["field." + values.field]) {
      // The library's own text begins "Variant.schedule ...": the label says which already.
      const own = "Variant." + values.field + " ";
      if (typeof values.detail === "string" && values.detail.startsWith(own)) {
        values.detail = values.detail.slice(own.length);
      }
      values.field = t("field." + values.field);
    }
    const known = data.code && messages.en["error." + data.code] ?
      t("error." + data.code, values) : null;
    const error = new Error(known || data.message || response.statusText);
    error.code = data.code;
    throw error;
  }
  return data;
}

const seatKey = (table) => "whist-ro:seat:" + table;
function savedSeat(table) {
  try {
    return JSON.parse(localStorage.getItem(seatKey(table)) || "null");
  } catch (error) {
    return null;
  }
}
function saveSeat(table, seat, token) {
  localStorage.setItem(seatKey(table), JSON.stringify({seat, token}));
}

// -- cards -------------------------------------------------------------------------------

const SUITS = {c: "♣", d: "♦", h: "♥", s: "♠"};
const SUIT_ORDER = ["s", "h", "c", "d"]; // colours alternate in a hand
const RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"];

function parseCard(text) {
  return {rank: text.slice(0, -1), suit: text.slice(-1)};
}
function cardName(text) {
  const {rank, suit} = parseCard(text);
  return t("card.name", {rank: t("rank." + rank), suit: t("suit." + suit)});
}
// What a card is called: its face as drawn ("Q♥") and then its name, so the accessible
// name contains the visible text (WCAG 2.5.3; axe's label-content-name-mismatch).
function cardLabel(text) {
  const {rank, suit} = parseCard(text);
  return t("card.label", {face: rank + SUITS[suit], name: cardName(text)});
}
function cardFace(text, tag, attrs) {
  const {rank, suit} = parseCard(text);
  const red = suit === "h" || suit === "d";
  const {class: extra, ...rest} = attrs || {};
  // The caller's classes ("small", "legal") join the face's own; its colour is never lost.
  const classes = ["card", red ? "red" : "black", "suit-" + suit,
    ...String(extra || "").split(/\s+/).filter((c) => c && c !== "card")];
  return el(tag || "span", {
    class: classes.join(" "),
    role: (tag || "span") === "button" ? null : "img",
    "aria-label": cardLabel(text),
    "data-card": text,
    ...rest,
  },
  el("span", {class: "corner", "aria-hidden": "true"},
    el("span", {class: "rank", text: rank}), el("span", {class: "pip", text: SUITS[suit]})),
  el("span", {class: "big", "aria-hidden": "true", text: SUITS[suit]}));
}
function cardBack(attrs) {
  return el("span", {class: "card back", "aria-label": t("card.back"), role: "img", ...(attrs || {})});
}
// A game's name as players say it ("Romanian whist (1-8-1)"); a house variant's own name
// is shown as it is.
function gameName(name) {
  return messages.en["game." + name] ? t("game." + name) : name;
}
function sortHand(cards, trump) {
  const order = trump ? [trump, ...SUIT_ORDER.filter((s) => s !== trump)] : SUIT_ORDER;
  return [...cards].sort((a, b) => {
    const x = parseCard(a), y = parseCard(b);
    return order.indexOf(x.suit) - order.indexOf(y.suit) ||
      RANKS.indexOf(x.rank) - RANKS.indexOf(y.rank);
  });
}
const trumpLetter = (name) => (name ? name[0] : null); // "hearts" -> "h"

// -- the page ---------------------------------------------------------------------------

const main = () => document.getElementById("app");
let RULES = {};

function status(text, kind) {
  const box = document.getElementById("status");
  if (!box) return;
  box.textContent = text || "";
  box.className = kind || "";
}

async function boot() {
  document.title = t("app.title");
  document.documentElement.lang = LANG;
  for (const node of document.querySelectorAll("[data-msg]")) node.textContent = t(node.dataset.msg);
  api("/api/rules?lang=" + LANG).then((rules) => { RULES = rules; }).catch(() => {});
  const path = location.pathname;
  const match = path.match(/^\/t\/([A-Za-z0-9_-]+)$/);
  if (match) return tablePage(match[1]);
  if (path === "/referee") return refereePage();
  return lobbyPage();
}

// -- lobby ------------------------------------------------------------------------------

const HOUSE_FIELDS = [
  ["hook", "bool"], ["must_trump", "bool"], ["must_overtrump", "bool"],
  ["made_base", "int"], ["made_per_trick", "int"], ["miss_per_trick", "int"],
  ["streak_length", "int"], ["streak_bonus", "int"],
  ["one_card_rounds", ["count", "skip", "break"]],
  ["blind_one_card", ["off", "forehead", "hidden"]],
  ["schedule", "sizes"],
];

async function lobbyPage() {
  const root = main();
  root.replaceChildren(el("h1", {text: t("lobby.title")}));
  let setup;
  try {
    setup = await api("/api/setup");
  } catch (error) {
    root.append(el("p", {class: "error", text: error.message}));
    return;
  }
  const form = el("form", {class: "panel", id: "create"});
  const name = el("input", {id: "name", name: "name", required: true, maxlength: 100,
    autocomplete: "nickname", value: localStorage.getItem("whist-ro:name") || ""});
  const variant = el("select", {id: "variant"},
    Object.keys(setup.presets).map((key) => el("option", {value: key, text: gameName(key)})));
  const players = el("select", {id: "players"});
  const seatsBox = el("div", {class: "seats-form"});
  const fallback = el("select", {id: "fallback"},
    setup.bots.map((b) => el("option", {value: b, text: t("bot." + b), selected: b === "rule"})));
  const limit = el("select", {id: "time_limit"},
    el("option", {value: "", text: t("lobby.time.none")}),
    [15, 30, 60, 120].map((s) => el("option", {value: s, text: t("lobby.time.seconds", {seconds: s})})));
  const grace = el("input", {id: "grace", type: "number", min: 0, max: 3600, value: 30});
  const secret = el("input", {id: "private", type: "checkbox"});
  const house = el("div", {class: "house"});
  const houseInputs = {};

  const preset = () => setup.presets[variant.value];
  function botChoices(selected) {
    const classic = preset().family === "classic";
    return [el("option", {value: "human", text: t("lobby.seat.human"), selected: selected === "human"}),
      ...setup.bots.filter((b) => !(classic && setup.exact_only_bots.includes(b)))
        .map((b) => el("option", {value: b, text: t("lobby.seat.bot", {bot: t("bot." + b)}),
          selected: selected === b}))];
  }
  function drawSeats() {
    const n = Number(players.value);
    const before = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
    seatsBox.replaceChildren(el("p", {},
      el("span", {text: t("lobby.seat", {seat: 0}) + ": " + t("lobby.seat.you")})));
    for (let s = 1; s < n; s++) {
      const id = "seat-" + s;
      seatsBox.append(el("p", {}, el("label", {for: id, text: t("lobby.seat", {seat: s})}), " ",
        el("select", {id, name: id}, botChoices(before[s - 1] || "rule"))));
    }
  }
  function drawVariant() {
    const v = preset();
    players.replaceChildren(...v.player_counts.map((n) =>
      el("option", {value: n, text: String(n), selected: n === (v.player_counts.includes(4) ? 4 : v.player_counts[0])})));
    house.replaceChildren(el("p", {class: "hint", text: t("lobby.house.hint")}));
    for (const [field, kind] of HOUSE_FIELDS) {
      if (!(field in v.variant) || (field === "schedule" && v.family === "classic")) continue;
      const id = "house-" + field;
      let input;
      if (kind === "bool") {
        input = el("input", {id, type: "checkbox", checked: Boolean(v.variant[field])});
        house.append(el("p", {}, input, " ", el("label", {for: id, text: t("field." + field)})));
      } else if (kind === "sizes") {
        input = el("input", {id, type: "text", inputmode: "numeric", pattern: "[0-9 ]*",
          placeholder: t("field.schedule.default"), value: (v.variant[field] || []).join(" ")});
        house.append(el("p", {}, el("label", {for: id, text: t("field." + field)}), " ", input));
      } else if (kind === "int") {
        // A streak is at least one round long; every other number may be 0.
        const low = field === "streak_length" ? 1 : 0;
        input = el("input", {id, type: "number", min: low, max: 1000, value: v.variant[field]});
        house.append(el("p", {}, el("label", {for: id, text: t("field." + field)}), " ", input));
      } else {
        input = el("select", {id}, kind.map((o) =>
          el("option", {value: o, text: t("field." + field + "." + o), selected: v.variant[field] === o})));
        house.append(el("p", {}, el("label", {for: id, text: t("field." + field)}), " ", input));
      }
      houseInputs[field] = [input, kind];
    }
    drawSeats();
  }
  variant.addEventListener("change", drawVariant);
  players.addEventListener("change", drawSeats);

  function chosenVariant() {
    const v = preset().variant;
    const out = {...v};
    let changed = false;
    for (const [field, [input, kind]] of Object.entries(houseInputs)) {
      let value;
      if (kind === "sizes") {
        const sizes = input.value.trim().split(/[\s,]+/).filter(Boolean).map(Number);
        value = sizes.length ? sizes : null;
        if (JSON.stringify(value) !== JSON.stringify(v[field])) changed = true;
      } else {
        value = kind === "bool" ? input.checked : kind === "int" ? Number(input.value) : input.value;
        if (value !== v[field]) changed = true;
      }
      out[field] = value;
    }
    if (!changed) return variant.value;
    out.name = v.name + "-house";
    return out;
  }

  const message = el("p", {class: "error", role: "alert"});
  form.append(
    el("h2", {text: t("lobby.create")}),
    el("p", {}, el("label", {for: "name", text: t("lobby.name")}), " ", name),
    el("p", {}, el("label", {for: "variant", text: t("lobby.variant")}), " ", variant, " ",
      el("label", {for: "players", text: t("lobby.players")}), " ", players),
    seatsBox,
    el("p", {}, el("label", {for: "fallback", text: t("lobby.fallback")}), " ", fallback),
    el("p", {}, el("label", {for: "time_limit", text: t("lobby.time_limit")}), " ", limit),
    el("p", {}, el("label", {for: "grace", text: t("lobby.grace")}), " ", grace),
    el("p", {}, secret, " ", el("label", {for: "private", text: t("lobby.private")})),
    el("details", {}, el("summary", {text: t("lobby.house")}), house),
    el("p", {}, el("button", {type: "submit", id: "create-button", text: t("lobby.create.button")})),
    message,
  );
  let creating = false;  // a second "Create" while the first is on its way makes nothing
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (creating) return;
    message.textContent = "";
    const n = Number(players.value);
    const seats = ["human"];
    for (let s = 1; s < n; s++) seats.push(document.getElementById("seat-" + s).value);
    localStorage.setItem("whist-ro:name", name.value.trim());
    creating = true;
    const button = document.getElementById("create-button");
    button.setAttribute("aria-disabled", "true");
    try {
      const made = await api("/api/tables", {
        name: name.value.trim(), variant: chosenVariant(), seats,
        fallback: fallback.value, time_limit: limit.value ? Number(limit.value) : null,
        grace: Number(grace.value), private: secret.checked,
      });
      saveSeat(made.table, made.seat, made.token);
      location.assign("/t/" + made.table);  // the page leaves: the form stays locked
    } catch (error) {
      message.textContent = error.message;
      creating = false;
      button.removeAttribute("aria-disabled");
    }
  });
  drawVariant();

  const list = el("section", {class: "panel", id: "tables"});
  root.append(form, list);
  function tableRow(table) {
    const names = table.seats.map((s) => s.name || t("lobby.free")).join(", ");
    const where = table.round && table.rounds ? " — " + t("lobby.round", table) : "";
    const mine = savedSeat(table.id);
    return el("li", {class: "table-row"},
      el("span", {class: "what", text: gameName(table.variant) + " · " +
        t("lobby.player_count", {count: table.players}) + " · " +
        t("lobby.status." + table.status) + where}),
      el("span", {class: "who", text: names}),
      el("a", {href: "/t/" + table.id, class: "button",
        text: mine ? t("lobby.open") : table.status === "waiting" ? t("lobby.join") : t("lobby.watch")}),
      table.status === "over" ?
        el("a", {href: "/api/tables/" + table.id + "/record", class: "button", download: "",
          text: t("lobby.record")}) : null);
  }
  let moreShown = false;  // the player asked for more pages: refreshing would drop them
  async function drawTables() {
    moreShown = false;
    let data;
    try {
      data = await api("/api/tables");
    } catch (error) {
      list.replaceChildren(el("p", {class: "error", text: error.message}));
      return;
    }
    // The server lists a page at a time (open tables first); "More" asks for the next one.
    const rows = el("ul", {class: "tables"}, data.tables.map(tableRow));
    let next = data.next;
    const more = el("button", {type: "button", id: "more-tables", text: t("lobby.more"),
      hidden: next === null || next === undefined});
    more.addEventListener("click", async () => {
      try {
        moreShown = true;
        const page = await api("/api/tables?offset=" + next);
        rows.append(...page.tables.map(tableRow));
        next = page.next;
        more.hidden = next === null || next === undefined;
      } catch (error) {
        more.replaceWith(el("p", {class: "error", text: error.message}));
      }
    });
    list.replaceChildren(
      el("h2", {text: t("lobby.tables")}),
      el("button", {type: "button", onclick: drawTables, text: t("lobby.refresh")}),
      data.tables.length ? rows : el("p", {text: t("lobby.none")}),
      more);
  }
  drawTables();
  // The lobby refreshes itself while it is in view and nobody has asked for more pages.
  setInterval(() => {
    if (document.visibilityState === "visible" && !moreShown) drawTables();
  }, LOBBY_REFRESH_MS);
}

const LOBBY_REFRESH_MS = 5000;
const TRICK_PAUSE_MS = 1500; // a finished trick stays at least this long
const ROUND_PAUSE_MS = 4000; // a round's summary, before the next deal's bidding
// The player's pace: localStorage "whist-ro:pace" scales the pauses (1 by default, 0: none).
function pace() {
  const stored = localStorage.getItem("whist-ro:pace");
  const value = Number(stored);
  return stored === null || !Number.isFinite(value) || value < 0 ? 1 : value;
}
// A score sheet entry's points, with its streak bonus: "+15 (bonus +5)".
function pointsText(entry) {
  const signed = (n) => (n >= 0 ? "+" : "") + n;
  return signed(entry.points) +
    (entry.bonus ? " (" + t("table.sheet.bonus") + " " + signed(entry.bonus) + ")" : "");
}

// -- the table --------------------------------------------------------------------------

// Refusals after which a table's WebSocket is closed for good: reconnecting would only
// be refused again (a table closed unplayed, one that cannot be rebuilt, a stale token).
const FINAL = ["bad_token", "replaced", "no_table", "expired_unopened", "expired_unstarted",
  "table_damaged"];

async function tablePage(id) {
  const root = main();
  let info;
  try {
    info = await api("/api/tables/" + id);
  } catch (error) {
    // The refusal's own text: no such table, closed unplayed (and why), damaged.
    root.replaceChildren(el("p", {class: "error", text: error.message}));
    return;
  }
  const mine = savedSeat(id);
  const free = info.seats.some((s) => s.kind === "human" && !s.name);
  if (!mine && info.status === "waiting" && free && !location.search.includes("watch")) {
    return joinForm(id, info);
  }
  new TableView(id, mine ? mine.token : null, info.invite, info.private).start();
}

function joinForm(id, info) {
  const root = main();
  const name = el("input", {id: "join-name", required: true, maxlength: 100,
    value: localStorage.getItem("whist-ro:name") || ""});
  const message = el("p", {class: "error", role: "alert"});
  const form = el("form", {class: "panel", id: "join"},
    el("h1", {text: t("lobby.join.title")}),
    el("p", {text: info.variant + " · " + info.seats.map((s) => s.name || t("lobby.free")).join(", ")}),
    el("p", {}, el("label", {for: "join-name", text: t("lobby.name")}), " ", name),
    el("p", {}, el("button", {type: "submit", id: "join-button", text: t("lobby.join.button")})),
    el("p", {}, el("a", {href: "/t/" + id + "?watch", id: "watch-link", text: t("lobby.or_watch")})),
    message);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    localStorage.setItem("whist-ro:name", name.value.trim());
    try {
      const joined = await api("/api/tables/" + id + "/join", {name: name.value.trim()});
      saveSeat(id, joined.seat, joined.token);
      root.replaceChildren();
      new TableView(id, joined.token, info.invite, info.private).start();
    } catch (error) {
      message.textContent = error.message;
    }
  });
  root.replaceChildren(form);
  name.focus();
}

class TableView {
  constructor(id, token, invite, secret) {
    this.id = id;
    this.token = token;
    this.secret = Boolean(secret); // a private table: not listed, reached by its invite only
    // The server's invite link: its --public-url behind a reverse proxy.
    this.invite = invite || location.origin + "/t/" + id;
    this.seat = null;
    this.state = null; // the last "state"/"update" data
    this.sheet = [];
    this.lastTrick = null;
    this.showLast = false;
    this.sheetOpen = false; // the score sheet's panel
    this.retry = 0;
    this.closed = false;
    this.timer = null;
    // The page paces what it shows; the server never waits. Updates that arrive while a
    // finished trick or a round's summary is on view wait here, in order.
    this.queue = [];
    this.holdTimer = null;
    this.summary = null; // the score sheet's row of the round just ended, while it shows
    this.summaryText = null; // that round in the notation, to ask the referee about it
    this.analyses = {}; // the post-mortem asked of each round, by its number
    this.room = new RoomState(); // the connection, the turn's cue, the clock (below)
  }

  start() {
    const root = main();
    root.replaceChildren(
      // The page's heading, for a screen reader's list of headings: the game, once known.
      el("h1", {id: "table-title", class: "visually-hidden", text: t("table.heading.none")}),
      el("div", {id: "status", role: "status", "aria-live": "polite"}),
      roomStrip(),
      el("div", {id: "banner"}),
      el("section", {id: "board", class: "board", "aria-label": t("table.trick")}),
      el("section", {id: "actions", class: "actions"}),
      el("section", {id: "hand", class: "hand-box"}),
      el("section", {id: "extra", class: "extra"}),
    );
    document.addEventListener("keydown", (event) => this.onKey(event));
    window.whistTable = this; // for a developer's console (and the browser tests)
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    const ws = new WebSocket(scheme + location.host + "/ws/" + this.id);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      ws.send(JSON.stringify(this.token ? {type: "hello", token: this.token, lang: LANG} :
        {type: "hello", lang: LANG}));
    };
    ws.onmessage = (event) => this.onMessage(JSON.parse(event.data));
    ws.onclose = () => {
      if (this.closed) return;
      this.wentAway();
      status(t("table.reconnecting"), "warn");
      const wait = Math.min(5000, 300 * 2 ** this.retry++);
      setTimeout(() => this.connect(), wait);
    };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(message));
  }

  onMessage(msg) {
    if (msg.type === "welcome") {
      this.sentSeq = null;  // a new connection: what was sent on the old one may be lost
      this.seat = msg.seat;
      this.variant = msg.variant;
      this.players = msg.players;
      this.room.timeLimit = msg.time_limit;
      document.getElementById("table-title").textContent =
        t("table.heading", {game: gameName(msg.variant.name)});
      status(this.seat === null ? t("table.spectating") : t("table.connected"));
      return;
    }
    if (msg.type === "state") {
      this.queue = []; // the whole table as it stands: nothing waits behind it
      this.release(false);
      this.cameBack(msg);
      this.state = msg;
      this.sheet = msg.score_sheet || [];
      this.lastTrick = msg.last_trick || null;
      this.draw();
      return;
    }
    if (msg.type === "update") {
      if (this.holdTimer !== null || this.queue.length) {
        this.queue.push(msg);
        return;
      }
      this.applyUpdate(msg);
      return;
    }
    if (msg.type === "seats") {
      if (this.state) {
        this.state = {...this.state, seats: msg.seats, status: msg.status,
          takeovers: msg.takeovers, reclaims: msg.reclaims};
        this.draw();
      }
      return;
    }
    if (msg.type === "paused") {
      status(t("error.paused", msg.values), "warn");
      return;
    }
    if (msg.type === "resumed") {
      status(t("table.resumed"));
      return;
    }
    if (msg.type === "error") {
      this.sentSeq = null;  // refused: the player may choose again
      if (FINAL.includes(msg.code)) {  // the server closes the socket: do not reconnect
        this.closed = true;
        if (msg.code === "bad_token") localStorage.removeItem(seatKey(this.id));
      }
      const known = messages.en["error." + msg.code] ? t("error." + msg.code, msg.values) : null;
      const text = msg.code === "refused" ?
        t("table.refused", {message: msg.message}) : (known || msg.message);
      status(text, "error");
      if (msg.code === "replaced") this.displacedHere();
    }
  }

  applyUpdate(msg) {
    const step = msg.step;
    if (step.trick) {
      this.lastTrick = {leader: step.trick.leader, cards: step.trick.cards, winner: step.trick_winner};
      this.justDone = this.lastTrick;
    } else if (step.card) {
      this.justDone = null;
    }
    if (msg.row) this.sheet = [...this.sheet, msg.row];
    this.state = {...this.state, ...msg};
    if (msg.row && msg.status !== "over") {
      this.summary = msg.row; // before the next deal's bidding
      this.summaryText = msg.round_text || null;
      this.hold(ROUND_PAUSE_MS);
    } else if (step.trick) {
      this.hold(TRICK_PAUSE_MS); // the finished trick stays on the felt
    }
    this.draw();
  }

  // Keep what is on view for ``ms`` (times the player's pace; 0 shows at once).
  hold(ms) {
    const wait = ms * pace();
    if (wait <= 0) {
      this.summary = null;
      return;
    }
    clearTimeout(this.holdTimer);
    this.holdTimer = setTimeout(() => this.release(), wait);
  }

  // Show what waited: at once on a click, or when the pause is over.
  release(draw = true) {
    if (this.holdTimer === null) return;
    clearTimeout(this.holdTimer);
    this.holdTimer = null;
    this.summary = null;
    let applied = false;
    while (this.queue.length && this.holdTimer === null) {
      this.applyUpdate(this.queue.shift()); // each draws; one may hold again
      applied = true;
    }
    if (draw && !applied && this.state) this.draw(); // the summary leaves the felt
  }

  summaryPanel(st) {
    const row = this.summary;
    const classic = this.variant && this.variant.family === "classic";
    const head = el("tr", {}, el("th", {scope: "col", text: t("table.summary.player")}),
      classic ? null : el("th", {scope: "col", text: t("table.summary.bid")}),
      el("th", {scope: "col", text: t("table.summary.tricks")}),
      el("th", {scope: "col", text: t("table.summary.points")}));
    const rows = row.seats.map((x, s) => el("tr", {},
      el("th", {scope: "row", text: this.name(s)}),
      classic ? null : el("td", {text: x.bid}),
      el("td", {text: x.tricks}),
      el("td", {text: pointsText(x)})));
    return el("section", {class: "round-summary", id: "round-summary", role: "region",
      "aria-label": t("table.summary.title", {round: row.number})},
      el("h2", {text: t("table.summary.title", {round: row.number})}),
      el("table", {class: "sheet"}, el("thead", {}, head), el("tbody", {}, rows)),
      this.summaryText ? this.roundAnalysis(row.number, this.summaryText) : null,
      el("button", {type: "button", id: "summary-next", onclick: () => this.release(),
        text: t("table.summary.next")}));
  }

  // "Could the bids have been made?" of the round just over, asked of the referee on
  // request (never during the round: R-VIEW-4). Asking keeps the summary until "Next".
  roundAnalysis(number, text) {
    const asked = this.analyses[number];
    const button = el("button", {type: "button", id: "summary-analyse", text: t("referee.analyse"),
      disabled: Boolean(asked), onclick: async () => {
        if (this.analyses[number]) return; // one request a round
        clearTimeout(this.holdTimer);
        this.holdTimer = 0; // held, not timed: "Next" releases it
        this.analyses[number] = {pending: true};
        this.draw();
        try {
          const found = await api("/api/referee", {kind: "analysis", text, lang: LANG});
          this.analyses[number] = {found};
        } catch (error) {
          this.analyses[number] = {error: error.message};
        }
        if (this.summary && this.summary.number === number) this.draw();
      }});
    let shown = null;
    if (asked && asked.pending) shown = el("p", {text: t("referee.analysing")});
    else if (asked && asked.error) shown = el("p", {class: "error", text: asked.error});
    else if (asked && asked.found.kind === "analysis") {
      shown = [el("p", {text: t("referee.analysis_note")}),
        el("ol", {id: "summary-analysis-lines"}, asked.found.verdicts.map((v) =>
          el("li", {class: v.made === false && v.makeable === true ? "verdict lost" : "verdict",
            text: v.text})))];
    } else if (asked) shown = el("p", {text: asked.found.text || ""});
    return el("div", {class: "summary-analysis", id: "summary-analysis", "aria-live": "polite"},
      button, shown);
  }

  name(seat) {
    const s = this.state && this.state.seats && this.state.seats[seat];
    return (s && s.name) || t("seat.name", {seat});
  }

  // Seats around the table, this seat at the bottom, clockwise (partners face each other).
  // How far round the table clockwise from the bottom a seat sits: 0 is this seat (or seat 0
  // for a spectator), 1 the next one, on its left.
  offset(seat) {
    const n = this.players;
    const me = this.seat === null ? 0 : this.seat;
    return (seat - me + n) % n;
  }

  place(seat) {
    const n = this.players;
    const offset = this.offset(seat);
    const spots = {
      3: ["bottom", "left", "right"],
      4: ["bottom", "left", "top", "right"],
      5: ["bottom", "left", "top-left", "top-right", "right"],
      6: ["bottom", "left", "top-left", "top", "top-right", "right"],
    }[n] || ["bottom", "left", "top", "right", "top-left", "top-right", "top", "top"];
    return spots[offset];
  }

  draw() {
    const st = this.state;
    if (!st) return;
    this.drawBanner(st);
    if (!st.view) {
      this.drawWaiting(st);
      return;
    }
    this.drawBoard(st);
    this.drawActions(st);
    this.drawHand(st);
    this.drawExtra(st);
    this.drawClock(st);
    this.drawRoom(st);
    // Outside the page, the tab says whose turn it is.
    document.title = (this.myTurn(st) ? "● " : "") + t("app.title");
    // Keyboard play: after each redraw the focus goes back to something to act with.
    const lost = !document.activeElement || document.activeElement === document.body ||
      !document.activeElement.isConnected;
    if (lost && this.myTurn(st)) {
      const first = document.querySelector(".bid-button:not([disabled]), #my-hand .card.legal, #play-blind");
      if (first) first.focus({preventScroll: true});
    }
  }

  drawBanner(st) {
    const banner = document.getElementById("banner");
    banner.replaceChildren();
    const me = this.seat !== null && st.seats ? st.seats[this.seat] : null;
    if (me && me.taken_over && st.status === "playing") {
      banner.append(el("p", {class: "warn"}, t("table.takeover"), " ",
        el("button", {type: "button", id: "reclaim", onclick: () => this.send({type: "reclaim"}),
          text: t("table.reclaim")})));
    }
  }

  drawWaiting(st) {
    const board = document.getElementById("board");
    const waiting = st.seats.filter((s) => s.kind === "human" && !s.name).length;
    const link = this.invite;
    const input = el("input", {id: "invite", readonly: true, value: link, size: 40});
    board.replaceChildren(
      el("p", {text: tn("table.waiting", waiting)}),
      this.secret ? el("p", {class: "hint", id: "private-note", text: t("table.private")}) : null,
      el("p", {}, el("label", {for: "invite", text: t("table.invite")}), " ", input, " ",
        el("button", {type: "button", onclick: (e) => {
          input.select();
          navigator.clipboard && navigator.clipboard.writeText(link);
          e.target.textContent = t("table.copied");
        }, text: t("table.copy")})),
      el("ul", {class: "seat-list"}, st.seats.map((s) =>
        el("li", {text: t("seat.name", {seat: s.seat}) + ": " + (s.name || t("lobby.free"))}))),
      this.seat === 0 ? el("button", {type: "button", id: "start-now", onclick: async () => {
        try {
          await api("/api/tables/" + this.id + "/start", {token: this.token});
        } catch (error) {
          status(error.message, "error");
        }
      }, text: t("table.start_now")}) : null);
  }

  drawBoard(st) {
    const v = st.view;
    const board = document.getElementById("board");
    const m = v.match || {};
    const rounds = m.schedule_repeats ? null : (m.schedule || []).length;
    const trumpCard = v.turn_up;
    const head = el("div", {class: "round-info"},
      el("span", {text: rounds ? t("table.round", {round: m.round, rounds}) :
        t("table.round.open", {round: m.round || 1})}),
      el("span", {text: tn("table.hand_size", v.hand_size)}),
      this.bidTotal(v),
      el("span", {class: "trump"}, t("table.trump") + ": ",
        trumpCard ? cardFace(trumpCard, "span", {class: "card small", id: "turn-up"}) : t("table.no_trump"),
        trumpCard ? " (" + (v.trump_source === "dealer_last" ? t("table.dealer_holds") : t("table.turn_up")) + ")" : ""),
    );
    const classic = this.variant && this.variant.family === "classic";
    const totals = classic ? [] : (m.totals || []);  // classic's points are the game's, below
    const current = v.current_trick.cards.length ? v.current_trick : null;
    const trick = current || (this.justDone && !v.current_trick.cards.length ? this.justDone : null);
    // A finished trick on view: the winner's stack takes it.
    const taker = !current && trick && trick.winner !== undefined && trick.winner !== null ?
      trick.winner : null;
    const seats = [];
    for (let s = 0; s < v.players; s++) {
      const info = st.seats[s] || {};
      const tags = [];
      if (s === this.seat) tags.push(t("table.you"));
      if (classic && this.seat !== null && s !== this.seat && (s - this.seat + 4) % 2 === 0) tags.push(t("table.partner"));
      if (classic) tags.push(t("table.side", {side: s % 2}));
      if (s === v.dealer) tags.push(t("table.dealer"));
      if (info.kind === "bot") tags.push(t("table.bot"));
      if (info.taken_over) tags.push(t("table.bot_plays"));
      if (info.kind === "human" && !info.connected && !info.taken_over) tags.push(t("table.away"));
      const known = s === this.seat ? [] : v.known_hands[s] || [];
      const shown = known.length ?
        el("span", {class: "known"}, sortHand(known, trumpLetter(v.trump)).map((c) => cardFace(c, "span", {class: "card small"}))) : null;
      // The cards a seat holds face down: one back each (not this seat's own, shown below).
      const hidden = s === this.seat ? 0 : Math.max(0, v.hand_counts[s] - known.length);
      const won = v.tricks_won[s];
      seats.push(el("div", {
        class: "seat spot-" + this.place(s) + " seat-pos-" + this.offset(s) + "-of-" + v.players +
          (v.to_act === s ? " turn" : "") + (taker === s ? " took" : ""),
        id: "seat-" + s, "aria-current": v.to_act === s ? "true" : null},
      el("span", {class: "name", text: this.name(s)}),
      tags.length ? el("span", {class: "tags", text: tags.join(" · ")}) : null,
      el("span", {class: "stats"},
        classic ? null : el("span", {class: "bid", text: v.bids[s] === null ? t("table.no_bid") : t("table.bid", {bid: v.bids[s]})}),
        el("span", {class: "won", text: t("table.won", {won})}),
        totals.length ? el("span", {class: "total", text: t("table.total", {total: totals[s]})}) : null),
      el("span", {class: "held"},
        el("span", {class: "backs", "aria-hidden": "true"},
          Array.from({length: hidden}, () => el("span", {class: "card back mini"}))),
        el("span", {class: "count", text: tn("table.cards_left", v.hand_counts[s])}),
        // The tricks taken, as a small stack of cards face down.
        el("span", {class: "stack", "aria-hidden": "true"},
          Array.from({length: Math.min(won, 13)}, () => el("span", {class: "taken-trick"})))),
      v.to_act === s ? el("span", {class: "to-act", text: t("table.to_act")}) : null,
      shown));
    }
    const center = el("div", {class: "trick" + (taker !== null ? " taken toward-" + this.place(taker) : ""),
      id: "trick", role: "group", "aria-label": t("table.trick")});
    if (trick) {
      trick.cards.forEach((card, i) => {
        const seat = (trick.leader + i) % v.players;
        center.append(el("div", {class: "played spot-" + this.place(seat) +
            " played-pos-" + this.offset(seat) + "-of-" + v.players +
            (trick.winner === seat ? " winner" : "")},
          cardFace(card, "span", {class: "card"}),
          el("span", {class: "by", text: this.name(seat) + (i === 0 ? " · " + t("table.led") : "")})));
      });
      if (taker !== null) {
        center.append(el("p", {class: "won-by", text: t("table.trick.won", {name: this.name(taker)})}));
      }
    } else {
      center.append(el("p", {class: "empty", text: t("table.trick.empty")}));
    }
    // A click on the felt shows at once what the pause holds back.
    center.addEventListener("click", () => this.release());
    const felt = el("div", {class: "felt seats-" + v.players, id: "felt"}, seats, center);
    board.replaceChildren(...(this.summary ? [this.summaryPanel(st), head, felt] : [head, felt]));
    board.dataset.seq = st.seq;
  }

  // The number Romanian players watch every deal: the bids so far against the hand size,
  // and once all are in, over or under by how much (exact bidding only).
  bidTotal(v) {
    if (this.variant && this.variant.family === "classic") return null;
    const made = v.bids.filter((b) => b !== null);
    if (!made.length) return null;
    const bids = made.reduce((a, b) => a + b, 0);
    const cards = v.hand_size;
    let text = t("table.bid_total", {bids, cards});
    if (made.length === v.players && bids !== cards) {
      const by = Math.abs(bids - cards);
      text += " (" + (bids > cards ? t("table.bid_total.over", {by}) :
        t("table.bid_total.under", {by})) + ")";
    }
    return el("span", {class: "bid-total", id: "bid-total", text});
  }

  myTurn(st) {
    return this.seat !== null && st.view.to_act === this.seat && st.status === "playing" &&
      !(st.seats[this.seat] || {}).taken_over;
  }

  act(action) {
    // One action per position: a double click (or a key held down) sends the first only,
    // so the second never comes back as "the table moved on".
    const seq = this.state.seq;
    if (this.sentSeq === seq) return;
    this.sentSeq = seq;
    this.send({type: "act", action, seq});
  }

  drawActions(st) {
    const box = document.getElementById("actions");
    box.replaceChildren();
    const v = st.view;
    if (this.seat === null || st.status !== "playing") return;
    if (!this.myTurn(st)) {
      if (v.to_act !== null) status(t("table.waiting_for", {name: this.name(v.to_act)}));
      return;
    }
    if (v.phase === "bidding") {
      status(t("table.your_turn.bid"), "turn");
      const legal = v.legal_actions.map((a) => a.bid);
      const turn = st.turn || {};
      const buttons = [];
      for (let bid = 0; bid <= v.hand_size; bid++) {
        if (legal.includes(bid)) {
          buttons.push(el("button", {type: "button", class: "bid-button", "data-bid": bid,
            onclick: () => this.act({seat: this.seat, bid}), text: String(bid)}));
        } else if (turn.forbidden_bid === bid) {
          buttons.push(el("button", {type: "button", class: "bid-button forbidden", disabled: true,
            "data-bid": bid, title: t("table.forbidden", {bid}), text: String(bid)}));
        }
      }
      box.append(el("div", {class: "bids", role: "group", "aria-label": t("table.bids")},
        el("span", {text: t("table.bids") + ": "}), buttons));
      if (turn.forbidden_bid !== undefined) {
        box.append(el("p", {class: "rule-note", id: "forbidden", text: t("table.forbidden", {bid: turn.forbidden_bid})}));
      }
    } else if (v.phase === "playing") {
      status(t("table.your_turn.play"), "turn");
      if (v.blind) {
        box.append(el("button", {type: "button", id: "play-blind",
          onclick: () => this.act({seat: this.seat, card: null}), text: t("table.play_blind")}));
      }
    }
  }

  drawHand(st) {
    const box = document.getElementById("hand");
    const v = st.view;
    box.replaceChildren();
    if (this.seat === null || st.status === "over") return; // no empty hand after the match
    const heading = el("h2", {text: t("table.your_hand")});
    if (v.blind) {
      const backs = Array.from({length: v.hand_counts[this.seat]}, () => cardBack({class: "card back"}));
      box.append(heading, el("p", {text: v.blind === "hidden" ? t("table.your_hand.hidden") : t("table.your_hand.forehead")}),
        el("div", {class: "hand"}, backs));
      return;
    }
    const myTurn = this.myTurn(st) && v.phase === "playing";
    const legal = new Set(v.legal_actions.filter((a) => "card" in a).map((a) => a.card));
    const turn = st.turn || {};
    const blocked = new Set(turn.blocked || []);
    const rule = turn.rule;
    const cards = sortHand(v.hand, trumpLetter(v.trump)).map((card) => {
      const ok = myTurn && legal.has(card);
      const why = myTurn && blocked.has(card) ? rule : null;
      const title = why ? t("table.blocked", {rule: why + (RULES[why] ? " — " + RULES[why].summary : "")}) : null;
      // Only a card the rules stop is dimmed; why is said on hover and focus and below the
      // hand, never as a tag inside the card.
      const button = cardFace(card, "button", {
        type: "button",
        class: "card" + (ok ? " legal" : "") + (why ? " blocked" : ""),
        "aria-disabled": ok ? null : "true",
        "aria-label": cardLabel(card) + (why ? ". " + title : ""),
        title,
        "data-rule": why,
      });
      button.addEventListener("click", (event) => {
        if (event.detail > 1) return;  // the second click of a double click: one card only
        if (ok) this.act({seat: this.seat, card});
        else if (why) status(title, "error");
      });
      return button;
    });
    box.append(heading, el("div", {class: "hand", id: "my-hand", role: "group",
      "aria-label": t("table.your_hand")}, cards));
    if (myTurn && rule && blocked.size) {
      box.append(el("p", {class: "rule-note", id: "blocked-rule",
        text: t("table.blocked", {rule: rule + (RULES[rule] ? " — " + RULES[rule].summary : "")})}));
    }
  }

  drawExtra(st) {
    const box = document.getElementById("extra");
    const v = st.view;
    const parts = [];
    // The last trick, on demand.
    const lastButton = el("button", {type: "button", id: "last-trick-button", "aria-expanded": String(this.showLast),
      onclick: () => { this.showLast = !this.showLast; this.draw(); }, text: t("table.last_trick")});
    parts.push(lastButton);
    if (this.showLast) {
      const lt = this.lastTrick;
      parts.push(lt ? el("div", {class: "last-trick", id: "last-trick"},
        lt.cards.map((card, i) => {
          const seat = (lt.leader + i) % v.players;
          return el("span", {class: "played" + (seat === lt.winner ? " winner" : "")},
            cardFace(card, "span", {class: "card small"}), el("span", {class: "by", text: this.name(seat)}));
        }),
        el("p", {text: t("table.trick.won", {name: this.name(lt.winner)})})) :
        el("p", {text: t("table.last_trick.none")}));
    }
    if (st.status === "over" && st.result) {
      const rows = [...st.result.standings.rows].sort((a, b) => a.place - b.place || a.seat - b.seat);
      const named = (s) => s.name || t("seat.name", {seat: s.seat});
      const first = rows.filter((s) => s.place === 1).map(named);
      parts.push(el("section", {id: "standings", class: "panel"},
        el("h2", {text: t("table.standings")}),
        el("p", {class: "winner", id: "winner", text: first.length === 1 ?
          t("table.winner", {name: first[0]}) : t("table.winners", {names: first.join(", ")})}),
        el("ol", {}, rows.map((s) => el("li", {},
          el("span", {class: "name", text: named(s)}), " ",
          el("span", {text: t("table.points", {total: s.total})}), " ",
          el("span", {class: "hint", text: t("table.ranking", {points: s.display})})))),
        el("p", {class: "hint", id: "ranking-meaning",
          text: this.rankingMeaning(st.result.standings.system, st.view.players)}),
        el("a", {href: "/api/tables/" + this.id + "/record", id: "download", class: "button",
          download: "whist-ro-" + this.id + ".json", text: t("table.download")})));
      status(t("table.over"));
    }
    parts.push(this.sheetTable(st));
    const handovers = [
      ...(st.takeovers || []).map((x) => ["takeover", x]),
      ...(st.reclaims || []).map((x) => ["reclaim", x]),
    ];
    if (handovers.length) {
      parts.push(el("details", {id: "handovers"}, el("summary", {text: t("table.handovers")}),
        // Trick 0 is the bidding: said in words, never "trick 0".
        el("ul", {}, handovers.map(([kind, x]) => el("li", {text: t("table.handover." + kind +
          (x.trick ? "" : ".bidding"),
          // A takeover's reason comes from the server in every language it speaks.
          {...x, reason: (x.translations && x.translations[LANG]) || x.reason,
            name: this.name(x.seat)})})))));
    }
    // The keys that apply here: a seat's turn takes the arrows, Enter and (where there is
    // bidding) the digits; a spectator, a finished match or a seat a bot plays has L only.
    const acting = this.seat !== null && st.status === "playing" &&
      !(st.seats[this.seat] || {}).taken_over;
    const classic = this.variant && this.variant.family === "classic";
    parts.push(el("p", {class: "hint", id: "keys",
      text: !acting ? t("table.keys.watch") : classic ? t("table.keys.classic") : t("table.keys")}));
    box.replaceChildren(...parts);
  }

  // What the ranking numbers beside the standings mean, for the table's system (R-RANK-*).
  rankingMeaning(system, players) {
    const kind = system && system.system;
    if (kind === "table") return t("table.ranking.table", {top: system.per_player * players});
    if (kind === "stake") return t("table.ranking.stake", {amount: system.amount});
    if (kind === "rating") return t("table.ranking.rating", {top: 5 * players, inner: 4 * players});
    return t("table.ranking.other");
  }

  sheetTable(st) {
    const n = st.view.players;
    const classic = this.variant && this.variant.family === "classic";
    const head = el("tr", {}, el("th", {scope: "col", text: t("table.sheet.round")}),
      el("th", {scope: "col", text: t("table.sheet.cards")}),
      Array.from({length: n}, (_, s) => el("th", {scope: "col", text: this.name(s)})));
    const rows = this.sheet.map((row) => el("tr", {},
      el("td", {text: row.number}), el("td", {text: row.hand_size}),
      row.seats.map((x) => el("td", {class: x.bonus ? "bonus" : null,
        text: (classic ? "" : x.bid + "/" + x.tricks + " ") + pointsText(x) + " = " + x.total}))));
    const totals = (st.view.match || {}).totals || [];
    const foot = el("tr", {class: "totals"}, el("th", {scope: "row", colspan: 2, text: t("table.totals")}),
      totals.map((x) => el("td", {text: x})));
    // Behind a button: a panel that opens over the page's foot, its cells wrapping so that
    // nothing scrolls sideways; open or shut as the player left it, across redraws.
    const sheet = el("details", {id: "sheet", class: "sheet-box", open: this.sheetOpen},
      el("summary", {class: "button", text: t("table.score_sheet")}),
      el("div", {class: "sheet-panel", role: "region", "aria-label": t("table.score_sheet")},
        el("table", {class: "sheet seats-" + n}, el("thead", {}, head),
        el("tbody", {}, rows), el("tfoot", {}, foot))));
    sheet.addEventListener("toggle", () => { this.sheetOpen = sheet.open; });
    return sheet;
  }

  drawClock(st) {
    clearInterval(this.timer);
    if (st.time_left === null || st.time_left === undefined || st.status !== "playing") return;
    const end = Date.now() + st.time_left * 1000;
    const tick = () => {
      const left = Math.max(0, Math.round((end - Date.now()) / 1000));
      const seatBox = document.getElementById("seat-" + st.view.to_act);
      if (seatBox) {
        let clock = seatBox.querySelector(".clock");
        if (!clock) { clock = el("span", {class: "clock"}); seatBox.append(clock); }
        clock.textContent = t("table.time_left", {seconds: left});
      }
    };
    tick();
    this.timer = setInterval(tick, 1000);
  }

  // -- turns and seats that change hands: the status strip (issue 27, items 4 and 6) --

  // The socket went down (not for good): the hand goes inactive until the table is back.
  wentAway() {
    const room = this.room;
    if (!room.offline && this.state) room.awayFrom = seenKey(this.state);
    room.offline = true;
    if (this.state) this.drawRoom(this.state);
  }

  // A whole "state" after being away: if a trick was finished meanwhile, it is shown.
  cameBack(msg) {
    const room = this.room;
    if (room.awayFrom !== null) {
      const lt = msg.last_trick;
      if (lt && lt.round !== undefined && later([lt.round, lt.trick], room.awayFrom)) {
        room.missed = lt;
        room.missedAt = seenKey(msg);
      }
      room.awayFrom = null;
    }
    room.offline = false;
    room.displaced = false;
  }

  // Another tab (or browser) opened this seat: this one stops, and offers to take it back.
  displacedHere() {
    const room = this.room;
    if (this.state && !room.displaced) room.awayFrom = seenKey(this.state);
    room.displaced = true;
    if (this.state) this.drawRoom(this.state);
    const button = document.getElementById("play-here");
    if (button) button.focus({preventScroll: true});
  }

  // "Play here instead": connect again; the server gives this tab the seat, the other
  // tab is told it was displaced.
  playHere() {
    this.closed = false;
    this.retry = 0;
    this.connect();
  }

  // What the strip says after each drawing: the decision clock, a trick missed while
  // away, a displaced tab's button; and a hand that cannot act while the table is away.
  drawRoom(st) {
    const room = this.room;
    const notes = document.getElementById("room-notes");
    if (!notes || !st) return;
    if (room.missed && room.missedAt && st.view && later(seenKey(st), room.missedAt)) {
      room.missed = null; // a later trick is finished: the missed one is the past
    }
    const inactive = room.offline || room.displaced;
    const mine = Boolean(st.view) && this.myTurn(st) && !inactive;
    if (mine && room.wasMyTurn === false) { // the transition to this seat's turn only
      room.turnsBegun += 1;
      turnCue();
    }
    if (!inactive) room.wasMyTurn = mine;
    const parts = [];
    clearInterval(room.clockTimer);
    if (mine && room.timeLimit && st.time_left !== null && st.time_left !== undefined) {
      parts.push(this.decisionClock(st));
    }
    if (room.missed) parts.push(this.missedTrick(room.missed, st));
    if (room.displaced) {
      parts.push(el("p", {class: "warn", id: "displaced"}, t("table.displaced"), " ",
        el("button", {type: "button", id: "play-here", onclick: () => this.playHere(),
          text: t("table.play_here")})));
    }
    notes.replaceChildren(...parts);
    const hand = document.getElementById("hand");
    if (hand) hand.classList.toggle("inactive", inactive);
    if (inactive) {
      // Not clickable, not raised as playable: the table cannot hear this page now.
      for (const button of document.querySelectorAll("#my-hand button, #actions button")) {
        button.disabled = true;
        button.setAttribute("aria-disabled", "true");
        button.classList.remove("legal");
      }
    }
  }

  // This seat's own time per decision, as a bar counting down from the server's deadline
  // (the seconds it said were left, when its message came).
  decisionClock(st) {
    const room = this.room;
    if (room.clockSeq !== st.seq) {
      room.clockSeq = st.seq;
      room.clockEnd = Date.now() + st.time_left * 1000;
    }
    const bar = el("progress", {id: "decision-clock", class: "decision-clock",
      max: room.timeLimit, "aria-label": t("table.clock")});
    const text = el("span", {id: "decision-clock-text", class: "clock-text"});
    const tick = () => {
      const left = Math.max(0, (room.clockEnd - Date.now()) / 1000);
      bar.value = left;
      text.textContent = t("table.time_left", {seconds: Math.round(left)});
    };
    tick();
    room.clockTimer = setInterval(tick, 250);
    return el("p", {class: "decision"}, bar, " ", text);
  }

  missedTrick(lt, st) {
    const n = st.view ? st.view.players : this.players;
    return el("section", {id: "missed-trick", class: "missed-trick", role: "group",
      "aria-label": t("table.missed")},
    el("p", {text: t("table.missed.won", {name: this.name(lt.winner)})}),
    el("div", {class: "last-trick"}, lt.cards.map((card, i) => {
      const seat = (lt.leader + i) % n;
      return el("span", {class: "played" + (seat === lt.winner ? " winner" : "")},
        cardFace(card, "span", {class: "card small"}), el("span", {class: "by", text: this.name(seat)}));
    })));
  }

  onKey(event) {
    if (!this.state || !this.state.view || event.target.tagName === "INPUT") return;
    const key = event.key;
    if (key === "l" || key === "L") {
      this.showLast = !this.showLast;
      this.draw();
      return;
    }
    if (/^[0-9]$/.test(key)) {
      const button = document.querySelector('.bid-button[data-bid="' + key + '"]:not([disabled])');
      if (button) button.click();
      return;
    }
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const cards = [...document.querySelectorAll("#my-hand .card")];
      if (!cards.length) return;
      const at = cards.indexOf(document.activeElement);
      const next = at < 0 ? 0 : (at + (key === "ArrowRight" ? 1 : -1) + cards.length) % cards.length;
      cards[next].focus();
      event.preventDefault();
    }
  }
}

// -- turns and seats that change hands (issue 27, items 4 and 6) ---------------------------

// What the strip below the status keeps between drawings.
class RoomState {
  constructor() {
    this.offline = false;   // the socket is down; the page reconnects
    this.displaced = false; // another tab took this seat ("replaced"): no reconnecting
    this.awayFrom = null;   // the last trick this page had seen when it went away
    this.missed = null;     // a trick finished while away (the server's last_trick)
    this.missedAt = null;   // ... shown until a later trick is finished
    this.wasMyTurn = null;  // null before the first drawing: a page opened on its turn is quiet
    this.turnsBegun = 0;    // transitions to this seat's turn (the cue's, counted)
    this.timeLimit = null;  // the table's time per decision, from "welcome"
    this.clockSeq = null;
    this.clockEnd = 0;
    this.clockTimer = null;
  }
}

// Where a page is in the match: the round, and the tricks finished in it.
function seenKey(st) {
  const v = st && st.view;
  return v ? [(v.match && v.match.round) || 1, v.tricks.length] : [0, 0];
}
const later = (a, b) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

// The turn's cue: a short tone (WebAudio) and, where the device can, a short vibration.
// Off by default; the choice is kept in localStorage "whist-ro:sound" ("on" or "off"),
// and the one switch covers both.
const SOUND_KEY = "whist-ro:sound";
function soundOn() {
  return localStorage.getItem(SOUND_KEY) === "on";
}
let audio = null;
function audioContext() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!audio) audio = new Context();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}
function turnCue() {
  if (!soundOn()) return;
  const context = audioContext();
  if (context) {
    const now = context.currentTime;
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.type = "sine";
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.12, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.25);
    tone.connect(gain);
    gain.connect(context.destination);
    tone.start(now);
    tone.stop(now + 0.25);
  }
  if (navigator.vibrate) navigator.vibrate(120);
}
// The strip under the status: the sound switch, then what drawRoom says.
function roomStrip() {
  const toggle = el("button", {type: "button", id: "sound-toggle", class: "sound-toggle",
    "aria-pressed": String(soundOn()), text: t("table.sound")});
  toggle.addEventListener("click", () => {
    const on = !soundOn();
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
    toggle.setAttribute("aria-pressed", String(on));
    if (on) audioContext(); // a click may start the audio; a turn later may not
  });
  return el("div", {id: "room-strip", class: "room-strip"}, toggle,
    el("div", {id: "room-notes", class: "room-notes"}));
}

// -- the referee ------------------------------------------------------------------------

function refereePage() {
  const root = main();
  const kindRecord = el("input", {type: "radio", name: "kind", id: "kind-record", value: "record", checked: true});
  const kindSheet = el("input", {type: "radio", name: "kind", id: "kind-sheet", value: "sheet"});
  const file = el("input", {type: "file", id: "referee-file", accept: ".json,.txt,.csv,text/*"});
  const text = el("textarea", {id: "referee-text", rows: 12, cols: 60, spellcheck: "false"});
  const variant = el("select", {id: "referee-variant"},
    ["romanian", "inverted"].map((v) => el("option", {value: v, text: v})));
  const result = el("section", {id: "verdict", "aria-live": "polite"});
  file.addEventListener("change", () => {
    const chosen = file.files[0];
    if (!chosen) return;
    if (/\.csv$/i.test(chosen.name)) kindSheet.checked = true;
    chosen.text().then((content) => { text.value = content; });
  });
  const form = el("form", {class: "panel", id: "referee"},
    el("h1", {text: t("referee.title")}),
    el("p", {text: t("referee.intro")}),
    el("p", {}, kindRecord, " ", el("label", {for: "kind-record", text: t("referee.kind.record")})),
    el("p", {}, kindSheet, " ", el("label", {for: "kind-sheet", text: t("referee.kind.sheet")}), " ",
      el("label", {for: "referee-variant", text: t("referee.variant")}), " ", variant),
    el("p", {}, el("label", {for: "referee-file", text: t("referee.file")}), " ", file),
    el("p", {}, el("label", {for: "referee-text", text: t("referee.text")})), text,
    el("p", {}, el("button", {type: "submit", id: "referee-check", text: t("referee.check")})));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    result.replaceChildren();
    try {
      const verdict = await api("/api/referee", {
        kind: kindSheet.checked ? "sheet" : "record", text: text.value, variant: variant.value,
        lang: LANG});
      drawVerdict(result, verdict);
      if (verdict.kind === "record" && !verdict.violation) offerAnalysis(result, text.value);
    } catch (error) {
      result.append(el("p", {class: "error", text: error.message}));
    }
  });
  root.replaceChildren(form, result);
}

function quoteRule(item) {
  return el("blockquote", {class: "rule"},
    el("p", {}, el("strong", {text: item.rule + " " + (item.rule_title || "")})),
    el("p", {text: item.rule_text || item.rule_summary || ""}));
}

// How the referee names a seat: the record's player ("Ana (seat 0)"), else "seat 0".
function refereeName(names, seat) {
  return names && names[seat] ? names[seat] : t("seat.name", {seat});
}

function drawPosition(p, names) {
  const seats = p.hands.map((hand, s) => el("div", {class: "hand-row"},
    el("span", {class: "name", text: (names && names[s] ? names[s] : t("referee.hand_of", {seat: s})) +
      (p.bids[s] === null ? "" : " · " + t("table.bid", {bid: p.bids[s]})) +
      (s === p.dealer ? " · " + t("table.dealer") : "") +
      (s === p.to_act ? " · " + t("table.to_act") : "")}),
    el("span", {class: "hand"}, sortHand(hand, trumpLetter(p.trump)).map((c) => cardFace(c, "span", {class: "card small"})))));
  return el("section", {class: "position", id: "position"},
    el("h2", {text: t("referee.position")}),
    el("p", {}, t("table.round.open", {round: p.round}), " · ", tn("table.hand_size", p.hand_size), " · ",
      t("table.trump") + ": ", p.turn_up ? cardFace(p.turn_up, "span", {class: "card small"}) : t("table.no_trump")),
    seats,
    p.trick.length ? el("div", {class: "trick-row"}, el("span", {text: t("referee.trick_so_far") + ": "}),
      p.trick.map((play) => el("span", {class: "played"}, cardFace(play.card, "span", {class: "card small"}),
        el("span", {class: "by", text: refereeName(names, play.seat)})))) : null);
}

function drawVerdict(box, v) {
  const parts = [];
  if (v.kind === "error") {
    parts.push(el("p", {class: "error verdict-line", text: t("referee.unreadable", {message: v.text})}));
  } else if (v.ok) {
    parts.push(el("p", {class: "ok verdict-line", id: "verdict-line", text: t("referee.ok")}));
  } else if (v.kind === "record" && v.violation) {
    const x = v.violation;
    parts.push(el("p", {class: "error verdict-line", id: "verdict-line",
      text: t("referee.illegal", {where: x.where, rule: x.rule})}));
    parts.push(el("p", {text: x.explanation}));
    parts.push(quoteRule(x));
    if (x.position) parts.push(drawPosition(x.position, v.seat_names));
  } else if (v.kind === "sheet" && v.problems.length) {
    parts.push(el("p", {class: "error verdict-line", id: "verdict-line",
      text: tn("referee.problems", v.problems.length)}));
    for (const p of v.problems) parts.push(el("p", {text: p.explanation}), quoteRule(p));
  }
  if (v.differences && v.differences.length) {
    parts.push(el("h2", {text: t("referee.differences")}),
      el("ul", {}, v.differences.map((d) => el("li", {
        text: t("referee.difference", {...d, who: refereeName(v.seat_names, d.seat)})}))));
  }
  if (v.text) {
    parts.push(el("details", {}, el("summary", {text: t("referee.report")}), el("pre", {text: v.text})));
  }
  box.replaceChildren(...parts);
}

// The post-mortem of a legal record: asked on request, in the referee's pool.
function offerAnalysis(box, recordText) {
  const section = el("section", {id: "analysis", "aria-live": "polite"});
  const button = el("button", {type: "button", id: "referee-analyse", text: t("referee.analyse")});
  button.addEventListener("click", async () => {
    if (button.disabled) return;  // one request at a time
    button.disabled = true;
    section.replaceChildren(el("p", {text: t("referee.analysing")}));
    try {
      const found = await api("/api/referee", {kind: "analysis", text: recordText, lang: LANG});
      if (found.kind === "analysis") drawAnalysis(section, found);
      else drawVerdict(section, found);
    } catch (error) {
      section.replaceChildren(el("p", {class: "error", text: error.message}));
    } finally {
      button.disabled = false;
    }
  });
  box.append(el("p", {}, button), section);
}

function drawAnalysis(box, found) {
  const items = found.verdicts.map((v) => {
    // A makeable bid that was missed is the line a table argues about.
    const lost = v.made === false && v.makeable === true;
    return el("li", {class: lost ? "verdict lost" : "verdict", text: v.text});
  });
  const parts = [
    el("h2", {text: t("referee.analysis")}),
    el("p", {text: t("referee.analysis_note")}),
    el("p", {class: "verdict-line", id: "analysis-summary", text: found.summary}),
    el("ol", {id: "analysis-lines"}, items),
  ];
  if (!found.complete) parts.push(el("p", {id: "analysis-unknown", text: t("referee.analysis_unknown")}));
  box.replaceChildren(...parts);
}

boot();
