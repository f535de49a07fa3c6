"""One answer kept: the last question's, until another question is asked.

A build asks some questions several times with the same inputs (the rules matrix: its page, the examples' plan and
the API), and `mkdocs serve` asks them again at every rebuild, mostly with the same inputs. A process builds one
project at a time, so only the last inputs' answer is worth keeping: a `LastAnswer` holds that one answer.

A question's inputs are given in two kinds. Objects are compared by identity: they are frozen, or never changed
after they are made (a loaded Codex, a card index, a pool's identities), so the same object gives the same answer,
and comparing them costs nothing however large they are. Values are compared by equality: small inputs that a
caller makes afresh each time (a set of words, a flag). An answer is kept with both and given back only when the
next question's objects are the same objects and its values are equal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

Answer = TypeVar("Answer")


class LastAnswer(Generic[Answer]):
    """The answer to the last question asked, with its inputs (see the module docstring)."""

    __slots__ = ("_objects", "_values", "_answer")

    def __init__(self) -> None:
        self._objects: tuple[object, ...] = ()
        self._values: tuple[object, ...] = ()
        self._answer: Answer | None = None

    @property
    def last(self) -> Answer | None:
        """The answer kept, whatever its inputs (None when none is)."""
        return self._answer

    def kept(self, objects: tuple[object, ...], values: tuple[object, ...] = ()) -> Answer | None:
        """The answer kept for these inputs, else None."""
        if (
            self._answer is not None
            and len(objects) == len(self._objects)
            and all(a is b for a, b in zip(objects, self._objects, strict=True))
            and values == self._values
        ):
            return self._answer
        return None

    def keep(self, answer: Answer, objects: tuple[object, ...], values: tuple[object, ...] = ()) -> Answer:
        """Keep `answer` as the one for these inputs, in place of any other; returns it."""
        self._objects, self._values, self._answer = objects, values, answer
        return answer

    def answer(
        self, make: Callable[[], Answer], objects: tuple[object, ...], values: tuple[object, ...] = ()
    ) -> Answer:
        """The answer kept for these inputs, else `make()`'s, kept in its place."""
        found = self.kept(objects, values)
        return found if found is not None else self.keep(make(), objects, values)

    def forget(self) -> None:
        """Keep nothing: the next question is answered afresh."""
        self._objects, self._values, self._answer = (), (), None
