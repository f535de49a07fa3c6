// L5R Rules Codex: the "Copy citation" button copies `citation — title — URL#anchor` for chat.
(function () {
  function citationText(box) {
    var url = new URL(window.location.href);
    url.hash = box.getAttribute("data-anchor");
    return box.getAttribute("data-cite") + " — " + box.getAttribute("data-title") + " — " + url.toString();
  }
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    // file:// and plain http: fall back to a hidden textarea.
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); } finally { document.body.removeChild(area); }
    return Promise.resolve();
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest(".l5r-copy");
    if (!button) return;
    var box = button.closest(".l5r-cite");
    var text = citationText(box);
    copy(text).then(function () {
      button.setAttribute("data-copied", "");
      button.setAttribute("data-copied-text", text);
      button.textContent = "Copied";
      setTimeout(function () { button.removeAttribute("data-copied"); button.textContent = "Copy citation"; }, 1500);
    });
  });
})();
