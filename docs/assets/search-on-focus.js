/* L5R Rules Codex: Material's search worker keeps its index until it is needed (l5r/site/search-worker-prelude.js).
   A reader who puts the cursor in the search box is about to search, so the index is built then and the first search
   answers as fast as the next. Loaded before Material's bundle (l5r/site/theme/main.html, block config), it keeps
   the search worker the bundle starts (online a Worker; offline the iframe-worker shim's). */
(function () {
  var Base = window.Worker;
  if (typeof Base !== "function") return;
  var search = null;
  function CodexWorker(url, options) {
    var worker = options === undefined ? new Base(url) : new Base(url, options);
    if (!search && /\/workers\/search\.[^\/]*\.js/.test(String(url))) search = worker;
    return worker;
  }
  CodexWorker.prototype = Base.prototype;
  window.Worker = CodexWorker;
  document.addEventListener("focusin", function (event) {
    var box = event.target;
    if (search && box && box.classList && box.classList.contains("md-search__input")) {
      search.postMessage({ type: "l5r-build" });
      search = null;
    }
  });
})();
