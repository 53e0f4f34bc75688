// The enrolment page's script: draws the session's state (asked for every second) and sends the
// players' requests as POSTs carrying the token. Vanilla JS, nothing loaded from elsewhere.
"use strict";

(function () {
  const { lang, texts, $, el, toast, send } = window.companionCommon("enrol/");
  let snap = JSON.parse($("initial").textContent);
  let picked = null;  // the card tapped in the grid
  let cameraTimer = null;

  // -- drawing the state
  function render(s) {
    snap = s;
    document.body.dataset.state = s.state;
    document.body.dataset.version = s.version;
    $("progress").textContent = s.progress[lang];
    $("batch-title").textContent = s.batch[lang];
    $("batch-kind").textContent = s.batch.kind_text ? s.batch.kind_text[lang] : "";
    $("state").textContent = s.text[lang];
    $("state").className = "state " + s.state;
    $("prompts").replaceChildren(...s.prompts.map((p) => el("li", { class: "alert" }, p[lang])));
    renderGrid(s);
    renderKept(s);
    $("alike-box").hidden = !s.lookalikes.length;
    $("alike").replaceChildren(...s.lookalikes.map((a) => el("li", {}, a[lang])));
    $("more").disabled = s.state === "finishing";
    if (document.activeElement !== $("name") && !$("name").value) $("name").value = s.name;
    $("news").replaceChildren(...s.news.map((n) => el("li", {}, n[lang])));
    renderCamera(s);
  }

  function renderGrid(s) {
    const grid = $("grid");
    grid.style.gridTemplateColumns = `repeat(${s.batch.cols}, minmax(0, 1fr))`;
    grid.replaceChildren(...s.batch.cells.map((c) => {
      const cell = el("button", { type: "button", class: `cell ${c.state}${c.card === picked ? " picked" : ""}`,
        "data-card": c.card, "data-state": c.state });
      cell.style.gridRow = String(c.row + 1);
      cell.style.gridColumn = String(c.col + 1);
      cell.append(el("span", { class: "card" }, c.card), el("span", { class: "what" }, c[lang]));
      cell.addEventListener("click", () => pick(c.card));
      return cell;
    }));
    if (picked && !s.batch.cells.some((c) => c.card === picked)) pick(null);
    else pick(picked);
  }

  function renderKept(s) {
    // Redrawn only when a card's shots changed: a strip asked for again each second would flicker.
    const kept = s.batch.cells.filter((c) => c.kept > 0);
    const key = kept.map((c) => `${c.card}:${c.kept}`).join(",");
    if ($("kept").dataset.key === key) return;
    $("kept").dataset.key = key;
    $("kept").replaceChildren(...kept.map((c) => {
      const li = el("li", { "data-card": c.card });
      const img = el("img", { alt: c.card, class: "strip" });
      img.src = `enrol/crops/${encodeURIComponent(c.card)}.jpg?k=${c.kept}`;
      li.append(el("span", { class: "card" }, c.card), img);
      return li;
    }));
  }

  function renderCamera(s) {
    const img = $("camera");
    if (s.camera) {
      if (!cameraTimer) {
        const refresh = () => { img.src = "camera.jpg?n=" + Date.now(); };
        refresh();
        cameraTimer = setInterval(refresh, 1000);
      }
    } else {
      if (cameraTimer) clearInterval(cameraTimer);
      cameraTimer = null;
      img.src = img.dataset.placeholder;
    }
  }

  function pick(card) {
    picked = card;
    $("skip").disabled = $("redo").disabled = !card;
    // "Right card" only for a card the camera reads as another.
    const cell = snap.batch.cells.find((c) => c.card === card);
    $("right").hidden = $("right").disabled = !(cell && cell.state === "wrong");
    $("picked").textContent = card ? texts.enrol_page_picked.replace("{card}", card) : texts.enrol_page_pick;
    document.querySelectorAll("#grid .cell").forEach((b) => b.classList.toggle("picked", b.dataset.card === card));
  }

  // -- the requests
  async function post(action, data) {
    const body = await send(action, data);
    if (body === null) return null;
    toast(body.message[lang], "ok");
    poll();
    return body;
  }

  $("skip").addEventListener("click", () => { if (picked) post("skip", { card: picked }); });
  $("redo").addEventListener("click", () => { if (picked) post("redo", { card: picked }); });
  $("right").addEventListener("click", () => { if (picked) post("right", { card: picked }); });
  $("next").addEventListener("click", () => post("next", {}));
  $("more").addEventListener("click", () => post("more", {}));
  $("finish").addEventListener("submit", (e) => {
    e.preventDefault();
    if (!confirm(texts.enrol_page_confirm_finish)) return;
    post("finish", { name: $("name").value.trim() });
  });

  // -- asking for the state every second
  let asking = false;
  async function poll() {
    if (asking) return;
    asking = true;
    try {
      const response = await fetch("enrol/state", { cache: "no-store" });
      if (!response.ok) throw new Error(String(response.status));
      const s = await response.json();
      $("link").textContent = texts.page_live;
      $("link").className = "link live";
      if (s.version !== snap.version || s.camera !== snap.camera) render(s);
    } catch (err) {
      $("link").textContent = texts.page_offline;
      $("link").className = "link";
    } finally {
      asking = false;
    }
  }

  render(snap);
  poll();
  setInterval(poll, 1000);
})();
