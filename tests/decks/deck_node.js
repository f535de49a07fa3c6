// The browser deck checker (docs/assets/deck-check.js) under Node, for the differential tests
// (tests/decks/node_checker.py): argv[2] is the checker's data script (assets/deck-check-data.js), argv[3] the
// checker; standard input is a JSON list of cases {text, format, as_of, input_format, source, strict}; standard
// output is a JSON list of reports (as `l5r deck check --json`) or {"error": message}.
"use strict";
const fs = require("fs");
const vm = require("vm");
global.window = global;
vm.runInThisContext(fs.readFileSync(process.argv[2], "utf8"), { filename: "deck-check-data.js" });
vm.runInThisContext(fs.readFileSync(process.argv[3], "utf8"), { filename: "deck-check.js" });
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const out = cases.map((c) => {
  try {
    return window.L5RDeck.check(c.text, c.format || "", c.as_of, c.input_format || "auto", c.source || "",
      !!c.strict);
  } catch (e) {
    if (e instanceof window.L5RDeck.DeckFileError) return { error: e.message };
    return { crash: String(e && e.stack || e) };
  }
});
process.stdout.write(JSON.stringify(out));
