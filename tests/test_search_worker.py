"""Material's search worker builds its index at a reader's first search, not when each page opens: the Codex's
prelude (l5r/site/search-worker-prelude.js) goes before it in every build, once. In a browser:
tests/browser/test_search.py."""

from __future__ import annotations

from conftest import project_site


def test_the_built_sites_search_worker_starts_with_the_codex_prelude(tmp_path_factory):
    from l5r.site.rendering.searchindex import WORKER_FILES, WORKER_PRELUDE

    prelude = WORKER_PRELUDE.read_text(encoding="utf-8")
    site = project_site(tmp_path_factory)
    workers = sorted(site.glob(WORKER_FILES))
    assert len(workers) == 1, workers
    text = workers[0].read_text(encoding="utf-8")
    assert text.startswith(prelude) and text.count(prelude.split("\n", 1)[0]) == 1
    assert 'addEventListener("message"' in text[len(prelude) :], "Material's own worker follows the prelude"


def test_the_prelude_goes_in_once_and_a_missing_worker_is_told(tmp_path):
    from l5r.site.rendering.searchindex import WORKER_FILES, WORKER_PRELUDE, defer_index_build

    assert defer_index_build(tmp_path) == []  # postbuild stops the build on this (PostBuildError)
    worker = tmp_path / WORKER_FILES.replace("*", "0123abcd")
    worker.parent.mkdir(parents=True)
    worker.write_text("material();\n", encoding="utf-8")
    assert defer_index_build(tmp_path) == [worker]
    assert defer_index_build(tmp_path) == [worker]  # `mkdocs serve` keeps theme files between builds
    assert worker.read_text(encoding="utf-8") == WORKER_PRELUDE.read_text(encoding="utf-8") + "material();\n"
