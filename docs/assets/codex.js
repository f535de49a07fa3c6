// L5R Rules Codex: citations and permanent links (l5r/site/rendering/permalinks.py).
// - "Copy citation" copies `citation — title — URL` for pasting in a chat, on https, http://127.0.0.1 and file://
//   alike: the Clipboard API first, then the copy command, then a selected text field to copy by hand. The URL is
//   the entry's own short link (c/<slug>/), or for a box without one (a pool card's page) the page's address; the
//   public one; an offline copy built without a public address copies `citation — title` only.
// - An old anchor that moved (data/redirects.yml) is followed to its new place.
(function () {
  // -- Copy citation ------------------------------------------------------------------------------------------

  // The link to share: the site's public address when the build has one (its canonical link, L5R_SITE_URL), else
  // the page's own address on the web; from disk without a public address, none (a file:// link opens for nobody).
  function pageUrl() {
    var canonical = document.querySelector('link[rel="canonical"]');
    if (canonical && /^https?:/.test(canonical.href)) {
      return new URL(canonical.href.replace(/index\.html$/, "").replace(/([^/]+)\.html$/, "$1/"));
    }
    var url = new URL(window.location.href);
    return /^https?:$/.test(url.protocol) ? url : null;
  }

  // The site's root, served and public, read once from the first page this script runs on (Material's instant
  // navigation swaps pages in place, but not its __config, whose `base` is relative to that first page).
  var roots = (function () {
    var config = document.getElementById("__config");
    var base = null;
    try { base = config ? JSON.parse(config.textContent).base : null; } catch (e) { base = null; }
    if (base === null || base === undefined) return null;
    var served = new URL(base.replace(/\/?$/, "/"), window.location.href);
    var page = window.location.href.split("#")[0].split("?")[0];
    if (page.indexOf(served.href) !== 0) return { served: served, published: null };
    // The page as the public site names it: a directory URL (the offline copy's files are named a/b.html).
    var path = page.slice(served.href.length).replace(/(^|\/)index\.html$/, "$1").replace(/([^/]+)\.html$/, "$1/");
    var canonical = document.querySelector('link[rel="canonical"]');
    var published = null;
    if (canonical && /^https?:/.test(canonical.href)) {
      var href = canonical.href.split("#")[0];
      if (href.slice(href.length - path.length) === path) published = new URL(href.slice(0, href.length - path.length));
    }
    return { served: served, published: published };
  })();

  // An entry's own short link (c/<slug>/, permalinks.py): what it is cited by, and what unfurls with its own words
  // in a chat, where the page's address with an anchor unfurls with the page's first entry. Null where the page
  // is not under a known root, or from disk without a public address.
  function shortUrl(box) {
    var short = box.getAttribute("data-short");
    if (!short || !roots) return null;
    if (roots.published) return new URL(short, roots.published);
    return /^https?:$/.test(roots.served.protocol) ? new URL(short, roots.served) : null;
  }

  function citationText(box) {
    // A pool card's page names neither (one page per pool card): its citation is the box's own code, its title the page's h1.
    var code = box.querySelector(".l5r-cite__id");
    var heading = document.querySelector("article h1");
    var cite = box.getAttribute("data-cite") || (code ? code.textContent : "");
    var title = box.getAttribute("data-title") || (heading ? heading.textContent : "");
    // A citation that already says the title ("OH Ban list, Hantei", "CARD Kakita Ibara") is not followed by it again.
    var text = title && cite.indexOf(title.trim()) === -1 ? cite + " — " + title : cite;
    var short = shortUrl(box);
    if (short) return text + " — " + short.toString();
    var url = pageUrl();
    if (!url) return text;
    url.hash = box.getAttribute("data-anchor");
    return text + " — " + url.toString();
  }

  function copyCommand(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.top = "0";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    document.body.removeChild(area);
    return done;
  }

  function copy(text) {
    if (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(
        function () { return true; },
        function () { return copyCommand(text); }  // refused (no focus, no permission): try the command
      );
    }
    return Promise.resolve(copyCommand(text));
  }

  // Nothing could write the clipboard: show the text, selected, so Ctrl+C (Cmd+C) copies it.
  function showByHand(box, text) {
    var field = box.querySelector(".l5r-copy-fallback");
    if (!field) {
      field = document.createElement("input");
      field.className = "l5r-copy-fallback";
      field.setAttribute("readonly", "");
      field.setAttribute("aria-label", "Citation to copy");
      box.appendChild(field);
    }
    field.value = text;
    field.focus();
    field.select();
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".l5r-copy");
    if (!button) return;
    var box = button.closest(".l5r-cite");
    var text = citationText(box);
    var label = button.getAttribute("data-label") || button.textContent;
    button.setAttribute("data-label", label);
    button.setAttribute("data-copied-text", text);
    copy(text).then(function (done) {
      // The outcome stays readable after the short visual feedback ends (tests and assistive tools read it).
      button.setAttribute("data-copy-state", done ? "copied" : "failed");
      if (done) {
        button.setAttribute("data-copied", "");
        button.textContent = "Copied";
        setTimeout(function () { button.removeAttribute("data-copied"); button.textContent = label; }, 1500);
      } else {
        button.setAttribute("data-failed", "");
        button.textContent = "Press Ctrl+C";
        showByHand(box, text);
      }
    });
  });

  // -- Moved anchors ------------------------------------------------------------------------------------------

  function followMoved() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    if (!id || document.getElementById(id)) return;
    var markers = document.querySelectorAll("[data-l5r-moved]");
    for (var i = 0; i < markers.length; i++) {
      if (markers[i].getAttribute("data-l5r-moved") !== id) continue;
      var to = markers[i].getAttribute("data-l5r-to");
      if (window.location.protocol === "file:") to = to.replace(/\/(#|$)/, "/index.html$1");
      window.location.replace(new URL(to, window.location.href).href);
      return;
    }
  }

  window.addEventListener("hashchange", followMoved);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", followMoved);
  } else {
    followMoved();
  }
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(followMoved);  // pages that Material's instant navigation shows later
  }

  // -- The home page's card search box ---------------------------------------------------------------------------
  // Goes to the card search with the words typed (?find=…; ?q= would open Material's own search there). The form's own action is the online address; the link
  // beside it is the card search as this build names it (cards/search.html from disk), so the box works there too.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches(".l5r-home-search")) return;
    var target = form.parentNode.querySelector(".l5r-home-search-target");
    if (!target) return;
    event.preventDefault();
    var url = new URL(target.getAttribute("href"), location.href);
    var q = form.querySelector("input[name=find]").value.trim();
    // &go=1: a search with exactly one match opens that card's page at once (as Scryfall does), one click fewer.
    url.search = q ? "?find=" + encodeURIComponent(q).replace(/%20/g, "+") + "&go=1" : "";
    window.location.assign(url.href);  // a plain page load: the card search runs its own scripts
  }, true);
})();
