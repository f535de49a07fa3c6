"""How each kind of data document becomes records of the frozen model (l5r/data/model.py): a format with its rule
sections, abilities, keywords, bans, changelog, rulings and legal sets, and a card record. Each reader reports
its problems and the references it makes through the loader's Collector (l5r/data/collector.py)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from types import MappingProxyType

from . import model as m
from .collector import Collector

# ---------------------------------------------------------------------------------------------------------
# Text, dates and nested values
# ---------------------------------------------------------------------------------------------------------


def _blocks(raw) -> tuple[m.Block, ...]:
    out = []
    for block in raw or ():
        if isinstance(block, str):
            out.append(m.Block(m.BlockKind.PARAGRAPH, block))
        elif "list" in block:
            out.append(m.Block(m.BlockKind.LIST, items=_items(block["list"])))
        elif "example" in block:
            out.append(m.Block(m.BlockKind.EXAMPLE, block["example"]))
        else:
            out.append(m.Block(m.BlockKind.NOTE, block["note"]))
    return tuple(out)


def _items(raw) -> tuple[m.ListItem, ...]:
    return tuple(m.ListItem(i) if isinstance(i, str) else m.ListItem(i["text"], _items(i["list"])) for i in raw)


def _errata(raw) -> tuple[m.Erratum, ...]:
    return tuple(m.Erratum(e["original"], e["correction"], e.get("note", "")) for e in raw or ())


def _date(value) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


def _freeze(value):
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


# ---------------------------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------------------------


def card_record(col: Collector, doc, v) -> m.CardRecord:
    """A card record (data/cards/<id>.yml)."""
    origin = col.claim(doc, (), v["id"])
    expected = Path(doc.path).stem
    if expected != v["id"]:
        col.problem(doc, ("id",), f"card id '{v['id']}' must match its file name ({expected}.yml)")
    for key in ("distinct_from", "counts_as", "soul_of"):
        col.refs(doc, (key,), v.get(key), "card")
    col.ref(doc, ("version_of",), v.get("version_of"), "card")
    card = m.CardRecord(
        id=v["id"],
        # the name every page, link and search gives the card: the pool's (its key, "Hida Kisada (Imperial)", "Bamboo
        # Harvesters • Experienced 2"), as the pool card pages and the deck checker give every card; else the printed
        # title with its experience
        title=v.get("pool_title") or (f"{v['title']} • {v['experience']}" if v.get("experience") else v["title"]),
        format_id=None,
        origin=origin,
        citation=f"CARD {v['id']}",
        name=v["title"],
        experience=v.get("experience"),
        type=v["type"],
        deck=v["deck"],
        unique=v.get("unique"),
        clan=v.get("clan"),
        keywords=tuple(v.get("keywords", ())),
        icons=tuple(v.get("icons", ())),
        sets=tuple(v.get("sets", ())),
        pool_title=v.get("pool_title"),
        aliases=tuple(v.get("aliases", ())),
        distinct_from=tuple(v.get("distinct_from", ())),
        version_of=v.get("version_of"),
        counts_as=tuple(v.get("counts_as", ())),
        soul_of=tuple(v.get("soul_of", ())),
        deck_rules=_freeze(v.get("deck_rules", {})),
        facts=tuple(v.get("facts", ())),
    )
    return card


# ---------------------------------------------------------------------------------------------------------
# A format and its records
# ---------------------------------------------------------------------------------------------------------


def format_record(col: Collector, doc, v, parts, known_formats) -> m.Format:
    """A format from its format.yml (`v`) and its other files (`parts`: kind -> [(document, value)]), every record
    of it read; `known_formats`: the ids of every format, for its parent."""
    col.claim(doc, (), v["id"])
    expected = Path(doc.path).parent.name
    if expected != v["id"]:
        col.problem(doc, ("id",), f"format id '{v['id']}' must match its folder name ({expected})")
    if v.get("parent"):
        if v["parent"] not in known_formats:
            col.problem(doc, ("parent",), f"parent format '{v['parent']}' does not exist")
    prefix = v["citation_prefix"]
    fid = v["id"]
    for kind, docs in parts.items():
        if kind in ("abilities", "bans", "changelog", "rulings", "sets") and len(docs) > 1:
            col.problem(docs[1][0], ("kind",), f"format '{fid}' already has a {kind} file: {docs[0][0].path}")
        for d, _ in docs:
            if Path(d.path).parent.name != fid:
                col.problem(
                    d,
                    ("format",),
                    f"this file is in folder '{Path(d.path).parent.name}' but "
                    f"says format '{fid}'; a format's files live in data/formats/{fid}/",
                )
    ruleset = v.get("ruleset", {})
    for key, target in ruleset.get("rule_refs", {}).items():
        col.ref(doc, ("ruleset", "rule_refs", key), target, "rule reference")
    src = v["source"]
    if v.get("parent_evidence"):
        col.quote(doc, ("parent_evidence",), fid, v["parent_evidence"])
    return m.Format(
        id=fid,
        name=v["name"],
        short_name=v["short_name"],
        citation_prefix=prefix,
        source=m.Source(
            src["title"],
            src.get("document"),
            src.get("publisher"),
            _date(src.get("date")),
            src.get("date_note"),
            src.get("url"),
        ),
        origin=m.Origin(doc.path, 1),
        parent=v.get("parent"),
        relation=v.get("relation", ""),
        parent_evidence=v.get("parent_evidence", ""),
        bundled=v.get("bundled", True),
        order=v.get("order", 100),
        summary=_blocks(v.get("summary")),
        text=_blocks(v.get("text")),
        note=v.get("note", ""),
        ruleset=_freeze(ruleset),
        sections=_sections(col, parts.get("rules", []), fid, prefix),
        **_abilities(col, parts.get("abilities", []), fid, prefix),
        **_keywords(col, parts.get("keywords", []), fid, prefix),
        bans=_bans(col, parts.get("bans", []), fid, prefix),
        **_changelog(col, parts.get("changelog", []), fid, prefix),
        rulings=_rulings(col, parts.get("rulings", []), fid, prefix),
        legality=_legality(col, parts.get("sets", []), fid, prefix),
    )


def _cite(prefix, fid_prefix, record_id, number=None) -> str:
    if number:
        return f"{prefix} {number}"
    slug = record_id[len(fid_prefix) :] if record_id.startswith(fid_prefix) else record_id
    return f"{prefix} {slug}"


def _sections(col: Collector, docs, fid, prefix):
    out = []
    for doc, v in docs:
        id_prefix = _id_prefix(v["sections"])
        for i, raw in enumerate(v["sections"]):
            out.append(_section(col, doc, ("sections", i), raw, fid, prefix, id_prefix, None, raw["id"]))
    return tuple(out)


def _section(col: Collector, doc, keys, v, fid, prefix, id_prefix, parent_id, top_id) -> m.Section:
    origin = col.claim(doc, keys, v["id"])
    col.changed_by(doc, keys, v)
    subs = tuple(
        _section(col, doc, keys + ("sections", j), s, fid, prefix, id_prefix, v["id"], top_id)
        for j, s in enumerate(v.get("sections", ()))
    )
    return m.Section(
        id=v["id"],
        title=v["title"],
        format_id=fid,
        origin=origin,
        citation=_cite(prefix, id_prefix, v["id"], v.get("number")),
        number=v.get("number"),
        heading=v.get("heading"),
        group=v.get("group"),
        topic=v.get("topic"),
        text=_blocks(v.get("text")),
        errata=_errata(v.get("errata")),
        examples=tuple(_freeze(e) for e in v.get("examples", ())),
        changed_by=tuple(v.get("changed_by", ())),
        sections=subs,
        parent_id=parent_id,
        top_id=top_id,
        **col.layer(doc, keys, v, fid),
    )


def _abilities(col: Collector, docs, fid, prefix):
    groups: list = []
    text: tuple[m.Block, ...] = ()
    for doc, v in docs:
        text = _blocks(v.get("text"))
        id_prefix = fid_prefix_for(fid, v["groups"][0]["id"])
        for g, gkeys, gorigin in col.claimed(doc, ("groups",), v["groups"]):
            abilities = []
            for a, akeys, origin in col.claimed(doc, gkeys + ("abilities",), g["abilities"]):
                col.typed(doc, akeys + ("see",), a.get("see"), "ability", ("ability",))
                col.changed_by(doc, akeys, a)
                abilities.append(
                    m.Ability(
                        id=a["id"],
                        title=a["name"],
                        format_id=fid,
                        origin=origin,
                        citation=_cite(prefix, id_prefix, a["id"]),
                        key=a["key"],
                        name=a["name"],
                        group_id=g["id"],
                        heading=a.get("heading"),
                        designators=tuple(a["designators"]),
                        cost=a.get("cost"),
                        text=_blocks(a["text"]),
                        notes=_blocks(a.get("notes")),
                        see=a.get("see"),
                        errata=_errata(a.get("errata")),
                        examples=tuple(_freeze(e) for e in a.get("examples", ())),
                        changed_by=tuple(a.get("changed_by", ())),
                        autolink=a.get("autolink", True),
                        aliases=tuple(a.get("aliases", ())),
                        autolink_as=a.get("autolink_as", "name"),
                        action_designators=tuple(
                            m.Action(tuple(x["designators"]), x["text"]) for x in a.get("actions", ())
                        ),
                        compare_with=tuple(m.TopicPlacement(x["key"], x["note"]) for x in a.get("compare_with", ())),
                        **col.layer(doc, akeys, a, fid),
                    )
                )
            groups.append(
                m.AbilityGroup(
                    id=g["id"],
                    title=g["title"],
                    format_id=fid,
                    origin=gorigin,
                    citation=_cite(prefix, id_prefix, g["id"]),
                    heading=g.get("heading"),
                    text=_blocks(g.get("text")),
                    abilities=tuple(abilities),
                    **col.layer(doc, gkeys, g, fid),
                )
            )
    return {"ability_groups": tuple(groups), "abilities_text": text}


def _keywords(col: Collector, docs, fid, prefix):
    files, entries = [], []
    for doc, v in docs:
        file_key = Path(doc.path).stem
        files.append(m.KeywordFile(file_key, v.get("title", "Keywords"), v.get("heading"), _blocks(v.get("text"))))
        id_prefix = fid_prefix_for(fid, v["entries"][0]["id"])
        for e, keys, origin in col.claimed(doc, ("entries",), v["entries"]):
            col.changed_by(doc, keys, e)
            subs = []
            for s, _, sorigin in col.claimed(doc, keys + ("sections",), e.get("sections", ())):
                subs.append(
                    m.KeywordSection(
                        id=s["id"],
                        title=s["title"],
                        format_id=fid,
                        origin=sorigin,
                        keyword_id=e["id"],
                        citation=_cite(prefix, id_prefix, s["id"]),
                        heading=s.get("heading"),
                        text=_blocks(s["text"]),
                    )
                )
            entries.append(
                m.Keyword(
                    id=e["id"],
                    title=e["term"],
                    format_id=fid,
                    origin=origin,
                    citation=_cite(prefix, id_prefix, e["id"]),
                    key=e["key"],
                    term=e["term"],
                    category=e["category"],
                    heading=e.get("heading"),
                    short=e.get("short", ""),
                    text=_blocks(e["text"]),
                    errata=_errata(e.get("errata")),
                    examples=tuple(_freeze(x) for x in e.get("examples", ())),
                    changed_by=tuple(e.get("changed_by", ())),
                    sections=tuple(subs),
                    file_key=file_key,
                    autolink=e.get("autolink", True),
                    aliases=tuple(e.get("aliases", ())),
                    autolink_as=e.get("autolink_as", "name"),
                    **col.layer(doc, keys, e, fid),
                )
            )
    return {"keyword_files": tuple(files), "keywords": tuple(entries)}


def _bans(col: Collector, docs, fid, prefix):
    if not docs:
        return None
    doc, v = docs[0]
    id_prefix = fid_prefix_for(fid, v["categories"][0]["id"])
    categories = []
    for c, ckeys, corigin in col.claimed(doc, ("categories",), v["categories"]):
        entries = []
        for e, keys, origin in col.claimed(doc, ckeys + ("entries",), c["entries"]):
            col.typed(doc, keys + ("card",), e.get("card"), "card", ("card",))
            col.typed(doc, keys + ("added_by",), e.get("added_by"), "changelog entry", ("changelog",))
            col.typed(doc, keys + ("lifted_by",), e.get("lifted_by"), "changelog entry", ("changelog",))
            added, lifted = _date(e.get("added")), _date(e.get("lifted"))
            if added and lifted and lifted < added:
                col.problem(doc, keys + ("lifted",), f"lifted ({lifted}) is before added ({added})")
            entries.append(
                m.BanEntry(
                    id=e["id"],
                    title=e["as_written"],
                    format_id=fid,
                    origin=origin,
                    citation=_cite(prefix, id_prefix, e["id"]),
                    as_written=e["as_written"],
                    category_id=c["id"],
                    card=e.get("card"),
                    match=_freeze(e.get("match", {})),
                    added=added,
                    added_precision=e.get("added_precision", "exact"),
                    added_by=e.get("added_by"),
                    lifted=lifted,
                    lifted_precision=e.get("lifted_precision", "exact"),
                    added_inference=e.get("added_inference", ""),
                    lifted_inference=e.get("lifted_inference", ""),
                    lifted_by=e.get("lifted_by"),
                    note=e.get("note", ""),
                    errata=_errata(e.get("errata")),
                )
            )
        categories.append(
            m.BanCategory(
                id=c["id"],
                title=c["title"],
                format_id=fid,
                origin=corigin,
                citation=_cite(prefix, id_prefix, c["id"]),
                heading=c.get("heading"),
                entries=tuple(entries),
            )
        )
    undated = v.get("undated_as_of") or {}
    return m.BanList(
        fid,
        _blocks(v.get("text")),
        _blocks(v.get("footer")),
        tuple(categories),
        _date(undated.get("date")),
        undated.get("why", ""),
    )


def _changelog(col: Collector, docs, fid, prefix):
    if not docs:
        return {"changelog": (), "changelog_text": ()}
    doc, v = docs[0]
    id_prefix = fid_prefix_for(fid, v["entries"][0]["id"])
    entries = []
    for i, (e, keys, origin) in enumerate(col.claimed(doc, ("entries",), v["entries"])):
        col.refs(doc, keys + ("touches",), e.get("touches"), "changed record")
        if ("old" in e) != ("new" in e):
            col.problem(doc, keys, "a text change needs both `old:` and `new:`")
        entries.append(
            m.ChangelogEntry(
                id=e["id"],
                title=e["title"],
                format_id=fid,
                origin=origin,
                citation=_cite(prefix, id_prefix, e["id"]),
                kind=e["kind"],
                date=_date(e.get("date")),
                date_as_written=e.get("date_as_written"),
                touches=tuple(e.get("touches", ())),
                text=_blocks(e["text"]),
                old=e.get("old"),
                new=e.get("new"),
                errata=_errata(e.get("errata")),
                position=i,
            )
        )
    return {"changelog": tuple(entries), "changelog_text": _blocks(v.get("text"))}


def _rulings(col: Collector, docs, fid, prefix):
    out = []
    for doc, v in docs[:1]:
        id_prefix = fid_prefix_for(fid, v["entries"][0]["id"])
        for r, keys, origin in col.claimed(doc, ("entries",), v["entries"]):
            col.refs(doc, keys + ("applies_to",), r.get("applies_to"), "record the ruling applies to")
            col.typed(doc, keys + ("source_entry",), r.get("source_entry"), "changelog entry", ("changelog",))
            out.append(
                m.Ruling(
                    id=r["id"],
                    title=r["question"],
                    format_id=fid,
                    origin=origin,
                    citation=_cite(prefix, id_prefix, r["id"]),
                    question=r["question"],
                    text=_blocks(r["text"]),
                    source=r["source"],
                    date=_date(r.get("date")),
                    source_entry=r.get("source_entry"),
                    applies_to=tuple(r.get("applies_to", ())),
                    examples=tuple(_freeze(e) for e in r.get("examples", ())),
                )
            )
    return tuple(out)


def _legality(col: Collector, docs, fid, prefix):
    if not docs:
        return None
    doc, v = docs[0]
    if v.get("id"):
        col.claim(doc, (), v["id"])
    id_prefix = fid_prefix_for(fid, v.get("id") or fid)
    bugs = v.get("bugs") or {}
    if bugs:
        col.claim(doc, ("bugs",), bugs["id"])
    sets = []
    for s, keys, origin in col.claimed(doc, ("entries",), v["entries"]):
        col.typed(doc, keys + ("duplicate_of",), s.get("duplicate_of"), "set", ("set",))
        sets.append(
            m.LegalSet(
                id=s["id"],
                title=s["as_written"],
                format_id=fid,
                origin=origin,
                citation=_cite(prefix, id_prefix, s["id"]),
                as_written=s["as_written"],
                pool_set=s.get("pool_set"),
                duplicate_of=s.get("duplicate_of"),
                note=s.get("note", ""),
                errata=_errata(s.get("errata")),
            )
        )
    return m.CardLegalityRules(
        id=v.get("id"),
        title=v.get("title", "Card legality"),
        text=_blocks(v.get("text")),
        bugs_id=bugs.get("id"),
        bugs_text=_blocks(bugs.get("text")),
        legal_bugs=tuple(bugs.get("legal", ())),
        bug_pool_tags=tuple(bugs.get("pool_tags", ())),
        sets_text=_blocks(v.get("sets_text")),
        sets=tuple(sets),
    )


def _id_prefix(sections) -> str:
    first = sections[0]["id"] if sections else ""
    return first.split("-", 1)[0] + "-" if "-" in first else ""


def fid_prefix_for(fid: str, some_id: str) -> str:
    """The id prefix a format's records use (`oh-`), read off one of its ids."""
    return some_id.split("-", 1)[0] + "-" if "-" in some_id else ""
