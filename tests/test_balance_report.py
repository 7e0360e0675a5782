"""``cmdsl balance --report``: the HTML page is one self-contained file whose plots decode as PNG
images of real size and whose tables have the rows of the text report (issue 13)."""

from __future__ import annotations

import base64
import struct
import sys
import zlib
from html.parser import HTMLParser
from dataclasses import replace
from pathlib import Path

import pytest

from cmdsl.games.cm2008.loader import load_card_set
from cmdsl.games.cm2008.ui.study.analysis import analyse
from cmdsl.games.cm2008.ui.study.compare import DEFAULT_TOP, shown_cards
from cmdsl.kits.study.html_report import table as _table
from cmdsl.games.cm2008.ui.study.html_report import page as page_of
from cmdsl.kits.study.stats import Correction
from cmdsl.games.cm2008.ui.study.store import Store
from cmdsl.games.cm2008.ui.study.summary import cards_by_lift
from cmdsl.cli import main

from .conftest import CM2008
from .test_balance import _strengthened

PNG = b"\x89PNG\r\n\x1a\n"


class _Page(HTMLParser):
    """The page's plots (name → src) and tables (name → rows of cell texts; the header row left out)."""

    def __init__(self) -> None:
        super().__init__()
        self.plots: list[tuple[str, str]] = []
        self.tables: dict[str, list[list[str]]] = {}
        self.flagged: dict[str, int] = {}
        self.external: list[str] = []
        self._table: str | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "img":
            self.plots.append((a["data-plot"] or "", a["src"] or ""))
        if tag in ("script", "link", "iframe") or (tag != "img" and "src" in a):
            self.external.append(tag)
        if tag == "table":
            self._table = a["data-table"] or ""
            self.tables[self._table] = []
        elif tag == "tr" and self._table is not None:
            self.tables[self._table].append([])
            if a.get("class") == "flagged":
                self.flagged[self._table] = self.flagged.get(self._table, 0) + 1
        elif tag in ("td", "th"):
            self._cell = []

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._table is not None:
            self.tables[self._table][-1].append("".join(self._cell))
            self._cell = None
        elif tag == "table":
            self.tables[self._table or ""] = self.tables[self._table or ""][1:]  # without the header row
            self._table = None


def _parse(path: Path) -> _Page:
    p = _Page()
    p.feed(path.read_text(encoding="utf-8"))
    return p


def _png_size(src: str) -> tuple[int, int]:
    """The width and height of a data: URL's PNG, decoding it: every chunk's CRC, and the pixels
    (zlib) as many as the header says."""
    prefix = "data:image/png;base64,"
    assert src.startswith(prefix)
    data = base64.b64decode(src[len(prefix):], validate=True)
    assert data[:8] == PNG and len(data) > 5000  # a drawn plot, not an empty canvas
    chunks, at = {}, 8
    while at < len(data):
        (length,), kind = struct.unpack(">I", data[at:at + 4]), data[at + 4:at + 8]
        body = data[at + 8:at + 8 + length]
        assert struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0] == zlib.crc32(kind + body)
        chunks[kind] = chunks.get(kind, b"") + body
        at += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
    channels = {2: 3, 6: 4}[colour]  # RGB or RGBA, 8 bits each
    assert depth == 8 and b"IEND" in chunks
    assert len(zlib.decompress(chunks[b"IDAT"])) == height * (1 + width * channels)  # a filter byte per row
    return width, height


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["balance", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_page_has_every_plot_and_the_text_reports_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, html = tmp_path / "run.db", tmp_path / "report.html"
    code, text, err = _cli(capsys, "--games", "6", "--bot", "random", "--bot", "random", "--cards", str(CM2008),
                           "--db", str(db), "--workers", "1", "--quiet", "--report", str(html))
    assert code == 0, err
    assert f"Wrote the report {html}." in err and "Results (6 games" in text  # the text report still on stdout
    page = _parse(html)
    assert page.external == []  # self-contained: no script, style sheet or image fetched
    assert [name for name, _ in page.plots] == ["win-rates", "length", "lift-forest"]
    sizes = {name: _png_size(src) for name, src in page.plots}
    assert all(w >= 800 and h >= 200 for w, h in sizes.values())
    with Store.open_existing(str(db)) as store:
        summary = analyse(store, Correction.HOLM).arms[0][1]
    cards = [c for c in summary.cards if c.has_lift]
    assert sizes["lift-forest"][1] > 20 * len(cards)  # the forest grows with the cards: names stay readable
    t = page.tables
    assert [row[0] for row in t["results"][:3]] == ["McCain wins", "Obama wins", "draws"]
    assert [int(row[1]) for row in t["results"][:3]] == [summary.wins[k].k for k in ("mccain", "obama", "draw")]
    titles = load_card_set(CM2008).cards
    assert [row[0] for row in t["cards"]] == [titles[c.card].title for c in cards_by_lift(summary.cards)[0]]
    assert len(t["states"]) == len(summary.states) > 0
    assert [row[0] for row in t["news"]] == [h.id for h in summary.news]
    assert [row[0] for row in t["negative"]] == [h.id for h in summary.negative]
    assert "matplotlib.pyplot" not in sys.modules  # no global figure state touched
    code, _, _ = _cli(capsys, "report", str(db), "--report", str(tmp_path / "again.html"))
    assert code == 0 and (tmp_path / "again.html").read_text(encoding="utf-8") == html.read_text(encoding="utf-8")


@pytest.mark.deep  # two balance runs and a page: 4 s; the page's other cases stay quick
def test_an_ab_page_shows_what_moved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "new").mkdir()
    new = _strengthened(tmp_path / "new")
    db, html = tmp_path / "ab.db", tmp_path / "ab.html"
    code, _, err = _cli(capsys, "--games", "8", "--bot", "random", "--bot", "random", "--cards", str(new),
                        "--against", str(CM2008), "--db", str(db), "--workers", "2", "--quiet")
    assert code == 0, err
    code, _, err = _cli(capsys, "report", str(db), "--report", str(html), "--correction", "bh")
    assert code == 0, err
    page = _parse(html)
    assert [name for name, _ in page.plots] == ["ab-sides", "ab-cards"] + ["win-rates", "length", "lift-forest"] * 2
    for _, src in page.plots:
        _png_size(src)
    with Store.open_existing(str(db)) as store:
        a = analyse(store, Correction.BH)
    c = a.comparison
    assert c is not None
    changed = "mccain-the-original-mavericks"
    shown = shown_cards(c, (changed,), DEFAULT_TOP)
    titles = a.params.titles()
    assert [row[1] for row in page.tables["ab-cards"]] == [("◆ " if x.card == changed else "") + titles[x.card]
                                                           for x in shown]
    assert page.tables["ab-cards"][0][1] == "◆ The Original Mavericks"  # changed: first, and marked
    assert "ab-cards" not in page.flagged  # 8 games: nothing is flagged...
    one = replace(c.cards[3], lift_adjusted=0.001)  # ...so flag one card by hand
    cards = (one,) + c.cards[:3] + c.cards[4:]
    (tmp_path / "flagged.html").write_text(page_of(replace(a, comparison=replace(c, cards=cards)), 0),
                                           encoding="utf-8")
    flagged = _parse(tmp_path / "flagged.html")
    assert flagged.flagged == {"ab-cards": 1} and flagged.tables["ab-cards"][1][:2] == ["*", titles[one.card]]
    assert [row[0] for row in page.tables["ab-sides"]] == ["McCain wins", "Obama wins", "draws", "game length (turns)"]
    assert "Benjamini–Hochberg" in html.read_text(encoding="utf-8")


def test_table_cells_are_escaped() -> None:
    html = _table("x", ["<th>"], [["<script>alert(1)</script>", 3]])
    assert "<script>" not in html and "&lt;script&gt;" in html and '<td class="n">3</td>' in html


def test_without_matplotlib_report_is_one_line_before_any_game(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed: import fails, find_spec is None
    db = tmp_path / "none.db"
    code, out, err = _cli(capsys, "--games", "2", "--bot", "random", "--bot", "random", "--cards", str(CM2008),
                          "--db", str(db), "--quiet", "--report", str(tmp_path / "r.html"))
    assert (code, out) == (1, "")
    assert err == 'error: --report draws its plots with matplotlib, which is not installed: pip install "cmdsl[report]"\n'
    assert not db.exists()  # refused before the run began


def test_a_report_that_cannot_be_written_is_one_line_before_any_game(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    db, html = tmp_path / "w.db", tmp_path / "no" / "such" / "r.html"
    code, out, err = _cli(capsys, "--games", "1", "--bot", "random", "--bot", "random", "--cards", str(CM2008),
                          "--db", str(db), "--workers", "1", "--quiet", "--report", str(html))
    assert (code, out) == (1, "") and not db.exists()
    assert err == f"error: cannot write the report {html}: no folder {html.parent}\n"
    (tmp_path / "dir.html").mkdir()  # the folder exists, the file cannot be written
    code, _, _ = _cli(capsys, "--games", "1", "--bot", "random", "--bot", "random", "--cards", str(CM2008),
                      "--db", str(db), "--workers", "1", "--quiet")
    code, _, err = _cli(capsys, "report", str(db), "--report", str(tmp_path / "dir.html"))
    assert code == 1 and err == f"error: cannot write the report {tmp_path}/dir.html: is a directory; give a file name\n"


def test_matplotlib_and_dask_are_imported_only_when_asked_for() -> None:
    import subprocess

    code = ("import sys; from cmdsl.cli import main; "
            "main(['balance', '--games', '1', '--bot', 'random', '--bot', 'random', '--workers', '1', '--quiet']); "
            "print(sorted(m for m in ('matplotlib', 'dask', 'distributed') if m in sys.modules), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-1] == "[]"
