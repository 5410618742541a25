#!/bin/sh
# Remove what install.sh installed for the current user: the application folder, the
# `raftwright` link, the desktop entry, metainfo, icons and MIME types.  Your own
# scenarios, campaigns, custom components and settings stay where they are
# (~/.local/share/Raftwright, ~/.config/Raftwright).
set -eu

PREFIX=${RAFTWRIGHT_PREFIX:-$HOME/.local}
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
APPDIR=$PREFIX/lib/raftwright
MANIFEST=$APPDIR/installed-files.txt
QUIET=${1:-}

if [ ! -f "$MANIFEST" ]; then
    echo "uninstall.sh: Raftwright is not installed in $APPDIR (no $MANIFEST); nothing to remove" >&2
    exit 1
fi
while read -r file; do
    rm -f "$file"
done < "$MANIFEST"
rm -rf "$APPDIR"

if command -v update-mime-database >/dev/null 2>&1 && [ -d "$DATA/mime" ]; then update-mime-database "$DATA/mime" || true; fi
if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$DATA/applications" ]; then
    update-desktop-database -q "$DATA/applications" || true
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -d "$DATA/icons/hicolor" ]; then
    gtk-update-icon-cache -q -t -f "$DATA/icons/hicolor" 2>/dev/null || true
fi
[ "$QUIET" = "--quiet" ] || echo "Raftwright removed from $APPDIR; your scenarios and settings were kept"
