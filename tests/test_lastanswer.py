"""`LastAnswer` (l5r/data/lastanswer.py): the one answer the package keeps for a question asked again with the same
inputs. Objects are the same only when they are the same object; values, when they are equal."""

from __future__ import annotations

from l5r.data.lastanswer import LastAnswer


class _Counting:
    def __init__(self):
        self.made = 0

    def __call__(self):
        self.made += 1
        return {"answer": self.made}


def test_the_same_objects_and_equal_values_are_answered_from_memory():
    memo: LastAnswer[dict] = LastAnswer()
    make = _Counting()
    codex, words = object(), {"Honor"}
    first = memo.answer(make, (codex,), (frozenset(words),))
    assert memo.answer(make, (codex,), (frozenset(set(words)),)) is first, "equal values: the kept answer"
    assert make.made == 1


def test_an_equal_object_that_is_another_object_is_asked_afresh():
    memo: LastAnswer[dict] = LastAnswer()
    make = _Counting()
    index = [1, 2, 3]
    first = memo.answer(make, (index,))
    second = memo.answer(make, ([1, 2, 3],))
    assert second is not first and make.made == 2, "an equal list is not the same object: its own answer"
    assert memo.answer(make, (index,)) is not first, "only the last answer is kept"


def test_other_values_more_objects_or_forgetting_is_asked_afresh():
    memo: LastAnswer[dict] = LastAnswer()
    make = _Counting()
    a, b = object(), object()
    memo.answer(make, (a,), ("x",))
    memo.answer(make, (a,), ("y",))
    assert make.made == 2, "other values"
    memo.answer(make, (a, b), ("y",))
    assert make.made == 3, "another number of objects"
    memo.answer(make, (a, b), ("y",))
    assert make.made == 3
    memo.forget()
    memo.answer(make, (a, b), ("y",))
    assert make.made == 4, "forgotten"


def test_kept_and_keep_answer_what_was_kept_only():
    memo: LastAnswer[list] = LastAnswer()
    key = object()
    assert memo.kept((key,)) is None and memo.last is None
    answer: list = []
    assert memo.keep(answer, (key,), (1,)) is answer
    assert memo.kept((key,), (1,)) is answer, "an empty answer is an answer"
    assert memo.kept((key,), (2,)) is None
    assert memo.last is answer, "the last answer, whatever its inputs"
    assert memo.kept((object(),), (1,)) is None
