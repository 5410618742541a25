# -----------------------------------------------------------------------------
# The three deferred hooks below (_after_multiprocessing, _after_inspect, _after_pkgutil)
# are adapted from PyInstaller's runtime hooks pyi_rth_multiprocessing, pyi_rth_inspect
# and pyi_rth_pkgutil (PyInstaller 6.22):
#   Copyright (c) 2017-2023, PyInstaller Development Team.
#   Licensed under the Apache License, Version 2.0; the full licence is in PyInstaller's
#   COPYING.txt (https://www.apache.org/licenses/LICENSE-2.0).
#   SPDX-License-Identifier: Apache-2.0
# Changed here: each runs when its module is first imported instead of at start-up, and
# base_library.zip's table of contents is read on first use.  The rest of this file is
# Raftwright's (MIT).
# -----------------------------------------------------------------------------
# Runtime hook of the packaged application (packaging/hooks/rthooks.dat names it for
# multiprocessing, inspect and pkgutil in place of PyInstaller's own hooks for them).
#
# PyInstaller runs its hooks for those three modules before the application's first
# line: they import multiprocessing (with subprocess and the spawn machinery), pkgutil
# and inspect, and read base_library.zip's table of contents; about 30 ms of the
# studio's start (issue 28 item 7).  The studio needs none of it before its first paint:
# multiprocessing serves only the estimates' worker processes, pkgutil nothing at all.
# This hook does what PyInstaller's hooks do (PyInstaller 6.22: pyi_rth_multiprocessing,
# pyi_rth_inspect, pyi_rth_pkgutil), each when its module is first imported, by wrapping
# that module's loader once (a finder at the head of sys.meta_path, removed when all
# three are done).  A worker process of the frozen app (`--multiprocessing-fork`, or a
# `-c` helper) is sent on by the launcher, which imports multiprocessing and calls
# freeze_support() only then (packaging/launcher.py).
# ruff: noqa  (PyInstaller's style: a runtime hook is a script, run before the application)


def _pyi_rthook():
    import sys

    if getattr(sys, "_raftwright_deferred_hooks", False):
        return  # rthooks.dat lists this file once for each module
    sys._raftwright_deferred_hooks = True

    def _after_multiprocessing(multiprocessing):
        # pyi_rth_multiprocessing, unchanged but for running on first import
        import multiprocessing.spawn
        from subprocess import _args_from_interpreter_flags

        # Prevent `spawn` from trying to read `__main__` in from the main script
        multiprocessing.process.ORIGINAL_DIR = None

        def _divert_multiprocessing_helper():
            # the resource tracker and the fork server: the frozen executable started with the
            # interpreter's flags, then "-c" and an import statement; run that statement and exit
            try:
                command_switch_idx = sys.argv.index("-c")
            except ValueError:
                return
            if set(sys.argv[1:command_switch_idx]) != set(_args_from_interpreter_flags()):
                return
            if len(sys.argv) <= command_switch_idx + 1:
                return
            command = sys.argv[command_switch_idx + 1]
            COMMAND_PREFIXES = (
                "from multiprocessing.resource_tracker import main",
                "from multiprocessing.forkserver import main",
                "import sys; from multiprocessing.forkserver import main",
            )
            if not command.startswith(COMMAND_PREFIXES):
                return
            exec(command)
            sys.exit()

        def _freeze_support():
            _divert_multiprocessing_helper()
            if multiprocessing.spawn.is_forking(sys.argv):
                kwds = {}
                for arg in sys.argv[2:]:
                    name, value = arg.split("=")
                    if value == "None":
                        kwds[name] = None
                    else:
                        kwds[name] = int(value)
                multiprocessing.spawn.spawn_main(**kwds)
                sys.exit()

        multiprocessing.freeze_support = multiprocessing.spawn.freeze_support = _freeze_support

    def _after_inspect(inspect):
        # pyi_rth_inspect, with base_library.zip's table of contents read on first use
        import os

        SYS_PREFIX = os.path.normpath(sys._MEIPASS)
        BASE_LIBRARY = os.path.join(SYS_PREFIX, "base_library.zip")
        base_library_files = []

        def _base_library_files():
            if not base_library_files:
                names = set()
                if os.path.isfile(BASE_LIBRARY):
                    import zipfile

                    with zipfile.ZipFile(BASE_LIBRARY, "r") as zf:
                        names = set(os.path.normpath(entry) for entry in zf.namelist())
                base_library_files.append(names)
            return base_library_files[0]

        _orig_inspect_getsourcefile = inspect.getsourcefile

        def _pyi_getsourcefile(object):
            filename = inspect.getfile(object)
            filename = os.path.normpath(filename)
            if not os.path.isabs(filename):
                main_file = getattr(sys.modules["__main__"], "__file__", None)
                if main_file and filename == os.path.basename(main_file):
                    return main_file
                pyc_filename = filename + "c"
                if pyc_filename in _base_library_files():
                    return os.path.normpath(os.path.join(BASE_LIBRARY, pyc_filename))
                return os.path.normpath(os.path.join(SYS_PREFIX, filename))
            elif filename.startswith(SYS_PREFIX):
                return filename
            return _orig_inspect_getsourcefile(object)

        inspect.getsourcefile = _pyi_getsourcefile

    def _after_pkgutil(pkgutil):
        # pyi_rth_pkgutil, unchanged but for running on first import
        import pyimod02_importers  # PyInstaller's bootstrap module

        def _iter_pyi_frozen_finder_modules(finder, prefix=""):
            pyz_toc_tree = pyimod02_importers.get_pyz_toc_tree()
            if finder._pyz_entry_prefix:
                pkg_name_parts = finder._pyz_entry_prefix.split(".")
            else:
                pkg_name_parts = []
            tree_node = pyz_toc_tree
            for pkg_name_part in pkg_name_parts:
                tree_node = tree_node.get(pkg_name_part)
                if not isinstance(tree_node, dict):
                    tree_node = {}
                    break
            for entry_name, entry_data in tree_node.items():
                is_pkg = isinstance(entry_data, dict)
                yield prefix + entry_name, is_pkg
            if finder.fallback_finder is not None:
                yield from pkgutil.iter_importer_modules(finder.fallback_finder, prefix)

        pkgutil.iter_importer_modules.register(pyimod02_importers.PyiFrozenFinder, _iter_pyi_frozen_finder_modules)

    pending = {"multiprocessing": _after_multiprocessing, "inspect": _after_inspect, "pkgutil": _after_pkgutil}

    class _Then:
        """A module's loader, then the deferred hook for the module once it has run."""

        def __init__(self, loader, hook):
            self._loader = loader
            self._hook = hook

        def create_module(self, spec):
            return self._loader.create_module(spec)

        def exec_module(self, module):
            self._loader.exec_module(module)
            module.__loader__ = module.__spec__.loader = self._loader
            self._hook(module)

        def __getattr__(self, name):
            return getattr(self._loader, name)

    class _DeferredHooks:
        """Finds nothing itself: for a module with a deferred hook, asks the finders after
        it and wraps the loader of what they find."""

        def find_spec(self, name, path=None, target=None):
            hook = pending.get(name)
            if hook is None:
                return None
            for finder in sys.meta_path[sys.meta_path.index(self) + 1 :]:
                find = getattr(finder, "find_spec", None)
                spec = find(name, path, target) if find is not None else None
                if spec is not None:
                    break
            else:
                return None
            if spec.loader is None or not hasattr(spec.loader, "exec_module"):
                return spec
            del pending[name]
            if not pending:
                sys.meta_path.remove(self)
            spec.loader = _Then(spec.loader, hook)
            return spec

    for name in list(pending):
        module = sys.modules.get(name)
        if module is not None:  # already imported by the bootstrap: hook it now
            pending.pop(name)(module)
    if pending:
        sys.meta_path.insert(0, _DeferredHooks())


_pyi_rthook()
del _pyi_rthook
