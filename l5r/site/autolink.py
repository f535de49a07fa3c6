"""Linking the names of keywords, player abilities, glossary terms and cards where rules text mentions them.

Matching follows the Special wording rules (AEG, Referring to things): a term matches whole words only
("Battle" never inside "Battle Maiden"; "Temple" never inside "Temple Guardian"), the longest term wins,
and a term pluralized in text also finds its singular ("Berserkers" finds "Berserker"). Only the first
mention in a section links, and never a mention inside the entry itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Target:
    """Something a term can link to."""

    record_id: str
    label: str  # what it is: "OH player ability", "NE keyword", "card"
    tooltip: str


class Linker:
    """Finds linkable terms in text. Build once per format (its terms plus the shared ones)."""

    def __init__(self, terms: dict[str, Target]):
        self.terms = {t: target for t, target in terms.items() if t.strip()}
        if self.terms:
            names = sorted(self.terms, key=len, reverse=True)
            alternation = "|".join(re.escape(n) for n in names)
            # Whole words only; an optional plural "s"/"es" as the wording rules allow.
            self.pattern = re.compile(rf"(?<![\w’'-])({alternation})(s|es)?(?![\w-])")
        else:
            self.pattern = None

    def find(self, text: str):
        """Yield (start, end, term, target) for every mention, longest match first, left to right."""
        if self.pattern is None:
            return
        for match in self.pattern.finditer(text):
            term = match.group(1)
            yield match.start(), match.end(), term, self.terms[term]


def singular_forms(word: str) -> list[str]:
    """Candidate singulars of a pluralized term ("Berserkers" -> "Berserker")."""
    forms = []
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("s"):
        forms.append(word[:-1])
    return forms
