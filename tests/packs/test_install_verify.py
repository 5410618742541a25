"""Migration of older manifests, install / list / remove, golden playthroughs, and the
``raftwright pack`` command's exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pack_helpers import craft, recorded_game, split

from engine.packs.errors import PackError
from engine.packs.install import install_pack, installed_pack_for, installed_packs, remove_pack
from engine.packs.migrations import MIGRATIONS, migrate
from engine.packs.reader import open_pack
from engine.packs.verify import verify_pack
from raftwright.cli import main


def version_1(manifest: dict) -> dict:
    """The same manifest as a format-1 document: "license", files keyed by path."""
    doc = {k: v for k, v in manifest.items() if k not in ("licence", "files")}
    doc.update(
        format_version=1,
        license=manifest["licence"],
        files={f["path"]: {k: v for k, v in f.items() if k != "path"} for f in manifest["files"]},
    )
    return doc


def test_a_version_1_manifest_is_migrated(tutorial_pack) -> None:
    manifest, files = split(tutorial_pack[0])
    assert 1 in MIGRATIONS
    assert migrate(version_1(manifest)) == dict(manifest, files=sorted(manifest["files"], key=lambda f: f["path"]))
    pack = open_pack(craft(version_1(manifest), files, relist=False))
    assert pack.migrated_from == 1
    assert pack.manifest == tutorial_pack[1]


def test_a_version_2_manifest_opens_and_an_installed_one_is_still_listed(tutorial_pack, tmp_path: Path) -> None:
    """Format 3 only added optional fields (``needs``, ``credits``): a format 2 pack, made
    or installed by the Raftwright before, still opens and still lists."""
    manifest, files = split(tutorial_pack[0])
    assert manifest["format_version"] == 3 and 2 in MIGRATIONS
    old = {k: v for k, v in manifest.items() if k != "credits"}
    old["format_version"] = 2
    old["scenarios"] = [{k: v for k, v in s.items() if k != "needs"} for s in manifest.get("scenarios", [])]
    pack = open_pack(craft(old, files, relist=False))
    assert pack.migrated_from == 2 and pack.manifest.id == tutorial_pack[1].id
    root = tmp_path / "packs"
    installed = install_pack(open_pack(tutorial_pack[0]), root=root)
    written = json.loads((installed.folder / "manifest.json").read_text(encoding="utf-8"))
    written["format_version"] = 2
    (installed.folder / "manifest.json").write_text(json.dumps(written), encoding="utf-8")
    assert [p.manifest.label for p in installed_packs(root)] == ["tutorial-pack@1.2.0"]


def test_install_list_force_and_remove(tutorial_pack, tmp_path: Path) -> None:
    root = tmp_path / "packs"
    pack = open_pack(tutorial_pack[0])
    installed = install_pack(pack, root=root)
    assert installed.folder == root / "tutorial-pack" / "1.2.0"
    assert (installed.folder / "campaigns" / "tutorial" / "campaign.json").is_file()
    assert [p.manifest.label for p in installed_packs(root)] == ["tutorial-pack@1.2.0"]
    assert not [p for p in root.iterdir() if p.name.startswith(".")]  # no staging folder left
    with pytest.raises(PackError) as caught:
        install_pack(pack, root=root)
    assert caught.value.codes == ["already-installed"]
    marker = installed.folder / "campaigns" / "tutorial" / "campaign.json"
    marker.write_text("changed", encoding="utf-8")
    install_pack(pack, root=root, force=True)
    assert marker.read_text(encoding="utf-8") != "changed"
    assert installed_pack_for(installed.scenario_paths()[0], root) == installed_packs(root)[0]
    assert installed.catalog().ids == ("base-game", "kickstarter-pack")  # no components of its own
    assert [p.manifest.label for p in remove_pack("tutorial-pack@1.2.0", root)] == ["tutorial-pack@1.2.0"]
    assert installed_packs(root) == [] and not (root / "tutorial-pack").exists()
    with pytest.raises(PackError) as caught:
        remove_pack("tutorial-pack", root)
    assert caught.value.codes == ["not-installed"]


def test_verify_replays_golden_playthroughs(build_with_replay) -> None:
    game = recorded_game()
    findings, results = verify_pack(open_pack(build_with_replay(game)))
    assert [f.issue.code for f in findings if f.issue.is_error] == []
    assert results[0].recorded == results[0].now == game["outcome"]


def test_verify_reports_a_changed_outcome(build_with_replay) -> None:
    game = recorded_game()
    assert game["outcome"]["result"] == "loss"
    game["outcome"] = {"result": "win", "reason": "all-cats-on-raft"}  # as recorded by an older engine
    findings, _ = verify_pack(open_pack(build_with_replay(game)))
    changed = [f for f in findings if f.issue.code == "replay-outcome-changed"]
    assert [f.entry for f in changed] == ["replays/golden.replay.json"]
    assert "win" in changed[0].issue.message and "loss" in changed[0].issue.message


def test_verify_reports_a_replay_that_no_longer_plays(build_with_replay) -> None:
    game = recorded_game()
    game["actions"] = game["actions"][:1] + ["end"] * 3
    findings, _ = verify_pack(open_pack(build_with_replay(game)))
    assert "replay-broken" in [f.issue.code for f in findings]


def test_the_pack_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, build_with_replay
) -> None:
    monkeypatch.setenv("RAFTWRIGHT_USER_DIR", str(tmp_path / "user"))
    out = tmp_path / "tutorial.raftpack"
    campaign = Path(__file__).resolve().parents[2] / "campaigns" / "tutorial"
    assert (
        main(
            [
                "pack",
                "build",
                str(campaign),
                "-o",
                str(out),
                "--id",
                "tut",
                "--title",
                "Tut",
                "--author",
                "Me",
                "--licence",
                "CC0-1.0",
                "--version",
                "2.0.0",
            ]
        )
        == 0
    )
    assert main(["pack", "inspect", str(out), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["id"], shown["version"], shown["licence"], shown["authors"]) == ("tut", "2.0.0", "CC0-1.0", ["Me"])
    assert main(["pack", "verify", str(out)]) == 0
    capsys.readouterr()
    assert main(["pack", "install", str(out)]) == 0
    assert "warning" not in capsys.readouterr().err  # a pack without errors installs without a warning
    assert main(["pack", "install", str(out)]) == 1
    assert "is installed already" in capsys.readouterr().out
    assert main(["pack", "install", str(out), "--force"]) == 0
    assert main(["pack", "list"]) == 0
    assert capsys.readouterr().out.split()[:5] == ["tut", "2.0.0", "Tut", "4", "scenario(s)"]
    assert main(["pack", "remove", "tut@2.0.0"]) == 0
    assert main(["pack", "remove", "tut"]) == 1
    (tmp_path / "junk.raftpack").write_bytes(b"junk")
    assert main(["pack", "inspect", str(tmp_path / "junk.raftpack")]) == 2
    assert "error: not a readable zip archive" in capsys.readouterr().out
    game = recorded_game()
    game["outcome"] = {"result": "win", "reason": "all-cats-on-raft"}
    changed = tmp_path / "changed.raftpack"
    changed.write_bytes(build_with_replay(game))
    assert main(["pack", "verify", str(changed)]) == 1
    line = next(x for x in capsys.readouterr().out.splitlines() if "the recorded game ended" in x)
    assert line.startswith(f"{changed}:replays/golden.replay.json: error: the recorded game ended ")
    # installing it still works (its scenarios play), but says at once what will not
    assert main(["pack", "install", str(changed)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("raftwright: installed ")
    assert err[1].startswith("raftwright: warning: replays/golden.replay.json: error: the recorded game ended ")
    assert "has 1 error(s) with this Raftwright" in err[2] and f"'raftwright pack verify {changed}'" in err[2]
