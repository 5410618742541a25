"""The desktop packaging files agree with each other and with pyproject.toml (issue 14).

The PyInstaller spec, the desktop entry, the AppStream metainfo, the shared-mime-info
XML, the icons and the install script name the same application id, command, icons
and MIME types, and the metainfo's newest release is pyproject.toml's version.  The
metainfo and desktop entry go through ``appstreamcli validate`` and
``desktop-file-validate`` when those tools are installed (Debian: ``appstream``,
``desktop-file-utils``); a structural check runs everywhere.  Building the bundle is
``make package``, not part of the test suite.
"""

from __future__ import annotations

import ast
import configparser
import json
import re
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtGui import QImageReader
from script_modules import load_script

from raftwright import VERSION

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
MIME_NS = "{http://www.freedesktop.org/standards/shared-mime-info}"


def _module(path: Path) -> ModuleType:
    return load_script(path, f"packaging_{path.stem}")


def _spec_constants() -> dict[str, str]:
    """The spec's top-level string constants, read without running PyInstaller."""
    tree = ast.parse((PACKAGING / "raftwright.spec").read_text(encoding="utf-8"))
    return {
        node.targets[0].id: node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.targets[0], ast.Name)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }


SPEC = _spec_constants()
APP_ID = SPEC["APP_ID"]
DESKTOP_FILE = PACKAGING / f"{APP_ID}.desktop"
METAINFO_FILE = PACKAGING / f"{APP_ID}.metainfo.xml"
MIME_FILE = PACKAGING / f"{APP_ID}.mime.xml"


@pytest.fixture(scope="module")
def desktop() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # type: ignore[assignment,method-assign]  # keys are case-sensitive
    parser.read(DESKTOP_FILE, encoding="utf-8")
    assert parser.has_section("Desktop Entry"), f"{DESKTOP_FILE}: no [Desktop Entry] group"
    return parser["Desktop Entry"]


@pytest.fixture(scope="module")
def metainfo() -> ET.Element:
    return ET.parse(METAINFO_FILE).getroot()


@pytest.fixture(scope="module")
def mime_types() -> dict[str, ET.Element]:
    root = ET.parse(MIME_FILE).getroot()
    assert root.tag == f"{MIME_NS}mime-info", f"{MIME_FILE}: the root must be shared-mime-info's <mime-info>"
    return {node.attrib["type"]: node for node in root.findall(f"{MIME_NS}mime-type")}


def _list(value: str) -> list[str]:
    return [item for item in value.split(";") if item]


def test_every_file_names_the_same_application(desktop: configparser.SectionProxy, metainfo: ET.Element) -> None:
    command = next(iter(PYPROJECT["project"]["scripts"]))
    assert SPEC["APP_NAME"] == command == "raftwright"
    assert desktop["Exec"].split()[0] == command and desktop["TryExec"] == command
    assert desktop["Exec"].split()[1:] == ["edit", "%f"], "a double-click opens the file in the studio"
    assert desktop["Icon"] == APP_ID
    assert metainfo.findtext("id") == APP_ID
    assert metainfo.findtext("launchable[@type='desktop-id']") == DESKTOP_FILE.name
    assert metainfo.findtext("icon[@type='stock']") == APP_ID
    assert metainfo.findtext("provides/binary") == command
    assert desktop["Name"] == metainfo.findtext("name") == SPEC["DISPLAY_NAME"]
    for script in ("install.sh", "uninstall.sh"):
        text = (PACKAGING / script).read_text(encoding="utf-8")
        assert "lib/raftwright" in text
    assert f"APP_ID={APP_ID}\n" in (PACKAGING / "install.sh").read_text(encoding="utf-8")
    build, icons = _module(PACKAGING / "build.py"), _module(PACKAGING / "make_icons.py")
    assert build.APP_ID == icons.APP_ID == APP_ID and build.APP_NAME == command


def test_mime_types_agree_and_cover_packs_and_scenarios(
    desktop: configparser.SectionProxy, metainfo: ET.Element, mime_types: dict[str, ET.Element]
) -> None:
    declared = set(mime_types)
    assert set(_list(desktop["MimeType"])) == declared
    assert {node.text for node in metainfo.findall("provides/mediatype")} == declared
    globs = {
        glob.attrib["pattern"]: kind for kind, node in mime_types.items() for glob in node.findall(f"{MIME_NS}glob")
    }
    assert set(globs) == {"*.raftpack", "*.scenario.json"}
    assert mime_types[globs["*.raftpack"]].find(f"{MIME_NS}sub-class-of").attrib["type"] == "application/zip"
    assert mime_types[globs["*.scenario.json"]].find(f"{MIME_NS}sub-class-of").attrib["type"] == "application/json"


def test_every_icon_exists_as_svg_and_in_every_png_size(mime_types: dict[str, ET.Element]) -> None:
    icons = _module(PACKAGING / "make_icons.py")
    mime_icons = {node.find(f"{MIME_NS}icon").attrib["name"] for node in mime_types.values()}
    # each MIME icon is also the name shared-mime-info derives from the type
    assert mime_icons == {kind.replace("/", "-") for kind in mime_types} == set(icons.MIME_ICONS)
    for name in {APP_ID, *mime_icons}:
        assert (PACKAGING / "icons" / f"{name}.svg").is_file(), f"packaging/icons/{name}.svg is missing"
    pngs = sorted((PACKAGING / "icons" / "hicolor").rglob("*.png"))
    assert {png for _svg, png, _size in icons.png_targets()} == set(pngs), "run packaging/make_icons.py"
    for _svg, png, size in icons.png_targets():
        reader = QImageReader(str(png))
        assert (reader.size().width(), reader.size().height()) == (size, size), f"{png}: not {size}x{size}"
        context = png.parent.name
        assert context == ("apps" if png.stem == APP_ID else "mimetypes")


def test_the_metainfo_release_is_the_release_version(metainfo: ET.Element) -> None:
    releases = metainfo.findall("releases/release")
    assert releases, f"{METAINFO_FILE}: no <release>"
    assert releases[0].attrib["version"] == VERSION, (
        f"{METAINFO_FILE}: the newest <release> is {releases[0].attrib['version']}; add a <release> for "
        f"{VERSION} (raftwright/__init__.py) at the top of <releases>"
    )
    spec_text = (PACKAGING / "raftwright.spec").read_text(encoding="utf-8")
    assert "from raftwright import VERSION" in spec_text


def test_the_spec_bundles_the_data_where_the_engine_looks_for_it() -> None:
    spec_text = (PACKAGING / "raftwright.spec").read_text(encoding="utf-8")
    for name in ("schema", "campaigns"):
        assert f'(str(ROOT / "{name}"), "engine/_bundled/{name}")' in spec_text
    assert '"_bundled"' in (ROOT / "engine" / "model" / "resources.py").read_text(encoding="utf-8")
    for unused in (
        "PySide6.QtQml",
        "PySide6.QtQuick",
        "PySide6.QtWebEngineCore",
        "PySide6.QtMultimedia",
        "PySide6.Qt3DCore",
    ):
        assert f'"{unused}"' in spec_text, f"the spec should exclude {unused}"


def test_the_metainfo_has_what_appstream_requires(metainfo: ET.Element) -> None:
    assert metainfo.tag == "component" and metainfo.attrib.get("type") == "desktop-application"
    for tag in (
        "id",
        "name",
        "summary",
        "metadata_license",
        "project_license",
        "description",
        "launchable",
        "content_rating",
        "releases",
    ):
        assert metainfo.find(tag) is not None, f"{METAINFO_FILE}: <{tag}> is missing"
    assert metainfo.findtext("project_license") == PYPROJECT["project"]["license"]


def test_the_desktop_entry_has_the_required_keys(desktop: configparser.SectionProxy) -> None:
    for key in ("Type", "Name", "Exec", "Icon", "Categories", "MimeType"):
        assert desktop.get(key), f"{DESKTOP_FILE}: {key}= is missing"
    assert desktop["Type"] == "Application" and desktop["Terminal"] == "false"
    assert all(value.endswith(";") for key, value in desktop.items() if key in ("Categories", "MimeType", "Keywords"))


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstreamcli is not installed (Debian: appstream)")
def test_appstreamcli_validates_the_metainfo() -> None:
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(METAINFO_FILE)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(
    shutil.which("desktop-file-validate") is None,
    reason="desktop-file-validate is not installed (Debian: desktop-file-utils)",
)
def test_desktop_file_validate_accepts_the_entry() -> None:
    result = subprocess.run(["desktop-file-validate", str(DESKTOP_FILE)], capture_output=True, text=True, check=False)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


@pytest.mark.parametrize(
    ("executable", "argv", "expected"),
    [
        ("/opt/raftwright/raftwright", ["validate", "--bundled"], ["validate", "--bundled"]),
        ("/opt/raftwright/raftwright", [], []),
        ("C:/Raftwright/raftwright-studio.exe", ["C:/x.scenario.json"], ["edit", "C:/x.scenario.json"]),
        ("/Applications/Raftwright.app/Contents/MacOS/raftwright-studio", ["-psn_0_12345"], ["edit"]),
    ],
)
def test_the_launcher_opens_the_studio_from_the_windowed_executable(
    executable: str, argv: list[str], expected: list[str]
) -> None:
    launcher = _module(PACKAGING / "launcher.py")
    assert launcher.STUDIO_NAME == SPEC["STUDIO_NAME"]
    assert launcher.arguments(executable, argv) == expected


def test_the_smoke_line_is_the_one_the_studio_prints() -> None:
    from editor import smoke

    assert _module(PACKAGING / "build.py").SMOKE_LINE == smoke.SMOKE_LINE


@pytest.mark.skipif(shutil.which("sh") is None or not Path("/bin/sh").exists(), reason="install.sh needs a POSIX sh")
def test_install_and_uninstall_scripts_on_a_stand_in_bundle(tmp_path: Path) -> None:
    """The archive's layout (build.stage) goes through install.sh and uninstall.sh into a
    temporary home; the bundle is a fixture stand-in (a shell script), not a build."""
    build = _module(PACKAGING / "build.py")
    bundle = tmp_path / "fixture-bundle"
    bundle.mkdir()
    (bundle / "raftwright").write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    (bundle / "raftwright").chmod(0o755)
    staged = build.stage(bundle, tmp_path / "dist")
    assert (staged / "qt-libs.tsv").read_text(encoding="utf-8").startswith("libxcb-cursor.so.0\t")
    home = tmp_path / "home"
    home.mkdir()
    assert "uninstalled cleanly" in build.install_test(staged, home)
    # installed again: the desktop entry runs the installed program by its full path
    env = dict(build.smoke_env(home), RAFTWRIGHT_PREFIX=str(home / ".local"))
    subprocess.run(["sh", str(staged / "install.sh")], env=env, check=True, capture_output=True)
    installed = (home / "share" / "applications" / DESKTOP_FILE.name).read_text(encoding="utf-8")
    assert f"Exec={home / '.local' / 'lib' / 'raftwright' / 'raftwright'} edit %f" in installed.splitlines()
    subprocess.run(
        ["sh", str(home / ".local" / "lib" / "raftwright" / "uninstall.sh")], env=env, check=True, capture_output=True
    )
    assert not (home / "share" / "applications" / DESKTOP_FILE.name).exists()
    assert not (home / ".local" / "lib" / "raftwright").exists()


def test_the_metainfo_has_a_homepage_and_the_builds_screenshots(metainfo: ET.Element) -> None:
    """AppStream software centres show the homepage and the screenshots; the images are
    the ones packaging/build.py takes from the packaged binary (SCREENSHOTS)."""
    build = _module(PACKAGING / "build.py")
    assert (metainfo.findtext("url[@type='homepage']") or "").startswith("https://")
    images = [image.text or "" for image in metainfo.findall("screenshots/screenshot/image")]
    assert images == [build.SCREENSHOT_URL + name for name in build.SCREENSHOTS]
    assert [s.attrib.get("type") for s in metainfo.findall("screenshots/screenshot")][0] == "default"
    assert all(s.findtext("caption") for s in metainfo.findall("screenshots/screenshot"))


def test_macos_declares_the_pack_and_scenario_types_only() -> None:
    """No claim on every .json file: two exported types, and the documents are those types."""
    spec_text = (PACKAGING / "raftwright.spec").read_text(encoding="utf-8")
    plist = spec_text[spec_text.index("info_plist={") :]
    assert '"UTExportedTypeDeclarations"' in plist
    assert re.findall(r'"LSItemContentTypes": \[([^\]]*)\]', plist) == [
        '"org.raftwright.pack"',
        '"org.raftwright.scenario"',
    ]
    assert '"CFBundleTypeExtensions"' not in plist and '["json"]' not in plist
    assert '"public.filename-extension": ["raftpack"]' in plist
    assert '"public.filename-extension": ["scenario.json"]' in plist


def _spec_patterns() -> dict[str, re.Pattern[str]]:
    """The spec's top-level ``NAME = re.compile(...)`` patterns, read without PyInstaller."""
    tree = ast.parse((PACKAGING / "raftwright.spec").read_text(encoding="utf-8"))
    found: dict[str, re.Pattern[str]] = {}
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and ast.unparse(node.value.func) == "re.compile"
        ):
            found[ast.unparse(node.targets[0])] = eval(compile(ast.Expression(node.value), "spec", "eval"), {"re": re})
    return found


def test_the_gtk3_theme_and_system_libraries_are_left_out() -> None:
    spec = _spec_patterns()
    assert spec["DROP_BINARIES"].search("PySide6/Qt/plugins/platformthemes/libqgtk3.so")
    assert not spec["DROP_BINARIES"].search("PySide6/Qt/plugins/platformthemes/libqxdgdesktopportal.so")
    system = spec["SYSTEM_PROVIDED"]
    for name in ("libstdc++.so.6", "libgcc_s.so.1", "libexpat.so.1", "libcups.so.2", "libgtk-3.so.0",
                 "libfontconfig.so.1", "libxcb.so.1", "libxcb-shm.so.0", "libX11.so.6", "libglib-2.0.so.0",
                 "libbrotlicommon.so.1", "libgdk_pixbuf-2.0.so.0", "libpangocairo-1.0.so.0", "libgssapi_krb5.so.2"):  # fmt: skip
        assert system.match(name), name
    for name in ("libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-util.so.1", "libffi.so.8", "libz.so.1",
                 "libQt6Core.so.6", "libpython3.11.so.1.0", "libcrypto.so.3"):  # fmt: skip
        assert not system.match(name), name


def test_windows_registers_the_pack_type_and_offers_scenarios_without_claiming_json() -> None:
    script = (PACKAGING / "windows" / "file-types.ps1").read_text(encoding="utf-8")
    assert 'Extension = ".raftpack"; Default = $true' in script
    assert 'Extension = ".json"; Default = $false' in script  # Open with, never the default for JSON
    assert "OpenWithProgids" in script and "HKCU:" in script and "HKLM" not in script
    assert "raftwright-studio.exe" in script and SPEC["STUDIO_NAME"] == "raftwright-studio"


# --- runtime hooks: PyInstaller's hooks for multiprocessing, inspect and pkgutil run on first import ----------
RTHOOKS = PACKAGING / "hooks"
DEFERRED_HOOK = RTHOOKS / "rthooks" / "pyi_rth_raftwright_deferred.py"


def test_the_spec_replaces_pyinstallers_runtime_hooks_by_the_deferred_one() -> None:
    table = ast.literal_eval((RTHOOKS / "rthooks.dat").read_text(encoding="utf-8"))
    assert table == {name: [DEFERRED_HOOK.name] for name in ("multiprocessing", "inspect", "pkgutil")}
    assert DEFERRED_HOOK.is_file()
    assert 'hookspath=[str(PACKAGING / "hooks")]' in (PACKAGING / "raftwright.spec").read_text(encoding="utf-8")


# run by a fresh interpreter standing in for the frozen app: sys._MEIPASS and PyInstaller's
# bootstrap module (pyimod02_importers) are stand-ins; the hook must import none of the three
# modules itself, and apply PyInstaller's changes to each when it is first imported
_FROZEN_STAND_IN = """
import json, os, sys, types
sys._MEIPASS = sys.argv[1]
class PyiFrozenFinder: ...
sys.modules["pyimod02_importers"] = types.SimpleNamespace(PyiFrozenFinder=PyiFrozenFinder, get_pyz_toc_tree=dict)
hooked = [name for name in ("multiprocessing", "inspect", "pkgutil") if name in sys.modules]
exec(compile(open(sys.argv[2]).read(), sys.argv[2], "exec"), {"__name__": "__main__"})
after_hook = sorted(n for n in ("multiprocessing", "subprocess", "pkgutil", "zipfile") if n in sys.modules)
import multiprocessing, multiprocessing.process, multiprocessing.spawn, inspect, pkgutil
print(json.dumps({
    "already": hooked, "after_hook": after_hook,
    "freeze_support": multiprocessing.freeze_support.__name__,
    "spawn_freeze_support": multiprocessing.spawn.freeze_support.__name__,
    "original_dir": multiprocessing.process.ORIGINAL_DIR,
    "getsourcefile": inspect.getsourcefile.__name__,
    "pkgutil": PyiFrozenFinder in pkgutil.iter_importer_modules.registry,
    "finder_left": [type(f).__name__ for f in sys.meta_path if type(f).__name__ == "_DeferredHooks"],
    "loader": type(multiprocessing.__spec__.loader).__name__,
}))
"""


def test_the_deferred_runtime_hook_imports_nothing_and_patches_on_first_import(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-I", "-c", _FROZEN_STAND_IN, str(tmp_path), str(DEFERRED_HOOK)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["after_hook"] == []  # the start pays for none of them
    assert found["freeze_support"] == found["spawn_freeze_support"] == "_freeze_support"  # PyInstaller's diversion
    assert found["original_dir"] is None
    assert found["getsourcefile"] == "_pyi_getsourcefile"
    assert found["pkgutil"] is True
    assert found["finder_left"] == []  # gone once all three are done
    assert found["loader"] != "_Then"  # the module keeps its own loader


@pytest.mark.parametrize(
    ("argv", "child"),
    [
        (["edit"], False),
        (["difficulty", "tutorial/01", "--jobs", "2"], False),
        (["--multiprocessing-fork", "tracker_fd=5", "pipe_handle=7"], True),  # a spawned worker
        (["-B", "-s", "-c", "from multiprocessing.resource_tracker import main;main(5)"], True),  # the tracker
    ],
)
def test_the_launcher_imports_multiprocessing_only_for_its_helper_processes(argv: list[str], child: bool) -> None:
    assert _module(PACKAGING / "launcher.py").multiprocessing_child(argv) is child


# a frozen program that imports multiprocessing as the launcher does (only in a helper
# process) and runs a pool with the start method it is given
_POOL_PROGRAM = """
import sys


def square(x):
    return x * x


def helper(argv):
    return any(marker in argv for marker in ("--multiprocessing-fork", "-c"))


if __name__ == "__main__":
    if helper(sys.argv[1:]):
        import multiprocessing

        multiprocessing.freeze_support()
    started_light = "multiprocessing" not in sys.modules
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context(sys.argv[1])
    lock = context.Lock()  # a named semaphore: spawn and forkserver start the resource tracker (-c)
    with ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        print(context.get_start_method(), started_light, sorted(pool.map(square, range(6))), flush=True)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="the start methods tried here are POSIX's; Windows spawns only")
def test_frozen_worker_processes_start_with_the_deferred_runtime_hook(tmp_path: Path) -> None:
    """Frozen with the project's runtime hooks (PyInstaller, ~30 s), a program's pool works
    with every start method: Linux forks, but Windows and macOS spawn (workers re-enter
    with --multiprocessing-fork, the resource tracker with -c), which only this runs here."""
    pytest.importorskip("PyInstaller")
    program = tmp_path / "pool_program.py"
    program.write_text(_POOL_PROGRAM, encoding="utf-8")
    built = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "ERROR", "--onedir",
         "--additional-hooks-dir", str(RTHOOKS), "--distpath", str(tmp_path / "dist"),
         "--workpath", str(tmp_path / "build"), "--specpath", str(tmp_path), str(program)],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr[-3000:]
    binary = tmp_path / "dist" / "pool_program" / "pool_program"
    for method in ("spawn", "forkserver", "fork"):
        ran = subprocess.run([str(binary), method], capture_output=True, text=True, timeout=120)
        assert ran.returncode == 0, ran.stderr[-3000:]
        assert ran.stdout.split("\n")[0] == f"{method} True [0, 1, 4, 9, 16, 25]", ran.stdout
