"""The gallery's HTML pages, stylesheet and filter script (plain HTML5, no framework).

Everything from a pack is escaped; links and images point at files inside the site.
Accessibility: landmarks (header, nav, main, footer), a skip link, alt text on every
image, labelled form controls, visible keyboard focus, text contrast above 7:1."""

from __future__ import annotations

import html
from typing import Any
from urllib.parse import quote

from engine.model.formats import scenario_from_dict
from engine.packs.fields import licence_label
from engine.packs.needs import Needs
from engine.packs.published import Published

CSS = """body{font-family:system-ui,sans-serif;margin:0;color:#1b1b1b;background:#ffffff;line-height:1.45}
a{color:#0b4f9c}a:focus,button:focus,input:focus,select:focus{outline:3px solid #b35c00;outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1em;top:1em;background:#ffffff;padding:.3em}
header,main,footer{padding:0 1.5em}header{background:#12394f;color:#ffffff;padding:1em 1.5em}header a{color:#ffffff}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:1em;list-style:none;padding:0}
.card{border:1px solid #6b6b6b;border-radius:6px;padding:.8em}.card img{max-width:100%;height:auto}
.filters{display:flex;flex-wrap:wrap;gap:1em;align-items:end;margin:1em 0}.filters label{display:block}
.sheet img{max-width:320px;height:auto;border:1px solid #6b6b6b}code{word-break:break-all}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2em 1em}dd{margin:0}
"""

JS = """(function () {
  var form = document.getElementById("filters");
  var cards = Array.prototype.slice.call(document.querySelectorAll(".card"));
  var status = document.getElementById("shown");
  function apply() {
    var q = form.q.value.trim().toLowerCase(), paws = form.paws.value, players = form.players.value;
    var need = form.needs.value, mode = form.mode.value, count = 0;
    cards.forEach(function (card) {
      var d = card.dataset, ok = true;
      if (q && d.text.indexOf(q) < 0) ok = false;
      if (paws && !(d.pawsMax !== "" && Number(d.pawsMax) >= Number(paws))) ok = false;
      if (players && (" " + d.players + " ").indexOf(" " + players + " ") < 0) ok = false;
      if (need === "base" && d.needs !== "base-game") ok = false;
      if (need && need !== "base" && (" " + d.needs + " ").indexOf(" " + need + " ") < 0) ok = false;
      if (mode && (" " + d.modes + " ").indexOf(" " + mode + " ") < 0) ok = false;
      card.hidden = !ok;
      if (ok) count += 1;
    });
    status.textContent = count + (count === 1 ? " pack shown" : " packs shown");
  }
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (e) { e.preventDefault(); apply(); });
  apply();
})();
"""

ASSETS = {"style.css": CSS.encode("utf-8"), "gallery.js": JS.encode("utf-8")}


def e(text: object) -> str:
    return html.escape(str(text), quote=True)


def href(path: str) -> str:
    return e(quote(path, safe="/:#?=&.-_~"))


def _slug(text: str) -> str:
    return "-".join(text.lower().split())


def _page(title: str, heading: str, body: str, root: str, lead: str = "") -> bytes:
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, '
        f'initial-scale=1">\n<title>{e(heading)}</title>\n<link rel="stylesheet" href="{root}style.css">\n'
        f'<link rel="alternate" type="application/json" href="{root}index.json" title="Pack feed">\n</head>\n<body>\n'
        '<a class="skip" href="#content">Skip to the content</a>\n'
        f'<header><nav aria-label="Site"><a href="{root}index.html">{e(title)}</a> · '
        f'<a href="{root}index.json">Feed (index.json)</a></nav><h1>{e(heading)}</h1>{lead}</header>\n'
        f'<main id="content">\n{body}</main>\n'
        "<footer><p>Made with Raftwright. Race to the Raft is a game by The City of Games; packs here are "
        "by their authors, under the licences shown.</p></footer>\n</body>\n</html>\n"
    ).encode("utf-8")


def _paws(entry: dict[str, Any]) -> str:
    paws = entry.get("paws")
    if not paws:
        return "not rated"
    return _paw_count(paws[0]) if paws[0] == paws[1] else f"{paws[0]}–{paws[1]} paws"


def _paw_count(n: int) -> str:
    return f"{n} paw" if n == 1 else f"{n} paws"


def _select(name: str, label: str, options: list[tuple[str, str]]) -> str:
    opts = "".join(f'<option value="{e(v)}">{e(t)}</option>' for v, t in [("", "any"), *options])
    return f'<div><label for="f-{name}">{label}</label><select id="f-{name}" name="{name}">{opts}</select></div>'


def index_page(title: str, cards: list[tuple["Published", dict[str, Any]]]) -> bytes:
    modes = sorted({m for _, entry in cards for m in entry.get("modes", [])})
    players = sorted({n for _, entry in cards for n in entry.get("players", [])})
    form = (
        '<form id="filters" class="filters" role="search" aria-label="Find a pack">'
        '<div><label for="f-q">Search</label><input id="f-q" name="q" type="search"></div>'
        + _select("paws", "Difficulty", [(str(n), f"{n}+ paws") for n in range(1, 6)])
        + _select("players", "Players", [(str(n), f"{n} player{'s' if n > 1 else ''}") for n in players])
        + _select(
            "needs",
            "Needs",
            [
                ("base", "the base game only"),
                ("kickstarter-pack", "the Kickstarter pack"),
                ("custom-components", "custom components (print-and-play)"),
            ],
        )  # fmt: skip
        + _select("mode", "Mode", [(m, m) for m in modes])
        + '</form>\n<p id="shown" role="status" aria-live="polite"></p>\n'
    )
    items = []
    for p, entry in cards:
        m = p.pack.manifest
        needs = " ".join(_slug(r) for r in entry.get("requirements", []))
        text = " ".join([m.title, m.id, *m.authors, m.description, *(s.name for s in m.scenarios)]).lower()
        paws = entry.get("paws") or ["", ""]
        preview = (f'<img src="{href(entry["preview"].removeprefix(_base(entry)))}" width="240" '
                   f'alt="Preview: the sheet of {e(m.scenarios[0].name if m.scenarios else m.title)}">'
                   if entry.get("preview") else "")  # fmt: skip
        items.append(
            f'<li class="card" data-text="{e(text)}" data-paws-min="{paws[0]}" data-paws-max="{paws[1]}" '
            f'data-players="{" ".join(map(str, entry.get("players", [])))}" data-needs="{e(needs)}" '
            f'data-modes="{e(" ".join(entry.get("modes", [])))}">\n'
            f'<h2><a href="packs/{href(m.id)}.html">{e(m.title)}</a></h2>\n{preview}\n<dl>'
            f"<dt>Version</dt><dd>{e(m.version)}</dd><dt>Authors</dt><dd>{e(', '.join(m.authors))}</dd>"
            f"<dt>Licence</dt><dd>{e(licence_label(m.licence))}</dd><dt>Scenarios</dt><dd>{len(m.scenarios)}</dd>"
            f"<dt>Difficulty</dt><dd>{e(_paws(entry))}</dd>"
            f"<dt>Players</dt><dd>{e(', '.join(map(str, entry.get('players', []))))}</dd>"
            f"<dt>Needs</dt><dd>{e(', '.join(entry.get('requirements', [])))}</dd></dl></li>"
        )
    body = form + '<ul class="cards">\n' + "\n".join(items) + "\n</ul>\n" + '<script src="gallery.js"></script>\n'
    lead = f"<p>{len(cards)} pack{'s' if len(cards) != 1 else ''}. Apps read the same list from index.json.</p>"
    return _page(title, title, body, "", lead)


def _base(entry: dict[str, Any]) -> str:
    """The site's base address in a feed entry's links (empty when they are relative)."""
    page = str(entry.get("page", ""))
    return page[: page.index("packs/")] if "packs/" in page else ""


def _figures(s: dict[str, Any]) -> str:
    est = s.get("estimate") or {}
    if "win_rate" in est and "interval" in est:
        lo, hi = est["interval"]
        games = f", {est['games']} games" if "games" in est else ""
        rate = f"{est['win_rate']:.0%} (95 % interval {lo:.0%}–{hi:.0%}{games})"
    elif "difficulty" in s:
        rate = f"{s['difficulty']:.0%}"
    else:
        rate = "not estimated"
    length = f"about {s['expected_length']:.1f} rounds" if "expected_length" in s else "not estimated"
    paws = _paw_count(s["paws"]) if "paws" in s else "not rated"
    return (f"<dt>Difficulty</dt><dd>{e(paws)}</dd><dt>Simulated win rate</dt><dd>{e(rate)}</dd>"
            f"<dt>Expected length</dt><dd>{e(length)}</dd>")  # fmt: skip


def _objectives(doc: Any) -> str:
    try:
        scenario = scenario_from_dict(doc)
        texts = [o.describe() or o.kind.replace("_", " ") for o in scenario.objectives]
    except Exception:  # noqa: BLE001 - a checked pack always parses; never fail the page on it
        texts = []
    return "".join(f"<li>{e(t)}</li>" for t in texts) or "<li>no objectives beyond the rulebook's</li>"


def _version_section(p: "Published", entry: dict[str, Any], files: dict[str, bytes], latest: bool) -> str:
    m = p.pack.manifest
    root = "../"
    link = href(root + entry["url"].removeprefix(_base(entry)))
    out = [f'<section aria-labelledby="v-{e(m.version)}"><h2 id="v-{e(m.version)}">Version {e(m.version)}'
           f"{' (latest)' if latest else ''}</h2>"]  # fmt: skip
    if m.description:
        out.append("".join(f"<p>{e(line)}</p>" for line in m.description.splitlines() if line.strip()))
    out.append(
        f'<p><a href="{link}" download>Download {e(m.id)}-{e(m.version)}.raftpack</a></p>'
        f'<dl><dt>Size</dt><dd>{len(p.data)} bytes</dd><dt>SHA-256</dt><dd><code class="sha256">{p.digest}</code></dd>'
        f"<dt>Authors</dt><dd>{e(', '.join(m.authors))}</dd><dt>Licence</dt><dd>{e(licence_label(m.licence))}</dd>"
        f"<dt>Needs Raftwright</dt><dd>{e(m.requires_engine)} or newer</dd></dl>"
    )
    if "print-and-play.pdf" in files:
        out.append(f'<p><a href="{href(root + p.asset("print-and-play.pdf"))}">Print-and-play pages (PDF, print at '
                   "100 %)</a> for the components that are not in the box.</p>")  # fmt: skip
    if not latest:
        out.append("</section>")
        return "\n".join(out)
    rows = {s["id"]: s for s in entry.get("scenarios", [])}
    for s in m.scenarios:
        row = rows.get(s.id, {})
        stem = s.path.rsplit("/", 1)[-1].removesuffix(".scenario.json")
        png, pdf = f"sheets/{stem}.png", f"sheets/{stem}.pdf"
        sheet = ""
        if png in files:
            full = pdf if pdf in files else png
            sheet = (f'<figure class="sheet"><a href="{href(root + p.asset(full))}"><img src="{href(root + p.asset(png))}" '
                     f'width="320" alt="The sheet of {e(s.name)} (opens the full sheet)"></a></figure>')  # fmt: skip
        needs = Needs.from_dict(s.needs).lines() if s.needs is not None else ["needs the base game"]
        out.append(
            f"<article><h3>{e(s.name)}</h3>{sheet}<dl><dt>Mode</dt><dd>{e(s.mode)}</dd>"
            f"<dt>Players</dt><dd>{e(', '.join(map(str, s.players)))}</dd>{_figures(row)}</dl>"
            f"<h4>Objectives</h4><ul>{_objectives(p.pack.documents.get(s.path))}</ul>"
            f"<h4>Requirements</h4><ul>{''.join(f'<li>{e(n)}</li>' for n in needs)}</ul></article>"
        )
    out.append("</section>")
    return "\n".join(out)


def _changelog(rows: list[tuple["Published", dict[str, Any], dict[str, bytes]]]) -> str:
    """What each version changed, from the manifests: scenarios added and removed."""
    items = []
    for i, (p, _, _) in enumerate(rows):
        m = p.pack.manifest
        older = rows[i + 1][0].pack.manifest if i + 1 < len(rows) else None
        if older is None:
            change = f"first version: {len(m.scenarios)} scenario(s)"
        else:
            now, before = {s.name for s in m.scenarios}, {s.name for s in older.scenarios}
            parts = [f"added {', '.join(sorted(now - before))}" if now - before else "",
                     f"removed {', '.join(sorted(before - now))}" if before - now else ""]  # fmt: skip
            change = "; ".join(x for x in parts if x) or "same scenarios, updated contents"
        items.append(f"<li>{e(m.version)}{' (' + e(m.created) + ')' if m.created else ''}: {e(change)}</li>")
    return f'<section aria-labelledby="changes"><h2 id="changes">Changelog</h2><ul>{"".join(items)}</ul></section>'


def pack_page(title: str, rows: list[tuple["Published", dict[str, Any], dict[str, bytes]]]) -> bytes:
    """The page of one pack id: its newest version in full, the changelog, older versions."""
    p, entry, files = rows[0]
    m = p.pack.manifest
    body = [_version_section(p, entry, files, latest=True), _changelog(rows)]
    if len(rows) > 1:
        body.append('<section aria-labelledby="older"><h2 id="older">Older versions</h2>')
        body += [_version_section(q, en, f, latest=False) for q, en, f in rows[1:]]
        body.append("</section>")
    lead = f"<p>by {e(', '.join(m.authors))} · {e(_paws(entry))} · {len(m.scenarios)} scenario(s)</p>"
    return _page(title, m.title, "\n".join(body) + "\n", "../", lead)
