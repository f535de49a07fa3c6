"""What the Codex writes for itself (the pool's cache, the parse memo, the template cache's folder names, the pool's
manifest) is written whole: a reader running meanwhile sees the old file or the new one, never half of one, and
nothing is left beside it, whether the write succeeds or fails.
"""

from __future__ import annotations

import os
import threading

import pytest

from l5r.cardpool.fetch import FetchError, load_manifest, write_manifest
from l5r.data.safefile import holds_bytes, write_if_changed, write_whole


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_file_written_whole_replaces_the_old_and_leaves_nothing_beside_it(tmp_path):
    target = tmp_path / "cache.json"
    target.write_text("old", encoding="utf-8")
    write_whole(target, "new — ニュー")
    assert target.read_text(encoding="utf-8") == "new — ニュー"
    assert [p.name for p in tmp_path.iterdir()] == ["cache.json"]
    # The mode any new file gets (the manifest is the user's file; a private 0600 would be a surprise).
    assert target.stat().st_mode & 0o777 == 0o666 & ~_umask()


@pytest.mark.parametrize("kind", ["folder", "unencodable"])
def test_a_write_that_fails_keeps_the_old_file_and_leaves_nothing_beside_it(tmp_path, kind):
    if kind == "folder":  # the rename fails: a folder of that name is there
        target = tmp_path / "cache.json"
        target.mkdir()
        (target / "inside").write_text("kept", encoding="utf-8")
        with pytest.raises(OSError):
            write_whole(target, "new")
        assert (target / "inside").read_text(encoding="utf-8") == "kept"
    else:  # the writing fails half way: a lone surrogate has no UTF-8
        target = tmp_path / "cache.json"
        target.write_text("old", encoding="utf-8")
        with pytest.raises(UnicodeEncodeError):
            write_whole(target, "x" * 100_000 + "\ud800")
        assert target.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["cache.json"]


def test_a_file_already_of_the_new_files_name_is_not_the_writers_to_remove(tmp_path, monkeypatch):
    import secrets

    monkeypatch.setattr(secrets, "token_hex", lambda n: "00" * n)  # the name another writer picked a moment ago
    target = tmp_path / "cache.json"
    theirs = tmp_path / f"cache.json.{os.getpid()}.00000000.tmp"
    theirs.write_text("another writer's", encoding="utf-8")
    with pytest.raises(FileExistsError):
        write_whole(target, "new")
    assert theirs.read_text(encoding="utf-8") == "another writer's" and not target.exists()


def test_writers_at_once_leave_one_whole_file(tmp_path):
    target = tmp_path / "memo.json"
    texts = [str(n) * 200_000 for n in range(8)]
    seen, stop, looked = set(), threading.Event(), threading.Event()
    write_whole(target, texts[0])  # a file to read from the first look: on a busy machine the reader may get no other

    def read_meanwhile():
        while not stop.is_set():
            seen.add(target.read_text(encoding="utf-8"))
            looked.set()

    reader = threading.Thread(target=read_meanwhile)
    reader.start()
    looked.wait(timeout=30)
    writers = [threading.Thread(target=lambda t=t: [write_whole(target, t) for _ in range(10)]) for t in texts]
    for thread in writers:
        thread.start()
    for thread in writers:
        thread.join()
    stop.set()
    reader.join()
    assert target.read_text(encoding="utf-8") in texts
    assert seen and seen <= set(texts), "a reader saw half a file"
    assert [p.name for p in tmp_path.iterdir()] == ["memo.json"]


def test_the_manifest_that_cannot_be_written_is_one_sentence_and_the_old_one_stays(tmp_path):
    manifest = load_manifest()
    written = write_manifest(manifest, tmp_path / "manifest.json")
    before = written.read_bytes()
    (tmp_path / "blocked").mkdir()
    (tmp_path / "blocked" / "x").write_text("", encoding="utf-8")
    with pytest.raises(FetchError, match=r"^cannot write the manifest .*blocked"):
        write_manifest(manifest, tmp_path / "blocked")
    assert written.read_bytes() == before and load_manifest(written) == manifest
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blocked", "manifest.json"]


def test_a_file_that_holds_the_bytes_already_is_left_alone_and_any_other_is_written(tmp_path):
    target = tmp_path / "c" / "a-link" / "index.html"
    assert write_if_changed(target, "<p>é</p>") is True, "made, with its folders"
    first = target.stat()
    assert write_if_changed(target, "<p>é</p>".encode()) is False, "the same bytes: left alone"
    assert (target.stat().st_mtime_ns, target.stat().st_ino) == (first.st_mtime_ns, first.st_ino)
    assert write_if_changed(target, "<p>e</p>") is True, "other bytes of another length"
    assert write_if_changed(target, "<p>f</p>") is True, "other bytes of the same length"
    assert target.read_text(encoding="utf-8") == "<p>f</p>"
    assert holds_bytes(target, b"<p>f</p>") and not holds_bytes(target, b"<p>e</p>")
    assert not holds_bytes(tmp_path / "none", b"") and not holds_bytes(tmp_path, b"")
