// The club's page kept live: each snapshot the stream sends redraws the tables (textContent only).
"use strict";
(() => {
  const words = document.body.dataset;
  const lang = words.lang;
  function cell(row, text, cls) {
    const td = row.insertCell();
    td.textContent = text;
    if (cls) td.className = cls;
    return td;
  }
  function draw(snap) {
    const body = document.getElementById("tables");
    body.replaceChildren();
    for (const table of snap.tables) {
      const row = body.insertRow();
      row.dataset.table = table.table;
      const link = document.createElement(table.page && /^https?:\/\//.test(table.page) ? "a" : "span");
      link.textContent = table.table;
      if (link.tagName === "A") link.href = table.page;
      row.insertCell().append(link);
      cell(row, `${table.game || "-"} #${table.remote} (${table.stored}/${table.seq ?? "?"})`);
      cell(row, (table.names || []).join(", "));
      cell(row, table.turn == null ? "" : words.turn.replace("{n}", table.turn));
      const alerts = Object.values(table.alerts || {}).map((a) => a[lang] || a.en);
      if (table.flagged) alerts.unshift("⚑");
      cell(row, alerts.join(" · "), alerts.length ? "alert" : "");
      cell(row, table.outcome || "");
    }
    if (!snap.tables.length) cell(body.insertRow(), words.none).colSpan = 6;
    document.getElementById("counts").textContent = words.dropped.replace("{n}", snap.dropped);
  }
  const source = new EventSource("events");
  source.onmessage = (event) => draw(JSON.parse(event.data));
})();
