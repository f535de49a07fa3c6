/* L5R Rules Codex: the search index is built when the reader goes to search, not when a page opens. */
/* Put before Material's search worker by the Codex's post-build pass (l5r/site/rendering/searchindex.py). Material's page sends
   the worker the whole index as soon as a page opens (message type 0, SETUP; the offline copy, when its search box
   is first opened) and the worker builds its lunr index at once: a quarter of a CPU-second a page on a laptop,
   more on a phone, for every page a reader opens, paid for a search that most never make. Here the worker answers
   READY (type 1) at once and keeps the index; the empty query the page sends as it opens is answered as Material
   answers it (no results). The index is built with Material's own code when the reader puts the cursor in the
   search box (the page says so, docs/assets/search-on-focus.js) or at the first real query (type 2), whichever
   comes first; every query is answered by Material, in the order asked. */
(() => {
  const listen = self.addEventListener.bind(self);
  const post = self.postMessage.bind(self);
  let material = null;  // Material's message listener, taken when it registers
  let setup = null;     // the last SETUP message, not yet built
  let built = null;     // settles when Material has built the index of `setup`
  let builtNow = null;  // resolves `built`: Material's own READY answer, which the page already had
  let wanted = false;   // the page asked for the index before it handed it over
  const seen = self.__l5rSearch = { setup: false, queries: 0, built: false };  // read by tests/browser/test_search.py
  const build = () => {
    built = setup ? new Promise(resolve => { builtNow = resolve; }) : Promise.resolve();
    seen.built = true;
    if (setup) material(setup);
    setup = null;
  };
  self.addEventListener = (type, listener, options) => {
    if (type === "message" && !material) {
      material = listener;
      return;
    }
    listen(type, listener, options);
  };
  self.postMessage = (message, ...rest) => {
    if (builtNow && message && message.type === 1) {
      const done = builtNow;
      builtNow = null;
      done();
      return;
    }
    post(message, ...rest);
  };
  listen("message", event => {
    const message = event.data;
    if (!material) return;
    if (message && message.type === "l5r-build") {  // the reader is about to search
      if (!built) {
        if (setup) build();
        else wanted = true;
      }
      return;
    }
    if (message && message.type === 0) {
      seen.setup = true;
      setup = event;
      built = null;
      post({ type: 1 });
      if (wanted) {
        wanted = false;
        build();
      }
      return;
    }
    if (message && message.type === 2) seen.queries += 1;
    if (!built && setup && message && message.type === 2 && message.data === "") {
      // The page asks for the empty query as it opens: Material's answer to it, without building the index.
      const options = (setup.data.data && setup.data.data.options) || {};
      post({ type: 3, data: options.suggest ? { items: [], suggest: [] } : { items: [] } });
      return;
    }
    if (!built) build();
    built.then(() => material(event));
  });
})();
