/* The deck checker's worker: the page (assets/deck-check.js) posts a check here so a long list never freezes it.
 * It loads the checker's data and the checker itself (the same files the page loads) and answers each job with
 * L5RDeck.pageCheck's {result, note}, or {error} for a user mistake. From file:// Chromium runs no worker; the
 * offline copy's iframe-worker shim (assets/vendor/iframe-worker/shim.js) runs this file in a hidden frame instead,
 * where importScripts returns a promise and relative addresses are the page's: so the page sends the absolute
 * address of its assets folder, and every load is awaited. */
(function () {
  "use strict";
  var scope = typeof window !== "undefined" ? window : self;
  if (typeof window === "undefined") self.window = self;  // deck-check-data.js and deck-check.js write `window.`
  var loaded = null;
  function load(assets) {
    return Promise.resolve(importScripts(assets + "deck-check-data.js"))
      .then(function () { return importScripts(assets + "deck-check.js"); });
  }
  scope.onmessage = function (ev) {
    var job = ev.data;
    if (!loaded) loaded = load(job.assets);
    loaded.then(function () {
      var reply;
      try { reply = window.L5RDeck.pageCheck(job); } catch (e) {
        if (!(e instanceof window.L5RDeck.DeckFileError)) throw e;
        reply = { error: e.message };
      }
      reply.id = job.id;
      postMessage(reply);
    }, function (e) { postMessage({ id: job.id, failed: String(e) }); });
  };
})();
