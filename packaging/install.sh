#!/bin/sh
# Install the Raftwright desktop application for the current user (no root needed).
#
#   ./install.sh            from the unpacked raftwright-<version>-linux-<arch>.tar.gz
#
# Puts the application in ~/.local/lib/raftwright, the `raftwright` command in
# ~/.local/bin, and the desktop entry, AppStream metainfo, icons and MIME types
# (.raftpack packs, *.scenario.json scenarios) in ~/.local/share, then refreshes the
# desktop's caches so a double-click on a pack or scenario opens the studio.
# RAFTWRIGHT_PREFIX replaces ~/.local for the program, XDG_DATA_HOME ~/.local/share.
# uninstall.sh (also copied into the application folder) removes exactly what this
# installed; your scenarios, campaigns and settings are never touched.
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
APP_ID=org.raftwright.Raftwright
PREFIX=${RAFTWRIGHT_PREFIX:-$HOME/.local}
DATA=${XDG_DATA_HOME:-$HOME/.local/share}
APPDIR=$PREFIX/lib/raftwright
BINDIR=$PREFIX/bin
MANIFEST=$APPDIR/installed-files.txt

if [ ! -x "$HERE/app/raftwright" ]; then
    echo "install.sh: $HERE/app/raftwright is missing; run this script from the unpacked archive" >&2
    exit 2
fi
if [ -d "$APPDIR" ] && [ -x "$APPDIR/uninstall.sh" ]; then
    RAFTWRIGHT_PREFIX=$PREFIX XDG_DATA_HOME=$DATA "$APPDIR/uninstall.sh" --quiet
fi

mkdir -p "$APPDIR" "$BINDIR"
cp -R "$HERE/app/." "$APPDIR/"
cp "$HERE/uninstall.sh" "$HERE/qt-libs.tsv" "$APPDIR/"
: > "$MANIFEST"

put() {  # put SOURCE DESTINATION: copy one file and remember it for uninstall.sh
    mkdir -p "$(dirname "$2")"
    cp "$1" "$2"
    echo "$2" >> "$MANIFEST"
}

ln -sf "$APPDIR/raftwright" "$BINDIR/raftwright"
echo "$BINDIR/raftwright" >> "$MANIFEST"

# the desktop entry names the installed program by its full path (~/.local/bin may
# not be on the desktop session's PATH)
mkdir -p "$DATA/applications"
sed -e "s|^Exec=raftwright |Exec=$APPDIR/raftwright |" -e "s|^TryExec=raftwright\$|TryExec=$APPDIR/raftwright|" \
    "$HERE/share/applications/$APP_ID.desktop" > "$DATA/applications/$APP_ID.desktop"
echo "$DATA/applications/$APP_ID.desktop" >> "$MANIFEST"
put "$HERE/share/metainfo/$APP_ID.metainfo.xml" "$DATA/metainfo/$APP_ID.metainfo.xml"
put "$HERE/share/mime/packages/$APP_ID.xml" "$DATA/mime/packages/$APP_ID.xml"
(cd "$HERE/share/icons" && find . -type f) | while read -r icon; do
    put "$HERE/share/icons/$icon" "$DATA/icons/$icon"
done

refresh() {  # the desktop's caches; each tool is optional
    if command -v update-mime-database >/dev/null 2>&1; then update-mime-database "$DATA/mime" || true; fi
    if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database -q "$DATA/applications" || true; fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -t -f "$DATA/icons/hicolor" 2>/dev/null || true
    fi
}
refresh

echo "Raftwright installed: $APPDIR (command: $BINDIR/raftwright; uninstall: $APPDIR/uninstall.sh)"

# the xcb platform plugin needs system libraries the bundle does not carry
PLUGIN=$APPDIR/_internal/PySide6/Qt/plugins/platforms/libqxcb.so
if [ -f "$PLUGIN" ] && command -v ldd >/dev/null 2>&1; then
    MISSING=$(LD_LIBRARY_PATH="$APPDIR/_internal" ldd "$PLUGIN" 2>/dev/null | awk '/=> not found/ {print $1}' | sort -u)
    if [ -n "$MISSING" ]; then
        DEB=""; RPM=""
        for lib in $MISSING; do
            DEB="$DEB $(awk -F '\t' -v l="$lib" '$1 == l {print $2}' "$APPDIR/qt-libs.tsv")"
            RPM="$RPM $(awk -F '\t' -v l="$lib" '$1 == l {print $3}' "$APPDIR/qt-libs.tsv")"
        done
        echo "Before the studio can open a window, install the system libraries it needs:" $MISSING
        echo "  Debian/Ubuntu: sudo apt-get install$(echo "$DEB" | tr ' ' '\n' | sort -u | tr '\n' ' ' | sed 's/ $//')"
        echo "  Fedora:        sudo dnf install$(echo "$RPM" | tr ' ' '\n' | sort -u | tr '\n' ' ' | sed 's/ $//')"
    fi
fi
