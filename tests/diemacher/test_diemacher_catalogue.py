"""`cmdsl cards list|show|doc --game diemacher` (issue 59 item 4): every cabinet card (DM1.6), poll
(DM1.7) and contribution (DM1.8) once, by the id `cmdsl print --only` takes, in English and French."""

from __future__ import annotations

from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.games.diemacher.data import load_data
from cmdsl.games.diemacher.ui.printing import job
from cmdsl.kits.printing.sheet import Options

SET = Path(__file__).resolve().parents[2] / "cards" / "diemacher"
DATA = load_data(SET)
IDS = [*(c.id for c in DATA.cabinet), *(p.id for p in DATA.polls), *(c.id for c in DATA.contributions)]


def cards(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    """The lines `cmdsl cards ARGS` prints, a French sum's no-break spaces read as spaces."""
    assert main(["cards", *args]) == 0
    return capsys.readouterr().out.replace("\u00a0", " ").splitlines()


def test_the_list_is_every_card_once_by_the_ids_print_takes(capsys: pytest.CaptureFixture[str]) -> None:
    lines = cards(capsys, "list", "--game", "diemacher")
    assert len(IDS) == 7 + 20 + 5
    assert [line.split()[0] for line in lines] == IDS
    assert lines[0].split("  ")[0] == "backbencher" and "Backbencher" in lines[0] and "€2,000" in lines[0]
    assert "Chancellor" in lines[6] and "telephone, 7 rounds only" in lines[6]
    assert "CDU/CSU +2, SPD +1, FDP 0, Die Linkspartei −1, Die Grünen −2" in lines[7]
    assert lines[-1].startswith("50k") and "Contribution of €50,000" in lines[-1]
    printed = {c.id for c in job(SET, Options()).cards}
    assert printed == set(IDS)  # each id listed is one `cmdsl print --only` takes, and no other is printed


def test_the_french_list_names_the_cards_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    lines = cards(capsys, "list", "--game", "diemacher", "--lang", "fr")
    assert [line.split()[0] for line in lines] == IDS
    assert "Chancelier" in lines[6] and "Cabinet fantôme, 25 000 €, téléphone" in lines[6]
    assert "Sondage" in lines[7] and "Contribution de 10 000 €" in lines[-5]
    assert main(["cards", "show", "10k", "--game", "diemacher", "--lang", "fr"]) == 0
    assert "10\u00a0000\u00a0€" in capsys.readouterr().out  # a sum is never cut at a line's end


@pytest.mark.parametrize(("card", "lang", "first"), [
    ("chancellor", "en", ["chancellor — Chancellor (Chancelier)",
                          "Shadow cabinet, costs €25,000, paid when it is revealed (DM8.2).",
                          "Telephone: puts its party's coalition tile on its board (DM8.4).",
                          "7-round game only (DM12.1).", "Choose one:", "  - You gain 15 votes in this state."]),
    ("Chancelier", "fr", ["chancellor — Chancelier (Chancellor)",
                          "Cabinet fantôme, coûte 25 000 €, payés quand elle est révélée (DM8.2).",
                          "Téléphone : pose la tuile de coalition de son parti sur son plateau (DM8.4).",
                          "Partie en 7 manches seulement (DM12.1).", "Choisissez une option :"]),
    ("backbencher", "en", ["backbencher — Backbencher (Député d'arrière-ban)",
                           "Shadow cabinet, costs €2,000, paid when it is revealed (DM8.2).", "Choose one:"]),
    ("poll-11", "en", ["poll-11 — Opinion poll",
                       "Popularity modifiers: CDU/CSU +2, SPD −1, FDP +1, Die Linkspartei −2, Die Grünen 0.",
                       "Published: the buyer applies up to 2 of these modifiers on its board (DM7.5 step 4).",
                       "Shelved: the buyer gains as many members as the total of 2 dice shows."]),
    ("10k", "en", ["10k — Contribution of €10,000",
                   "Accepted (face up): take €10,000; lose as many members as one die shows.",
                   "Refused (face down): gain as many members as one die shows."]),
    ("50k", "fr", ["50k — Contribution de 50 000 €", "Partie en 7 manches seulement (DM12.1).",
                   "Acceptée (face visible) : prenez 50 000 € ; perdez autant d'adhérents qu'indique le plus haut "
                   "de 3 dés.",
                   "Refusée (face cachée) : gagnez autant d'adhérents qu'indique le total de 2 dés."]),
])
def test_show_reads_right_in_english_and_french(card: str, lang: str, first: list[str],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    lines = cards(capsys, "show", card, "--game", "diemacher", "--lang", lang)
    assert lines[:len(first)] == first


def test_a_card_not_in_the_set_is_one_line_with_the_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "show", "chancelor", "--game", "diemacher"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and 'no card "chancelor"' in err and '"Chancellor"' in err, err


def test_doc_is_a_table_of_every_card_and_cards_finds_the_game_of_a_set(capsys: pytest.CaptureFixture[str]) -> None:
    lines = cards(capsys, "doc", "--cards", str(SET))
    rows = lines[lines.index("| --- | --- | --- | --- |") + 1:]
    assert [row.split(" | ")[0][2:] for row in rows] == IDS
    assert "Choose one: - You gain 15 votes in this state." in rows[6]
