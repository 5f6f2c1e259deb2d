// The local channel: one server, a few channels, every seat playable from one browser.
// The page asks the web app for what the current seat sees and redraws when told of a change.
"use strict";

const BUTTON_STYLES = { 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link" };
const SEAT_COLOURS = ["#f47b67", "#3ba55c", "#5865f2", "#faa61a", "#eb459e", "#00a8fc"];
const state = { world: null, seat: null, channel: null, suggestions: [], pick: -1, sent: 0 };
const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(path, opts);
  } catch (err) { // the server is gone: say so rather than act on a page that is stale
    linkBroken();
    const what = body === undefined ? "Cannot reach" : "Not sent: cannot reach";
    throw new Error(`${what} the local server: it stopped or is restarting.`);
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `${response.status} ${response.statusText}`);
  return data;
}

// -- the world ------------------------------------------------------------------------------
async function start() {
  state.world = await api("/api/world");
  $("guild-name").textContent = state.world.guild;
  const params = new URLSearchParams(location.search);
  const seat = byName(state.world.seats, params.get("seat")) || byName(state.world.seats, localStorage.getItem("seat")) || state.world.seats[0];
  const channel = byName(state.world.channels, params.get("channel")) || byName(state.world.channels, localStorage.getItem("channel")) || byName(state.world.channels, "games") || state.world.channels[0];
  state.seat = seat.id;
  state.channel = channel.id;
  drawSidebar();
  connect();
  await refresh(true);
}

function byName(list, name) {
  return list.find((x) => x.name.toLowerCase() === String(name || "").toLowerCase());
}

function seatName(id) {
  const seat = state.world.seats.find((s) => s.id === id);
  return seat ? seat.name : "?";
}

function drawSidebar() {
  const channels = $("channels");
  channels.innerHTML = "";
  for (const c of state.world.channels) {
    const li = document.createElement("li");
    li.className = "channel" + (c.id === state.channel ? " active" : "") + (c.thread ? " thread" : "");
    li.dataset.channel = c.name;
    li.innerHTML = c.thread ? `<span class="hash">↳</span>${escapeHtml(c.name)}` : `<span class="hash">#</span>${escapeHtml(c.name)}`;
    li.onclick = () => {
      state.channel = c.id;
      localStorage.setItem("channel", c.name);
      drawer(false);
      drawSidebar();
      refresh(true);
    };
    channels.appendChild(li);
  }
  const seats = $("seats");
  seats.innerHTML = "";
  state.world.seats.forEach((s, i) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "seat" + (s.id === state.seat ? " active" : "");
    b.dataset.seat = s.name;
    b.setAttribute("role", "tab");
    b.setAttribute("aria-selected", s.id === state.seat ? "true" : "false");
    b.innerHTML = `<span class="avatar" style="background:${SEAT_COLOURS[i % SEAT_COLOURS.length]}">${escapeHtml(s.name[0])}</span>${escapeHtml(s.name)}`;
    b.onclick = () => {
      state.seat = s.id;
      localStorage.setItem("seat", s.name);
      delete document.body.dataset.drawnSeat;
      drawer(false);
      drawSidebar();
      refresh(true);
    };
    seats.appendChild(b);
  });
  const channel = state.world.channels.find((c) => c.id === state.channel);
  $("channel-name").textContent = channel.name;
  $("seat-name").textContent = `as ${seatName(state.seat)}`;
  $("box").placeholder = `Message #${channel.name} as ${seatName(state.seat)}: type / for commands`;
  document.body.dataset.seat = seatName(state.seat);
}

// -- live updates, and being honest when they stop -----------------------------------------
// Lost: the dot turns red, a banner says nothing sent reaches the server, and the page tries
// again, waiting twice as long each time (up to RETRY_MAX). Back: the page reads the world
// again; a restarted server has new ids for the same seats and channels, so it joins them by
// name and drops what it showed of the old session. Anything sent while not connected is
// refused in words (a command stays in the box): never queued for a server that may be new.
const RETRY_FIRST = 500, RETRY_MAX = 8000; // milliseconds
const link = { ws: null, online: false, tries: 0, timer: null, retryAt: 0, ticker: null };

function connect() {
  clearTimeout(link.timer);
  link.timer = null;
  if (link.ws) { link.ws.onclose = null; link.ws.close(); }
  setConnection("connecting");
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  link.ws = ws;
  ws.onopen = async () => {
    try {
      await resync();
    } catch (err) {
      ws.close();
      return;
    }
    if (link.ws !== ws) return;
    link.tries = 0;
    setConnection("online");
  };
  ws.onmessage = () => { if (link.online) refresh(false); };
  ws.onclose = () => {
    if (link.ws !== ws) return;
    link.ws = null;
    retryLater();
  };
}

function linkBroken() {
  if (link.ws && link.ws.readyState === WebSocket.OPEN) link.ws.close(); // onclose retries
}

function retryLater() {
  setConnection("offline");
  const wait = Math.min(RETRY_MAX, RETRY_FIRST * 2 ** link.tries);
  link.tries += 1;
  link.retryAt = Date.now() + wait;
  link.timer = setTimeout(connect, wait);
  showStale();
}

function setConnection(status) {
  link.online = status === "online";
  const dot = $("connection");
  dot.className = status;
  const words = { online: "Connected: live updates", connecting: "Connecting…", offline: "Not connected" }[status];
  dot.title = words;
  dot.setAttribute("aria-label", words);
  document.body.classList.toggle("offline", status !== "online");
  if (status === "online" && !$("banner").classList.contains("info")) banner(null);
  if (status !== "offline") { clearInterval(link.ticker); link.ticker = null; }
}

function showStale() {
  const say = () => {
    const seconds = Math.max(0, Math.ceil((link.retryAt - Date.now()) / 1000));
    banner("Not connected to the local server: it stopped or is restarting. Nothing you do here " +
      `reaches it until the page reconnects. Trying again ${seconds ? `in ${seconds} s` : "now"}.`, "stale");
  };
  say();
  clearInterval(link.ticker);
  link.ticker = setInterval(say, 1000);
}

function banner(text, kind) {
  const el = $("banner");
  el.hidden = !text;
  el.classList.toggle("info", kind === "info");
  $("banner-text").textContent = text || "";
  $("reconnect").hidden = kind !== "stale";
  $("banner-close").hidden = kind !== "info";
}

async function resync() {
  const world = await api("/api/world");
  const ids = (w) => JSON.stringify([w.seats.map((s) => s.id), w.channels.map((c) => c.id)]);
  const before = state.world;
  const restarted = !world.seats.some((s) => s.id === state.seat);
  if (ids(world) !== ids(before)) {
    // a new server (ids differ) or a thread opened: the same seat and channel, by name
    const seat = byName(world.seats, seatName(state.seat)) || world.seats[0];
    const old = before.channels.find((c) => c.id === state.channel);
    const channel = (old && byName(world.channels, old.name)) || byName(world.channels, "games") || world.channels[0];
    state.world = world;
    state.seat = seat.id;
    state.channel = channel.id;
    if (restarted) {
      drawnCache.clear();
      $("messages").textContent = "";
      banner("The local server restarted: this is a new session, and the messages from before are gone.", "info");
    }
    drawSidebar();
  }
  await refresh(restarted); // a reader scrolled up in the same session stays where they were
}

function drawer(open) {
  document.body.classList.toggle("drawer-open", open);
  $("menu-toggle").setAttribute("aria-expanded", String(open));
}

/** Refuse to act while not connected: true (and a note saying so) if the page is stale. */
function refusedOffline(kept) {
  if (link.online) return false;
  note(`Not sent: the page is not connected to the local server.${kept ? " " + kept : ""}`);
  return true;
}

let refreshing = null;
let again = false;
async function refresh(jump) {
  if (refreshing) { again = true; return refreshing; }
  refreshing = (async () => {
    do {
      again = false;
      const seat = state.seat, channel = state.channel;
      try {
        const data = await api(`/api/messages?seat=${seat}&channel=${channel}`);
        if (data.channels !== state.world.channels.length) { // the bot opened a thread
          state.world = await api("/api/world");
          drawSidebar();
        }
        if (seat === state.seat && channel === state.channel) {
          drawMessages(data.messages, jump);
          drawForm(data.forms);
          for (const b of document.querySelectorAll("#seats .seat")) {
            const id = state.world.seats.find((s) => s.name === b.dataset.seat).id;
            b.classList.toggle("pinged", data.pinged.includes(id));
            b.title = data.pinged.includes(id) ? `${b.dataset.seat} was pinged here last` : "";
          }
        }
      } catch (err) {
        note(String(err.message || err));
      }
    } while (again);
    refreshing = null;
  })();
  return refreshing;
}

// -- messages -------------------------------------------------------------------------------
function dismissedKey() { return `dismissed:${state.seat}`; }
function dismissed() { return new Set(JSON.parse(localStorage.getItem(dismissedKey()) || "[]")); }

const drawnCache = new Map(); // message id -> {key, el}: unchanged messages keep their element

// The reader is "at the bottom" until they scroll up; while they are, the view follows what is
// added there, images too once they have loaded (and so their height).
const follow = { atBottom: true };

function nearBottom(box) { return box.scrollHeight - box.scrollTop - box.clientHeight < 80; }

function drawMessages(messages, jump) {
  const box = $("messages");
  const atBottom = follow.atBottom;
  const hidden = dismissed();
  const openSelect = document.activeElement && document.activeElement.tagName === "SELECT";
  if (openSelect) { setTimeout(() => refresh(false), 1000); return; } // not while choosing in a menu
  const wanted = [];
  const keep = new Set();
  for (const m of messages) {
    if (hidden.has(m.id)) continue;
    const key = `${state.seat}:${JSON.stringify(m)}`;
    let cached = drawnCache.get(m.id);
    if (!cached || cached.key !== key) {
      cached = { key, el: drawMessage(m) };
      drawnCache.set(m.id, cached);
    }
    keep.add(m.id);
    wanted.push(cached.el);
  }
  for (const id of [...drawnCache.keys()]) if (!keep.has(id)) drawnCache.delete(id);
  // only new or changed messages are touched: an element being clicked is never moved
  let same = true;
  const empty = box.querySelector(".empty");
  if (empty && wanted.length) empty.remove();
  wanted.forEach((el, i) => {
    if (box.children[i] !== el) {
      box.insertBefore(el, box.children[i] || null);
      same = false;
    }
  });
  while (box.children.length > wanted.length) { box.lastElementChild.remove(); same = false; }
  if (!wanted.length && !box.children.length) {
    box.innerHTML = `<div class="empty">Nothing here yet. Start a game: <code>/game new game:cemetery</code>, then switch seats and <code>/game join</code>.</div>`;
  }
  if (jump || (atBottom && !same)) {
    box.scrollTop = box.scrollHeight;
    follow.atBottom = true;
  }
  document.body.dataset.drawnSeat = seatName(state.seat); // what the page shows now (tests wait on it)
  document.body.dataset.drawn = String(Number(document.body.dataset.drawn || 0) + 1);
}

function drawMessage(m) {
  const el = document.createElement("article");
  el.className = "message";
  el.dataset.id = m.id;
  if (m.ephemeral) el.classList.add("ephemeral");
  if (m.mentions_me) el.classList.add("mentioned");
  if (m.failure) el.classList.add("failure");
  let html = "";
  if (m.used) {
    html += `<div class="used"><span class="reply-curve"></span><strong>${escapeHtml(m.used.user)}</strong> used <span class="command">${escapeHtml(m.used.command)}</span></div>`;
  }
  html += `<div class="body"><div class="avatar bot">${m.failure ? "!" : "T"}</div><div class="content">`;
  if (!m.failure) {
    html += `<div class="author">${escapeHtml(m.author)} <span class="app-tag">APP</span>${m.edited ? ' <span class="edited">(edited)</span>' : ""}</div>`;
  }
  if (m.loading) {
    html += `<div class="text loading">${escapeHtml(m.author)} is thinking<span class="dots">...</span></div>`;
  } else if (m.content) {
    html += `<div class="text">${markdown(m.content, m.names, state.seat)}</div>`;
  }
  html += `</div></div>`;
  el.innerHTML = html;
  const content = el.querySelector(".content");
  for (const e of m.embeds || []) content.appendChild(drawEmbed(e, m));
  const images = (m.attachments || []).filter((a) => a.image && !embedUses(m, a.filename));
  for (const a of images) {
    const img = document.createElement("img");
    img.className = "attachment";
    img.src = a.url;
    img.alt = a.description || a.filename;
    img.dataset.filename = a.filename;
    img.onclick = () => window.open(a.url, "_blank");
    content.appendChild(img);
  }
  for (const a of (m.attachments || []).filter((x) => !x.image)) {
    const link = document.createElement("a");
    link.className = "file";
    link.href = a.url;
    link.textContent = `📄 ${a.filename}`;
    content.appendChild(link);
  }
  for (const row of m.components || []) content.appendChild(drawRow(row, m));
  if (m.ephemeral) {
    const foot = document.createElement("div");
    foot.className = "only-you";
    foot.innerHTML = `👁 Only you can see this · <a href="#" class="dismiss">Dismiss message</a>`;
    foot.querySelector(".dismiss").onclick = (ev) => {
      ev.preventDefault();
      const set = dismissed();
      set.add(m.id);
      localStorage.setItem(dismissedKey(), JSON.stringify([...set]));
      el.remove();
    };
    content.appendChild(foot);
  }
  return el;
}

function embedUses(m, filename) {
  return (m.embeds || []).some((e) => [e.image, e.thumbnail].some((x) => x && x.url === `attachment://${filename}`));
}

function attachmentUrl(m, url) {
  if (!url) return null;
  if (url.startsWith("attachment://")) {
    const a = (m.attachments || []).find((x) => `attachment://${x.filename}` === url);
    return a ? a.url : null;
  }
  return url;
}

function drawEmbed(e, m) {
  const el = document.createElement("div");
  el.className = "embed";
  if (e.color !== undefined && e.color !== null) el.style.borderLeftColor = `#${Number(e.color).toString(16).padStart(6, "0")}`;
  let html = "";
  if (e.author && e.author.name) html += `<div class="embed-author">${escapeHtml(e.author.name)}</div>`;
  if (e.title) html += `<div class="embed-title">${markdown(e.title, m.names, state.seat)}</div>`;
  if (e.description) html += `<div class="embed-description">${markdown(e.description, m.names, state.seat)}</div>`;
  if (e.fields && e.fields.length) {
    html += `<div class="embed-fields">` + e.fields.map((f) =>
      `<div class="embed-field${f.inline ? " inline" : ""}"><div class="embed-field-name">${markdown(f.name, m.names, state.seat)}</div><div>${markdown(f.value, m.names, state.seat)}</div></div>`).join("") + `</div>`;
  }
  const image = e.image && attachmentUrl(m, e.image.url);
  if (image) html += `<img class="embed-image attachment" src="${escapeHtml(image)}" alt="">`;
  const thumb = e.thumbnail && attachmentUrl(m, e.thumbnail.url);
  if (thumb) html += `<img class="embed-thumb" src="${escapeHtml(thumb)}" alt="">`;
  if (e.footer && e.footer.text) html += `<div class="embed-footer">${escapeHtml(e.footer.text)}</div>`;
  el.innerHTML = html;
  return el;
}

function drawRow(row, m) {
  const el = document.createElement("div");
  el.className = "components";
  for (const c of row.components || []) {
    if (c.type === 2) el.appendChild(drawButton(c, m));
    else if (c.type === 3) el.appendChild(drawSelect(c, m));
  }
  return el;
}

function drawButton(c, m) {
  const style = BUTTON_STYLES[c.style] || "secondary";
  if (style === "link") {
    const a = document.createElement("a");
    a.className = "button link";
    a.href = c.url;
    a.target = "_blank";
    a.rel = "noopener";
    a.textContent = `${c.emoji && c.emoji.name ? c.emoji.name + " " : ""}${c.label || ""} ↗`;
    return a;
  }
  const b = document.createElement("button");
  b.type = "button";
  b.className = `button ${style}`;
  b.disabled = !!c.disabled;
  b.dataset.customId = c.custom_id;
  b.textContent = `${c.emoji && c.emoji.name ? c.emoji.name + " " : ""}${c.label || ""}`;
  b.onclick = async () => {
    if (refusedOffline()) return;
    b.disabled = true;
    b.classList.add("busy");
    try {
      await api("/api/click", { seat: state.seat, message: m.id, custom_id: c.custom_id });
    } catch (err) {
      note(err.message);
      b.disabled = false;
      b.classList.remove("busy");
    }
  };
  return b;
}

function drawSelect(c, m) {
  const wrap = document.createElement("div");
  wrap.className = "select";
  const sel = document.createElement("select");
  sel.dataset.customId = c.custom_id;
  sel.disabled = !!c.disabled;
  const multi = (c.max_values || 1) > 1;
  sel.multiple = multi;
  if (!multi) {
    const ph = document.createElement("option");
    ph.value = "";
    ph.textContent = c.placeholder || "Make a selection";
    ph.disabled = true;
    ph.selected = true;
    sel.appendChild(ph);
  }
  for (const o of c.options || []) {
    const opt = document.createElement("option");
    opt.value = o.value;
    opt.textContent = o.description ? `${o.label} (${o.description})` : o.label;
    sel.appendChild(opt);
  }
  const send = async () => {
    if (refusedOffline()) {
      sel.value = "";
      return;
    }
    const values = [...sel.selectedOptions].map((o) => o.value).filter((v) => v !== "");
    sel.disabled = true;
    sel.blur();
    try {
      await api("/api/select", { seat: state.seat, message: m.id, custom_id: c.custom_id, values });
    } catch (err) {
      note(err.message);
      sel.disabled = false;
    }
  };
  wrap.appendChild(sel);
  if (multi) {
    sel.size = Math.min(8, (c.options || []).length);
    const b = document.createElement("button");
    b.type = "button";
    b.className = "button primary";
    b.textContent = `Choose (${c.min_values ?? 1}-${c.max_values})`;
    b.onclick = send;
    wrap.appendChild(b);
  } else {
    sel.onchange = send;
  }
  return wrap;
}

// -- the command box -------------------------------------------------------------------------
// -- forms (modals): one the bot opened for this seat, until it is sent or closed ------------
function drawForm(list) {
  const f = list && list[0];
  const dialog = $("form-dialog");
  if (!f) {
    if (dialog.open) dialog.close();
    dialog.dataset.interaction = "";
    return;
  }
  if (dialog.dataset.interaction === f.interaction && dialog.open) return;
  dialog.dataset.interaction = f.interaction;
  for (const b of document.querySelectorAll("#messages button.busy")) {  // the click's answer
    b.disabled = false;
    b.classList.remove("busy");
  }
  $("form-title").textContent = f.title;
  const box = $("form-fields");
  box.textContent = "";
  for (const field of f.fields) {
    const label = document.createElement("label");
    label.className = "form-field";
    const name = document.createElement("span");
    name.className = "form-label";
    name.textContent = field.label + (field.required ? " *" : "");
    label.append(name);
    if (field.description) {
      const d = document.createElement("span");
      d.className = "form-description";
      d.textContent = field.description;
      label.append(d);
    }
    const input = document.createElement(field.paragraph ? "textarea" : "input");
    input.name = field.custom_id;
    input.value = field.value;
    input.placeholder = field.placeholder;
    input.maxLength = field.max_length;
    if (field.min_length) input.minLength = field.min_length;
    input.required = field.required;
    label.append(input);
    box.append(label);
  }
  $("form-error").hidden = true;
  dialog.showModal();
  const first = box.querySelector("input, textarea");
  if (first) first.focus();
}

async function sendForm(close) {
  const dialog = $("form-dialog");
  if (!link.online) {
    $("form-error").textContent = "Not sent: the page is not connected to the local server.";
    $("form-error").hidden = false;
    return;
  }
  const body = { seat: state.seat, interaction: dialog.dataset.interaction };
  if (close) body.close = true;
  else {
    body.values = {};
    for (const input of $("form-fields").querySelectorAll("input, textarea")) body.values[input.name] = input.value;
  }
  try {
    await api("/api/form", body);
    dialog.close();
  } catch (err) {
    $("form-error").textContent = err.message;
    $("form-error").hidden = false;
  }
}

function note(text) {
  const n = $("composer-note");
  n.textContent = text;
  n.hidden = !text;
  clearTimeout(note.timer);
  if (text) note.timer = setTimeout(() => { n.hidden = true; }, 6000);
}

let suggestTimer = null;
let suggestAsked = 0;
function askSuggestions() {
  clearTimeout(suggestTimer);
  suggestTimer = setTimeout(async () => {
    const text = $("box").value;
    const asked = ++suggestAsked;
    if (!text.startsWith("/")) { showSuggestions([]); return; }
    try {
      const data = await api(`/api/suggest?seat=${state.seat}&channel=${state.channel}&text=${encodeURIComponent(text)}`);
      if (asked === suggestAsked) showSuggestions(data.suggestions || []);
    } catch (err) {
      showSuggestions([]);
    }
  }, 120);
}

function showSuggestions(list) {
  state.suggestions = list;
  state.pick = -1;
  const ul = $("suggestions");
  ul.innerHTML = "";
  list.forEach((s, i) => {
    const li = document.createElement("li");
    li.className = "suggestion";
    li.dataset.index = i;
    li.innerHTML = `<span class="label">${escapeHtml(s.label)}</span><span class="detail">${escapeHtml(s.detail || "")}</span>`;
    li.onmousedown = (ev) => { ev.preventDefault(); choose(i); };
    ul.appendChild(li);
  });
  ul.hidden = list.length === 0;
}

function highlight(i) {
  state.pick = i;
  [...$("suggestions").children].forEach((li, j) => li.classList.toggle("picked", j === i));
}

function choose(i) {
  const s = state.suggestions[i];
  if (!s) return;
  $("box").value = s.text;
  $("box").focus();
  askSuggestions();
}

async function send() {
  const text = $("box").value.trim();
  if (!text) return;
  if (!text.startsWith("/")) {
    note("This page sends slash commands only: start with / (try /game new game:cemetery).");
    return;
  }
  if (refusedOffline("Your command is kept in the box: send it again once the page reconnects.")) return;
  try {
    await api("/api/command", { seat: state.seat, channel: state.channel, text });
    $("box").value = "";
    showSuggestions([]);
    note("");
  } catch (err) {
    note(err.message);
  }
}

$("box").addEventListener("input", askSuggestions);
$("box").addEventListener("keydown", (ev) => {
  const n = state.suggestions.length;
  if (ev.key === "ArrowDown" && n) { ev.preventDefault(); highlight((state.pick + 1) % n); }
  else if (ev.key === "ArrowUp" && n) { ev.preventDefault(); highlight((state.pick - 1 + n) % n); }
  else if (ev.key === "Tab" && n) { ev.preventDefault(); choose(state.pick >= 0 ? state.pick : 0); }
  else if (ev.key === "Escape") { showSuggestions([]); }
  else if (ev.key === "Enter") {
    ev.preventDefault();
    if (state.pick >= 0 && n) choose(state.pick);
    else send();
  }
});
$("messages").addEventListener("scroll", () => { follow.atBottom = nearBottom($("messages")); });
$("messages").addEventListener("load", (ev) => { // an image has its height only once loaded
  if (ev.target.tagName === "IMG" && follow.atBottom) $("messages").scrollTop = $("messages").scrollHeight;
}, true);
new ResizeObserver(() => { // a banner shown or a phone's keyboard opened: still at the bottom
  if (follow.atBottom) $("messages").scrollTop = $("messages").scrollHeight;
}).observe($("messages"));
$("menu-toggle").addEventListener("click", () => drawer(!document.body.classList.contains("drawer-open")));
$("scrim").addEventListener("click", () => drawer(false));
$("reconnect").addEventListener("click", () => { link.tries = 0; connect(); });
$("banner-close").addEventListener("click", () => banner(null));
$("composer").addEventListener("submit", (ev) => { ev.preventDefault(); send(); });
$("form-body").addEventListener("submit", (ev) => { ev.preventDefault(); sendForm(false); });
$("form-cancel").addEventListener("click", () => sendForm(true));
$("form-dialog").addEventListener("cancel", (ev) => { ev.preventDefault(); sendForm(true); });

start();
