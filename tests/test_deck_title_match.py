"""The site's title matching (docs/assets/title-match.js: the header search and the card search) folds titles by
the deck checker's reading rules (l5r/cardpool/names.py READING_KEY_RULES), written into it from Python: a title
a decklist reads is a title the searches find by the same words.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from decks import support
from decks.styles import LEVEL_STYLES, TITLE_STYLES
from l5r.cardpool.names import reading_words
from l5r.site.api.deckdata import title_match_script

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "docs" / "assets" / "title-match.js"
NODE = shutil.which("node")

_FOLD = """
global.window = global;
require(process.argv[1]);
const texts = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(texts.map((t) => window.l5rTitles.fold(t))));
"""


def test_title_match_holds_the_reading_rules_python_has():
    text = SCRIPT.read_text(encoding="utf-8")
    assert title_match_script(text) == text, (
        "docs/assets/title-match.js is out of step with names.py READING_KEY_RULES: run "
        "`python -m l5r.site.api.deckdata --title-match`"
    )


def _fold_in_node(texts: list[str]) -> list[str]:
    done = subprocess.run(
        [NODE, "-e", _FOLD, str(SCRIPT)],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_searches_fold_every_title_style_as_the_deck_checker_reads_it():
    titles = sorted({i.title for i in support.index().identities})
    texts = [styled for t in titles for style in TITLE_STYLES.values() if (styled := style(t))]
    levels = {(i.title, i.experience) for i in support.index().identities if i.experience}
    texts += [written for t, e in sorted(levels) for style in LEVEL_STYLES.values() if (written := style(t, e))]
    texts += ["Kyūden Hida", "Pearls & Spirits", "Zin’tik’kir’s Scout", "Hch–tik", "“Quoted”", "kuni yori exp ii"]
    folded = _fold_in_node(texts)
    wrong = [(t, f, reading_words(t)) for t, f in zip(texts, folded) if f != reading_words(t)]
    assert not wrong, f"{len(wrong)} of {len(texts)} differ, e.g. {wrong[:5]}"
    assert len(texts) > 2000
