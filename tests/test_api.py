"""The public JSON API (api/v1/): generated from the data, valid against its published schemas,
facts only (no card text), and a format read as "base pool + bans as of a date" gives the Codex's own answer."""

from __future__ import annotations

import datetime as dt
import json

import jsonschema
import jsonschema_rs
import pytest

from decks.support import codex, index
from l5r.cardpool import load_index
from l5r.site.api import (
    CARD_FIELDS,
    cards_document,
    checker_data,
    format_document,
    schemas,
    set_acronyms_document,
    site_outputs,
)
from l5r.site.planning.plan import plan_site

SCHEMAS = schemas()


def validate(doc, name):
    jsonschema.Draft202012Validator(SCHEMAS[name]).validate(doc)


def test_schemas_are_valid_json_schema():
    for schema in SCHEMAS.values():
        jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("format_id", ["obsidian-hand", "new-era", "modern"])
def test_format_documents_match_their_schema(format_id):
    validate(format_document(codex(), codex().format(format_id)), "format")


def test_a_broken_format_document_fails_its_schema():
    doc = format_document(codex(), codex().format("modern"))
    doc["bans"][0]["added"] = "16 August 2015"
    with pytest.raises(jsonschema.ValidationError):
        validate(doc, "format")


@pytest.mark.parametrize("format_id", ["obsidian-hand", "modern"])
def test_bans_as_of_a_date_read_from_the_api_agree_with_the_codex(format_id):
    """A consumer applying api.md's rule (added <= D < lifted) gets the ban list as it stood that day."""
    fmt = codex().format(format_id)
    doc = json.loads(json.dumps(format_document(codex(), fmt)))
    days = [dt.date.fromisoformat(d) for d in doc["ban_dates"]]
    assert days == list(fmt.bans.dates())
    for day in days + [d - dt.timedelta(days=1) for d in days]:
        iso = day.isoformat()
        lifted = {b["id"]: b["lifted"] or (b["lifted_inferred"] or {}).get("date") for b in doc["bans"]}
        from_api = {
            b["id"]
            for b in doc["bans"]
            if not b["lifted_undated"]
            and (b["added"] is None or b["added"] <= iso)
            and (lifted[b["id"]] is None or iso < lifted[b["id"]])
        }
        assert from_api == {b.id for b in fmt.bans.as_of(day)}, iso


def test_modern_legal_sets_and_bugs_are_published():
    """mod-card-legality, mod-legal-bugs: the base pool as sets and legality tags."""
    doc = format_document(codex(), codex().format("modern"))
    assert doc["legality"]["rule"] and doc["legality"]["sets"] and doc["legality"]["legal_bugs"]
    assert doc["ruleset"]["dynasty_deck"] == {"min": 50, "max": 50}
    assert doc["ruleset"]["rule_refs"]["copy_limit"] == "mod-highlander"


def test_card_table_matches_its_schema_and_holds_no_card_text():
    doc = cards_document(index())
    validate(doc, "cards")
    assert doc["has_pool"] and len(doc["cards"]) == len(index().identities) > 300  # every identity of the pool
    assert doc["fields"] == list(CARD_FIELDS) and "text" not in doc["fields"]
    longest = max(len(s) for row in doc["cards"] for s in row if isinstance(s, str))
    assert longest < 120, "a string that long in the card table looks like card text"
    assert max(len(s) for s in doc["strings"]) < 120


@pytest.mark.realpool
def test_card_table_of_the_whole_real_pool_matches_its_schema_and_holds_no_card_text():
    from conftest import real_pool
    from decks.support import CACHE

    whole = load_index(real_pool(), codex().cards, CACHE)
    doc = cards_document(whole)
    # Twelve thousand rows: jsonschema-rs, another implementation of the same draft (2020-12), checks them in 0.02 s
    # where jsonschema takes 4 s; jsonschema checks every other document here, the fixture pool's table among them.
    jsonschema_rs.validator_for(SCHEMAS["cards"]).validate(doc)
    assert doc["has_pool"] and len(doc["cards"]) == len(whole.identities) > 12000
    assert max(len(s) for row in doc["cards"] for s in row if isinstance(s, str)) < 120
    assert max(len(s) for s in doc["strings"]) < 120


def test_card_table_without_a_pool_is_the_codex_records():
    bare = load_index(None, codex().cards)
    doc = cards_document(bare)
    validate(doc, "cards")
    assert not doc["has_pool"] and len(doc["cards"]) == len(bare)


def test_site_outputs_without_a_pool_leave_out_cards_json():
    out = site_outputs(codex(), plan_site(codex()), True, pool_dir=None)  # none, not the fetched
    assert "api/v1/cards.json" not in out
    assert {"api/v1/formats/modern.json", "api/v1/schemas/format.schema.json", "assets/deck-check-data.js"} <= set(out)
    assert out["assets/deck-check-data.js"].startswith("window.L5R_DECK_DATA=")


def test_set_acronyms_are_published_as_the_data_states_them():
    """api/v1/set-acronyms.json is data/set-acronyms.yml (every acronym, its set name), valid against its schema,
    in every build (with or without a pool), and the browser checker gets the same table."""
    import yaml

    from decks.support import ROOT

    written = yaml.safe_load((ROOT / "data" / "set-acronyms.yml").read_text(encoding="utf-8"))["acronyms"]
    doc = set_acronyms_document(codex())
    validate(doc, "set-acronyms")
    assert doc["acronyms"] == written and len(written) > 50
    out = site_outputs(codex(), plan_site(codex()), True, pool_dir=None)
    assert json.loads(out["api/v1/set-acronyms.json"]) == doc
    assert json.loads(out["api/v1/schemas/set-acronyms.schema.json"]) == SCHEMAS["set-acronyms"]
    assert checker_data(codex(), load_index(None, codex().cards), {})["set_acronyms"] == written
    # every acronym names a set a consumer can find in the card pool
    pool_sets = {s for i in index().identities for s in i.sets}
    assert not sorted(v for v in written.values() if v not in pool_sets)


def test_a_broken_set_acronyms_document_fails_its_schema():
    doc = set_acronyms_document(codex())
    doc["acronyms"]["TotV"] = ""
    with pytest.raises(jsonschema.ValidationError):
        validate(doc, "set-acronyms")


def test_checker_data_links_every_cited_rule():
    plan = plan_site(codex())
    urls = {rid: f"{uri}#{anchor}" for rid, (uri, anchor) in plan.anchors.items()}
    data = checker_data(codex(), index(), urls)
    cited = {r for f in data["formats"] for r in f["ruleset"]["rule_refs"].values()} | {
        b["id"] for f in data["formats"] for b in f["bans"]
    }
    missing = sorted(r for r in cited if r not in data["rule_urls"])
    assert not missing, f"rules the checker cites without a permalink: {missing}"


def test_built_site_publishes_the_api(built_site):
    for fmt in ("obsidian-hand", "new-era", "modern"):
        validate(json.loads((built_site / "api/v1/formats" / f"{fmt}.json").read_text()), "format")
    for name in SCHEMAS:
        assert json.loads((built_site / "api/v1/schemas" / f"{name}.schema.json").read_text()) == SCHEMAS[name]
    validate(json.loads((built_site / "api/v1/cards.json").read_text()), "cards")
    validate(json.loads((built_site / "api/v1/set-acronyms.json").read_text()), "set-acronyms")
    assert (built_site / "assets/deck-check-data.js").stat().st_size <= 1_500_000


@pytest.mark.parametrize("ban_id", ["mod-ban-koans-jingasa", "mod-ban-koans-robes"])
def test_the_koan_lifts_are_undated_in_the_api_as_on_the_card_pages(ban_id):
    """MOD update log: the Koan lifts carry no date, and they are not on the list "As of August 16, 2015". The
    API states no day for the lift, not even an inferred one: `lifted_undated` says it is on no list the
    document states, and `ban_list_stated_from` says the bans of an earlier day are not stated."""
    doc = format_document(codex(), codex().format("modern"))
    ban = next(b for b in doc["bans"] if b["id"] == ban_id)
    assert ban["lifted"] is None and ban["lifted_inferred"] is None and ban["lifted_undated"] is True
    st = ban["lifted_statement"]
    assert st["qualifier"] == "undated" and st["phrase"] == "undated"
    assert doc["ban_list_stated_from"] == "2015-08-16"
    # One rule for both lists: the Obsidian Hand's undated entries are read as of its latest update.
    assert format_document(codex(), codex().format("obsidian-hand"))["ban_list_stated_from"] == "2016-02-15"
    validate(doc, "format")


def test_only_undated_days_are_moved_out_of_lifted():
    """A lift or ban the document dates keeps its date; nothing else gets a `lifted_inferred`."""
    for fid in ("obsidian-hand", "modern"):
        fmt = codex().format(fid)
        for entry, ban in zip(fmt.bans.entries, format_document(codex(), fmt)["bans"]):
            if entry.lifted and entry.lifted_precision != "inferred":
                assert ban["lifted"] == entry.lifted.isoformat() and ban["lifted_inferred"] is None, ban["id"]
            if entry.lifted_precision == "inferred":
                assert ban["lifted"] is None and ban["lifted_inferred"], ban["id"]


def test_the_browser_checker_gets_the_stated_ban_list_day():
    """deck-check.js answers "as of" questions with the CLI: its data carries the day Modern's list is stated
    from and the undated Koan lifts (on no list the document states)."""
    plan = plan_site(codex())
    urls = {rid: f"{uri}#{anchor}" for rid, (uri, anchor) in plan.anchors.items()}
    data = checker_data(codex(), index(), urls)
    modern = next(f for f in data["formats"] if f["id"] == "modern")
    koan = next(b for b in modern["bans"] if b["id"] == "mod-ban-koans-jingasa")
    assert koan["lifted"] is None and koan["lifted_undated"] is True
    assert modern["ban_list_stated_from"] == "2015-08-16"


def test_cards_json_is_kept_with_the_card_table_it_was_written_from():
    """api/v1/cards.json is written once per card table (a table is kept per index): a generation with another
    index writes its own table."""
    from l5r.cardpool import CardIndex

    c, idx = codex(), index()
    plan = plan_site(c)
    fewer = CardIndex(idx.identities[:-1], c.cards, idx.pool_dir)
    for asked in (idx, idx, fewer, idx):
        written = site_outputs(c, plan, True, index=asked)["api/v1/cards.json"]
        assert json.loads(written) == cards_document(asked) and written.endswith("}\n")
    assert len(json.loads(site_outputs(c, plan, True, index=fewer)["api/v1/cards.json"])["cards"]) == len(fewer)


def test_the_card_table_is_kept_beside_the_index_it_was_made_from(tmp_path, monkeypatch):
    """api/v1/cards.json is kept in the cache folder beside the card index it was made from (l5r/cardpool/cache.py
    `kept_beside`): a new process reads it instead of working it out while the index's key (the pool, the card
    records, the reader's code) and the package's code are the same. Other records or other code make it again, and
    so does a file that holds no text. The deck checker's data holds the same table, byte for byte."""
    from decks.support import pool_dir
    from l5r.cardpool import cache as pool_cache
    from l5r.site import api
    from l5r.site.api.deckdata import checker_script
    from l5r.site.rendering.permalinks import page_url

    made = []

    def counted(idx):
        made.append(idx)
        return cards_document(idx)

    monkeypatch.setattr(api, "cards_document", counted)
    c, cache = codex(), tmp_path / "cache"
    plan = plan_site(c)
    urls = {rid: f"{page_url(uri, True)}#{anchor}" for rid, (uri, anchor) in plan.anchors.items()}
    fewer = dict(list(c.cards.items())[1:])  # another commit's card records

    def outputs(cards):
        monkeypatch.setattr(pool_cache, "_IN_PROCESS", {})  # as a new process: from the cache files
        asked = load_index(pool_dir(), cards, cache)
        out = site_outputs(c, plan, True, index=asked)
        assert (
            out["api/v1/cards.json"]
            == json.dumps(cards_document(asked), ensure_ascii=False, separators=(",", ":")) + "\n"
        )
        assert out["assets/deck-check-data.js"] == checker_script(c, asked, urls)
        return out

    first = outputs(c.cards)
    assert len(made) == 1 and outputs(c.cards) == first and len(made) == 1  # the second from the cache file
    other = outputs(fewer)
    assert len(made) == 2 and other["api/v1/cards.json"] != first["api/v1/cards.json"]
    monkeypatch.setattr(api, "package_digest", lambda: "other code")
    assert outputs(c.cards) == first and len(made) == 3
    key = pool_cache.stamp(pool_dir(), c.cards) + ("cardpool", "api-cards", "other code")
    kept = cache / f"api-cards-{pool_cache._key_digest(key)}.json"
    assert kept.is_file()
    pool_cache._write(kept, key, {"not": "a text"})  # the right key, something else held
    assert outputs(c.cards) == first and len(made) == 4
    kept.write_bytes(b"\x00garbage")
    assert outputs(c.cards) == first and len(made) == 5
    assert outputs(c.cards) == first and len(made) == 5  # written again whole
