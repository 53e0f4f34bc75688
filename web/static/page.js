// The status page's script: draws each snapshot the server pushes (server-sent events)
// and sends the controls as POSTs carrying the token. Vanilla JS, nothing loaded from elsewhere.
"use strict";

(function () {
  const { lang, texts, $, el, toast, send, hasToken, onToken } = window.companionCommon("action/");
  let snap = JSON.parse($("initial").textContent);
  let lastStamp = snap.stamp;
  let cameraTimer = null;
  window.companionLatencies = [];

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (m, name) => (name in values ? String(values[name]) : m));
  }

  // -- drawing a snapshot
  function seatName(seat) {
    // A seat the game names itself (Rixes' captain 0, Barbe Noire) is shown by that name.
    const own = snap.state && snap.state.seat_names && snap.state.seat_names[String(seat)];
    if (own) return own;
    return snap.names && snap.names[seat - 1] ? `${seat} (${snap.names[seat - 1]})` : String(seat);
  }

  // Whose turn it is: one seat, or (a game where several may play now) each of them.
  function turnName(s) {
    const turn = Array.isArray(s.state.turn) ? s.state.turn : [s.turn];
    return turn.map(seatName).join(" / ");
  }

  const GAME = snap.game;
  function render(s) {
    // Another game started (from this page or another): its title, legend and options are the
    // page's own, drawn by the server; the page loads again to draw them.
    if (s.game !== GAME) { location.reload(); return; }
    snap = s;
    $("game-id").textContent = "#" + (s.id === null ? "-" : s.id);
    $("table").innerHTML = s.svg;
    const over = s.outcome;
    $("outcome").hidden = !over;
    if (over) $("outcome").textContent = fill(texts.page_game_over, { outcome: capitalised(over[lang]) });
    $("outcome").className = "outcome " + (over ? over.result : "");
    $("turn").textContent = over ? "" : fill(texts.page_turn, { seat: turnName(s) });

    let discard = "";
    if (s.pending === "start_discards" && s.start_discards_due) {
      discard = fill(texts.page_start_split_due, { count: s.start_discards_due });
    } else if (s.discard) {
      discard = fill(texts.page_discard_now, { count: s.discard.count, seat: seatName(s.discard.seat) });
    }
    $("discard").hidden = !discard;
    $("discard").textContent = discard;

    const alerts = $("alerts");
    alerts.replaceChildren(...s.alerts.map((a) => el("li", { class: "alert " + a.key }, a[lang])));

    const last = s.last;
    $("last").textContent = last ? last[lang] : texts.page_no_history;
    $("last").className = "last-ruling " + (last ? verdict(last) : "");

    // The columns a game's seats have: a placing game's deck, hand and discards; a trick game's tricks.
    // A game whose state lists no seats (Rixes: captains) has no seat table.
    const seatRows = s.state.seats || [];
    const columns = SEAT_COLUMNS.filter(([key]) => seatRows.some((seat) => key in seat));
    const head = el("tr");
    head.append(el("th", {}, SEAT_HEADER), ...columns.map(([, text]) => el("th", {}, texts[text])));
    $("seats").tHead.replaceChildren(head);
    const rows = seatRows.map((seat) => {
      const tr = el("tr", seat.seat === s.turn && !over ? { class: "active" } : {});
      tr.append(el("td", {}, seatName(seat.seat)), ...columns.map(([key]) => el("td", {}, seat[key])));
      return tr;
    });
    $("seats").tBodies[0].replaceChildren(...rows);
    $("seats").hidden = !seatRows.length;
    renderControls(s);

    const history = $("history");
    history.replaceChildren(...s.history.map((h) => {
      // The ruling in words first; the rule and the record line's summary only in the referee's detail.
      const li = el("li", { value: h.seq, class: verdict(h) });
      const detail = el("details", { class: "referee" });
      detail.append(el("summary", {}, texts.page_referee_detail), el("span", { class: "summary" }, h.summary),
        el("span", { class: "rule" }, [h.rule, h.source].filter(Boolean).join(" · ")));
      li.append(el("span", { class: "verdict" }, h.verdict[lang]), el("span", { class: "message" }, h[lang]), detail);
      return li;
    }));
    if (!s.history.length) history.replaceChildren(el("li", { class: "none" }, texts.page_no_history));

    $("flags").replaceChildren(...s.flagged.map((f) => {
      const b = el("button", { type: "button", class: "flag" }, fill(texts.page_take_back, { card: f.card, at: f.at }));
      b.addEventListener("click", () => post("take_back", { at: f.at }));
      return b;
    }));
    showControls(s);
    renderSplit(s);
    renderCamera(s);
    renderTable(s);
    suggestCell(s);

    if (s.stamp && s.stamp !== lastStamp) {
      // From the event reaching the referee to its ruling drawn here (same machine's clock).
      const ms = Math.max(0, Date.now() - s.stamp * 1000);
      window.companionLatencies.push(ms);
      document.body.dataset.latency = ms.toFixed(0);  // read by the benchmark and the tests, not shown
    }
    lastStamp = s.stamp;
    document.body.dataset.events = s.events;
  }

  // Only the controls that can act now: none without the token (the token box then opens), a
  // flagged card's override only while one is flagged, none but undo once the game is over; and a
  // trick game's cards lie at seats, not cells, and nobody discards.
  function showControls(s) {
    const can = hasToken();
    const over = Boolean(s.outcome);
    const tricks = s.board === "tricks";
    const shown = {
      undo: can && s.events > 0,
      override: can && !over && s.flagged.length > 0,
      discard: can && !over && !tricks,
      declare_loss: can && !over,
    };
    document.querySelectorAll("button[data-action]").forEach((b) => { b.hidden = !shown[b.dataset.action]; });
    $("correct").hidden = !can || over || tricks;
    $("flags").hidden = !can;
    $("game-controls").hidden = !can;
    $("new-game").hidden = !can;
    $("line-box").hidden = !can;
    $("token-needed").hidden = can;
    if (!can) $("token-box").open = true;
  }
  onToken(() => showControls(snap));

  function capitalised(text) {
    return text ? text[0].toUpperCase() + text.slice(1) : text;
  }

  const SEAT_HEADER = $("seats").tHead.rows[0].cells[0].textContent;
  const SEAT_COLUMNS = [["deck", "page_deck"], ["hand", "page_hand"], ["discard", "page_discards"],
    ["won", "page_won"], ["score", "page_score"]];

  // -- what the game asks the players to tell (its controls): a button per record line, with the
  // fields it leaves open asked for beside it. Drawn again only when they change, so that a count
  // being typed is not wiped by the next snapshot.
  let controlsKey = null;
  function renderControls(s) {
    const list = s.controls || [];
    const key = JSON.stringify(list);
    if (key === controlsKey) return;
    controlsKey = key;
    const groups = new Map();
    list.forEach((c) => {
      if (!groups.has(c.group)) groups.set(c.group, el("div", { class: "buttons control-group " + c.group }));
      groups.get(c.group).append(control(c));
    });
    $("game-controls").replaceChildren(...groups.values());
  }

  function control(c) {
    const form = el("form", { class: "control" + (c.danger ? " danger" : "") });
    const inputs = c.ask.map((a) => {
      let input;
      if (a.choices.length) {
        input = el("select", { name: a.field });
        // Each choice named in the page's language ("à gauche", "poing 5"); its value stays the record's.
        input.append(...a.choices.map((choice, k) => el("option", { value: choice }, (a.said && a.said[lang] && a.said[lang][k]) || choice)));
      } else if (a.low !== null || a.high !== null) {
        const bounds = {};
        if (a.low !== null) bounds.min = a.low;
        if (a.high !== null) bounds.max = a.high;
        input = el("input", { name: a.field, type: "number", value: a.low ?? 0, required: "", ...bounds });
      } else {
        input = el("input", { name: a.field, size: "8", maxlength: "40", autocomplete: "off", required: "", placeholder: a[lang] || a.field });
      }
      return input;
    });
    // A field with a hint is labelled by it (a number's box shows no placeholder).
    const fields = inputs.map((input, k) => {
      if (!c.ask[k][lang]) return input;
      const lab = el("label", { class: "ask" }, c.ask[k][lang]);
      lab.append(input);
      return lab;
    });
    const button = el("button", { type: "submit", class: c.danger ? "danger" : "" }, c.ask.length ? c[lang] + " →" : c[lang]);
    form.append(...fields, button);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (c.danger && !confirm(c[lang] + " — " + texts.page_confirm_control)) return;
      const line = JSON.parse(JSON.stringify(c.line));
      c.ask.forEach((a, k) => {
        const value = inputs[k].value.trim();
        const answer = a.choices.length || (a.low === null && a.high === null) ? value : Number(value);
        [a.field, ...(a.also || [])].forEach((path) => put(line, path, answer));
      });
      post("event", { line: JSON.stringify(line) });
    });
    return form;
  }

  // An answer put at its field's path in the line (controls.filled): "ops.0.card" is the card of
  // the first operation; a step of digits indexes a list, and what is missing on the way is made.
  function put(line, path, value) {
    const steps = path.split(".");
    let node = line;
    steps.slice(0, -1).forEach((step, k) => {
      if (node[step] === null || typeof node[step] !== "object") node[step] = /^\d+$/.test(steps[k + 1]) ? [] : {};
      node = node[step];
    });
    node[steps[steps.length - 1]] = value;
  }

  function verdict(h) {
    return h.legal ? "ok" : h.rule === "G2" ? "unsure" : "refused";
  }

  function renderSplit(s) {
    const form = $("split");
    const show = s.pending === "start_discards";
    form.hidden = !show;
    if (!show) return;
    $("split-due").textContent = fill(texts.page_start_split_due, { count: s.start_discards_due });
    const box = $("split-seats");
    if (box.children.length !== s.players) {
      box.replaceChildren(...s.state.seats.map((seat) => {
        const lab = el("label", {}, seatName(seat.seat) + " ");
        lab.append(el("input", { type: "number", min: "0", max: "8", value: "0", name: "seat" + seat.seat }));
        return lab;
      }));
    }
  }

  function renderCamera(s) {
    const img = $("camera");
    if (s.camera) {
      $("camera-note").hidden = true;
      if (!cameraTimer) {
        const refresh = () => { img.src = "camera.jpg?n=" + Date.now(); };
        refresh();
        cameraTimer = setInterval(refresh, 1000);
      }
    } else {
      $("camera-note").hidden = false;
      if (cameraTimer) clearInterval(cameraTimer);
      cameraTimer = null;
      img.src = img.dataset.placeholder;
    }
  }

  // -- placing the table: the layout drawn over the picture is right, or the players tap the play
  // area's four corners in the layout's order; sent as fractions of the picture, whatever its size.
  const SVG = "http://www.w3.org/2000/svg";
  const CORNERS = [texts.page_corner_1, texts.page_corner_2, texts.page_corner_3, texts.page_corner_4];
  let taps = null;  // the corners (or a trick game's seats) tapped so far, or null when not tapping

  // A trick game's table is placed by its seats, tapped where each player sits; any other by the
  // play area's four corners.
  function bySeats() { return snap.board === "tricks"; }
  // A game seating more places than players says how many (Rixes: three captains for two players).
  function tapsNeeded() { return bySeats() ? (snap.state.places && snap.state.places.seats) || snap.players : 4; }

  // The seat the n-th tap places: n, or where seats count from 0 (Rixes' Barbe Noire) the last
  // tap is seat 0's, where a seat N would sit.
  function tapSeat(n) {
    const places = snap.state.places || {};
    return seatName(places.first === 0 ? n % tapsNeeded() : n);
  }

  function renderTable(s) {
    const t = s.table;
    $("table-box").hidden = !t;
    if (!t) {
      if (taps) tapping(false);
      return;
    }
    $("table-state").textContent = t[lang];
    $("table-state").className = "table-state " + t.state;
    $("table-saved").textContent = t.saved ? t.saved[lang] : "";
    // Nothing to confirm before the table is found, nor once the players set it.
    $("table-confirm").hidden = Boolean(taps) || t.state === "searching" || t.state === "by_hand";
    $("table-corners").textContent = bySeats() ? texts.page_table_seats : CORNERS_LABEL;
  }

  function svgNode(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function drawTaps() {
    const img = $("camera");
    const w = img.naturalWidth || 640;
    const h = img.naturalHeight || 360;
    $("taps").setAttribute("viewBox", `0 0 ${w} ${h}`);
    const points = taps.map(([x, y]) => [x * w, y * h]);
    const nodes = [];
    if (points.length > 1 && !bySeats()) {
      nodes.push(svgNode(points.length === 4 ? "polygon" : "polyline",
        { points: points.map((p) => p.join(",")).join(" ") }));
    }
    points.forEach(([x, y], k) => {
      nodes.push(svgNode("circle", { cx: x, cy: y, r: 8 }), svgNode("text", { x: x + 10, y: y - 10 }, String(k + 1)));
    });
    $("taps").replaceChildren(...nodes);
    let ask = "";
    if (taps.length < tapsNeeded()) {
      // Where no card is shown before the seats, each seat's card place is tapped (Rixes).
      const tapText = (snap.state.places || {}).tap === "card" ? texts.page_table_tap_place : texts.page_table_tap_seat;
      ask = bySeats() ? fill(tapText, { n: tapSeat(taps.length + 1) })
        : fill(texts.page_table_tap, { n: taps.length + 1, corner: CORNERS[taps.length] });
    }
    $("table-tap").textContent = ask;
  }

  function tapping(on) {
    taps = on ? [] : null;
    $("taps").hidden = !on;
    $("table-tap").hidden = !on;
    $("table-cancel").hidden = !on;
    $("table-corners").hidden = on;
    $("camera-frame").classList.toggle("tapping", on);
    if (on) drawTaps(); else $("taps").replaceChildren();
    renderTable(snap);
  }

  const CORNERS_LABEL = $("table-corners").textContent;
  $("table-corners").addEventListener("click", () => tapping(true));
  $("table-cancel").addEventListener("click", () => tapping(false));
  $("table-confirm").addEventListener("click", () => post("table", { confirm: true }));
  $("camera-frame").addEventListener("click", (e) => {
    if (!taps || taps.length >= tapsNeeded()) return;
    const rect = $("camera").getBoundingClientRect();
    const x = (e.clientX - rect.left) / rect.width;
    const y = (e.clientY - rect.top) / rect.height;
    if (!(x >= 0 && x <= 1 && y >= 0 && y <= 1)) return;
    taps.push([Math.round(x * 10000) / 10000, Math.round(y * 10000) / 10000]);
    drawTaps();
    if (taps.length === tapsNeeded()) {
      post("table", bySeats() ? { seats: taps } : { corners: taps }).then((body) => {
        if (body) tapping(false);
        else if (taps) { taps = []; drawTaps(); }  // refused (said in the toast): tap again
      });
    }
  });

  function suggestCell(s) {
    // The cell most likely to need a correction: a flagged card, an unsure reading, the last card.
    const at = $("correct-at");
    if (document.activeElement === at || document.activeElement === $("correct-card")) return;
    const unsure = s.last && s.last.rule === "G2" ? (s.last.summary.split("@")[1] || "") : "";
    at.value = s.flagged.length ? s.flagged[s.flagged.length - 1].at : unsure || s.last_cell || "";
  }

  // -- the controls
  async function post(action, data) {
    const body = await send(action, data);
    if (body === null) return null;
    if (body.entries) {
      const lastEntry = body.entries[body.entries.length - 1];
      toast(body.entries.map((e) => e["message_" + lang]).join(" · "), lastEntry && verdict(lastEntry));
    } else if (body.message) {
      toast(body.message[lang], "ok");
    }
    return body;
  }

  document.querySelectorAll("button[data-action]").forEach((b) => {
    b.addEventListener("click", () => {
      if (b.dataset.action === "declare_loss" && !confirm(fill(texts.page_confirm_loss, { seat: seatName(snap.turn) }))) return;
      post(b.dataset.action, {});
    });
  });

  $("correct").addEventListener("submit", (e) => {
    e.preventDefault();
    post("correct", { at: $("correct-at").value.trim(), card: $("correct-card").value.trim() });
  });

  $("split").addEventListener("submit", (e) => {
    e.preventDefault();
    const counts = {};
    $("split").querySelectorAll("input").forEach((i) => { counts[i.name.slice(4)] = Number(i.value || 0); });
    post("start_discards", { counts });
  });

  $("line-form").addEventListener("submit", (e) => {
    e.preventDefault();
    post("event", { line: e.target.line.value });
  });

  $("new-game-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if (!confirm(texts.page_confirm_new)) return;
    const f = e.target;
    post("new_game", { game: f.game.value, players: Number(f.players.value), names: f.names.value,
      options: chosenOptions(f.game.value), setup: f.setup.value }).then((body) => { if (body) $("new-game").open = false; });
  });

  // The options of the game chosen that differ from its defaults, as "name=value" lines (a value
  // in JSON, as the command line's --option takes it); a typed field left empty keeps the default.
  function chosenOptions(game) {
    const lines = [];
    document.querySelectorAll(`.game-options[data-game="${game}"] [data-option]`).forEach((field) => {
      const value = field.value.trim();
      if (value && value !== field.dataset.default) lines.push(`${field.dataset.option}=${value}`);
    });
    return lines.join("\n");
  }

  function showOptionHelp() {
    const game = $("new-game-game").value;
    document.querySelectorAll(".game-options").forEach((box) => {
      box.hidden = box.dataset.game !== game || !box.querySelector("[data-option]");
    });
    document.querySelectorAll(".option-help").forEach((ul) => { ul.hidden = ul.dataset.game !== game; });
    // The set-up field is for the games set up by more than their seats and options (The Crew).
    const setup = document.querySelector(`.setup-help[data-game="${game}"]`);
    $("new-game-setup").hidden = !setup || setup.dataset.setup === "0";
  }
  $("new-game-game").addEventListener("change", showOptionHelp);
  showOptionHelp();

  // A tap on a cell of the table picks it for a correction.
  $("table").addEventListener("click", (e) => {
    const cell = e.target.closest("[data-cell]");
    if (!cell) return;
    $("correct-at").value = cell.dataset.cell;
    $("correct-card").focus();
  });

  // -- the live stream
  function connect() {
    const source = new EventSource("events");
    source.onopen = () => { $("link").textContent = texts.page_live; $("link").className = "link live"; };
    source.onmessage = (e) => render(JSON.parse(e.data));
    source.onerror = () => { $("link").textContent = texts.page_offline; $("link").className = "link"; };
  }

  // A legend is open where the screen has room beside the table, closed on a phone.
  if ($("legend") && window.matchMedia("(min-width: 900px)").matches) $("legend").open = true;

  render(snap);
  lastStamp = snap.stamp;
  connect();
})();
