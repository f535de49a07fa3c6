/* The deck checker's worker: the page (assets/deck-check.js) posts a check here so a long list never freezes it.
 * It loads the checker's data and the checker itself (the same files the page loads) and answers each job with
 * L5RDeck.pageCheck's {result, note}, or {error} for a user mistake (L5RDeck.serveChecks). From file:// the page
 * makes its worker from a Blob instead (Chromium refuses a worker by address there); only where the browser's own
 * Worker was not kept does the offline copy's iframe-worker shim (assets/vendor/iframe-worker/shim.js) run this
 * file in a hidden frame, where importScripts returns a promise and relative addresses are the page's: so the page
 * sends the absolute address of its assets folder, and every load is awaited. */
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
      window.L5RDeck.serveChecks(scope);  // from now on each job goes straight to the checker
      scope.onmessage(ev);                // this one included
    }, function (e) { postMessage({ id: job.id, failed: String(e) }); });
  };
})();
