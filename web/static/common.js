// What the status page and the enrolment page share: the page's language and texts, building
// elements, the token (from the address printed at start-up, kept in this browser) and sending a
// request as a POST carrying it. Vanilla JS, nothing loaded from elsewhere.
"use strict";

window.companionCommon = function (base) {
  const TOKEN_KEY = "companion-token";
  const lang = document.body.dataset.lang === "fr" ? "fr" : "en";
  const texts = JSON.parse(document.getElementById("texts").textContent);
  const $ = (id) => document.getElementById(id);

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function toast(message, kind) {
    const t = $("toast");
    t.textContent = message;
    t.className = "toast " + (kind || "");
  }

  // -- the token: from the address printed at start-up (#token=...), kept in this browser
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get("token")) {
    localStorage.setItem(TOKEN_KEY, hash.get("token"));
    history.replaceState(null, "", location.pathname + location.search);
  }
  $("token").value = localStorage.getItem(TOKEN_KEY) || "";
  // Whether this browser holds the token: a page without it shows no control that can only fail.
  const hasToken = () => Boolean(localStorage.getItem(TOKEN_KEY));
  const tokenListeners = [];
  $("token-form").addEventListener("submit", (e) => {
    e.preventDefault();
    localStorage.setItem(TOKEN_KEY, $("token").value.trim());
    toast(texts.page_done, "ok");
    tokenListeners.forEach((listener) => listener());
  });

  // POSTs `data` to `base + action` with the token; the answer's body, or null once a refusal
  // (no token, offline, an error status) has been shown.
  async function send(action, data) {
    const token = localStorage.getItem(TOKEN_KEY) || "";
    if (!token) {
      $("token-box").open = true;
      toast(texts.page_token_missing, "refused");
      return null;
    }
    let response;
    try {
      response = await fetch(base + action, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Companion-Token": token },
        body: JSON.stringify(data || {}),
      });
    } catch (err) {
      toast(texts.page_offline, "refused");
      return null;
    }
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      toast(body && body.error ? body.error[lang] : String(response.status), "refused");
      return null;
    }
    return body;
  }

  return { lang, texts, $, el, toast, send, hasToken, onToken: (listener) => tokenListeners.push(listener) };
};
