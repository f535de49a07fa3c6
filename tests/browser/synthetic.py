"""The site built with the synthetic card pool of tests/synthetic_pool.py (invented cards, never real card text),
online and as the offline copy, once per run: for the browser tests of pool card pages and of the pages a player
starts from (card search, home page, deck checker page, site search).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from synthetic_pool import CLANS, build_env, built_with_pool, oracle_list, title  # noqa: F401 - for the tests

from .conftest import Site, build_offline_copy, guarded_page, serve


@pytest.fixture(scope="session")
def small_sites(tmp_path_factory) -> dict[str, Path]:
    """The site's folder by kind: "online", the build with the synthetic pool (tests/synthetic_pool.py
    `built_with_pool`); "offline", `make offline` of the same, unzipped as a player would."""
    work = built_with_pool(tmp_path_factory, alongside=lambda out, env: build_offline_copy(out / "offline", env))
    [offline] = [p for p in (work / "offline" / "unzipped").iterdir() if p.is_dir()]
    return {"online": work / "site", "offline": offline}


@pytest.fixture(scope="session", params=["online", "offline"])
def small_site(request, small_sites):
    """The synthetic-pool site: served on 127.0.0.1 (directory URLs), or the offline build opened from file://."""
    folder = small_sites[request.param]
    if request.param == "offline":
        yield Site("offline", folder.as_uri() + "/", folder)
        return
    with serve(folder) as root_url:
        yield Site("online", root_url, folder)


@pytest.fixture
def page(contexts, small_site):
    """A wiped tab at 1280 px; a request off the machine, a script error or a console error fails the test."""
    with guarded_page(contexts, viewport={"width": 1280, "height": 900}) as tab:
        yield tab


def axe_serious(page, axe_source: str) -> list:
    """axe-core's serious and critical violations on the page as it is now, the pointer resting off the content
    (a link under the pointer after a click shows the theme's hover colour, which is not the page's own)."""
    page.mouse.move(0, 0)
    page.wait_for_function("() => document.getAnimations().every(a => a.playState !== 'running')", timeout=10000)
    page.add_script_tag(content=axe_source)
    result = page.evaluate("axe.run(document, {resultTypes: ['violations'], preload: false})")
    return [
        (v["id"], [n["target"] for n in v["nodes"][:3]])
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]
