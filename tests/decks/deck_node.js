// The browser deck checker (docs/assets/deck-check.js) under Node, for the differential tests
// (tests/decks/node_checker.py): argv[2] is the checker's data script (assets/deck-check-data.js), argv[3] the
// checker. Each line of standard input is a JSON list of cases {text, format, as_of, input_format, source,
// strict}; for each, one line of standard output: the JSON list of reports (as `l5r deck check --json`) or
// {"error": message} (a user mistake) or {"crash": stack}. One process answers every batch of a test run.
"use strict";
const fs = require("fs");
const vm = require("vm");
const readline = require("readline");
global.window = global;
vm.runInThisContext(fs.readFileSync(process.argv[2], "utf8"), { filename: "deck-check-data.js" });
vm.runInThisContext(fs.readFileSync(process.argv[3], "utf8"), { filename: "deck-check.js" });

function run(c) {
  try {
    return window.L5RDeck.check(c.text, c.format || "", c.as_of, c.input_format || "auto", c.source || "",
      !!c.strict);
  } catch (e) {
    if (e instanceof window.L5RDeck.DeckFileError) return { error: e.message };
    return { crash: String(e && e.stack || e) };
  }
}
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  process.stdout.write(JSON.stringify(JSON.parse(line).map(run)) + "\n");
});
