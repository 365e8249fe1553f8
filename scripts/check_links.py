"""Check the internal links of the built documentation site.

Every ``href`` and ``src`` of every HTML page under the site's folder that points inside the
site (no scheme, no host) must name a file that exists and, where it has a ``#fragment``, an
element of that page with that ``id`` (or an ``<a name>``). External links are not fetched
(the build machine may be offline); they are counted and listed with ``--external``.

Usage: ``python scripts/check_links.py [SITE]`` (default ``docs/_build/html``); exit status 1
with one line per broken link, 0 when every internal link resolves.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

DEFAULT_SITE = Path(__file__).resolve().parents[1] / "docs" / "_build" / "html"


class _Page(HTMLParser):
    """The links and the anchor names of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[int, str]] = []
        self.anchors: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if values.get(key):
                self.anchors.add(str(values[key]))
        for key in ("href", "src"):
            value = values.get(key)
            if value is not None and not (tag == "link" and values.get("rel") in
                                          ("preconnect", "dns-prefetch")):
                self.links.append((self.getpos()[0], value))


def _read(path: Path, cache: dict[Path, _Page]) -> _Page:
    if path not in cache:
        page = _Page()
        page.feed(path.read_text(encoding="utf-8", errors="replace"))
        cache[path] = page
    return cache[path]


def broken_links(site: Path, external: list[str] | None = None) -> Iterator[str]:
    """One line per internal link of ``site`` that does not resolve."""
    cache: dict[Path, _Page] = {}
    site = site.resolve()
    for page_path in sorted(site.rglob("*.html")):
        page = _read(page_path, cache)
        for line, link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                if external is not None and parts.scheme in ("http", "https"):
                    external.append(link)
                continue
            if not parts.path and not parts.fragment:
                continue  # href="" or "#": the page itself
            target = (page_path.parent / unquote(parts.path)).resolve() if parts.path \
                else page_path
            where = f"{page_path.relative_to(site)}:{line}: {link}"
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                yield f"{where}: no such file"
                continue
            if site not in target.parents:
                yield f"{where}: leaves the site"
                continue
            fragment = unquote(parts.fragment)
            if fragment and target.suffix == ".html" and fragment not in _read(target, cache).anchors:
                yield f"{where}: no anchor #{fragment} in {target.relative_to(site)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("site", nargs="?", type=Path, default=DEFAULT_SITE,
                        help="the built HTML site (default: docs/_build/html)")
    parser.add_argument("--external", action="store_true",
                        help="also list the external links (not checked)")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"check_links: no site at {args.site} (build it with scripts/build_docs.sh)",
              file=sys.stderr)
        return 2
    external: list[str] = []
    broken = list(broken_links(args.site, external))
    for line in broken:
        print(line)
    pages = sum(1 for _ in args.site.rglob("*.html"))
    if args.external:
        for link in sorted(set(external)):
            print(f"external (not checked): {link}")
    print(f"check_links: {pages} pages, {len(broken)} broken internal links, "
          f"{len(set(external))} external links not checked")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
