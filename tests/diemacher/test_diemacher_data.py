"""The Die Macher set's data (issue 56 items 3 and 5): the bundled set reads, every value the seed
lost says it is the project's own, and a broken file is refused in one located line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cmdsl.errors import CardError
from cmdsl.games.diemacher.data import bundled_set, load_data

from .conftest import DATA


def test_the_bundled_set_reads_and_says_what_is_authored() -> None:
    assert DATA.fingerprint and len(DATA.fingerprint) == 16
    authored = {Path(f).name for f in DATA.authored}
    assert {"states.yaml", "polls.yaml", "contributions.yaml", "national.yaml", "issues.yaml"} <= authored
    assert sum(s.authored for s in DATA.states) == 16 - 11  # the five maxima no report gives


def test_dm18_authored_seat_tables_follow_the_formula() -> None:
    """DM1.5 [auth]: seats(v) = 0 below 3 votes, else ⌊max × v / 50⌋."""
    for state in DATA.states:
        for v in range(51):
            assert state.seats(v) == (0 if v < 3 else state.max_seats * v // 50), (state.id, v)
    assert DATA.state("bayern").seats(45) == 54  # the digest's check against a session report


def test_dm1_7_the_polls_give_each_party_each_value_four_times_and_the_sevens_twice() -> None:
    from collections import Counter
    for party in ("cdu", "spd", "fdp", "linke", "gruene"):
        values = Counter(m for p in DATA.polls for q, m in p.modifiers if q.value == party)
        sevens = Counter(m for p in DATA.polls if p.seven for q, m in p.modifiers if q.value == party)
        assert values == {2: 4, 1: 4, 0: 4, -1: 4, -2: 4} and sevens == {2: 2, 1: 2, 0: 2, -1: 2, -2: 2}
    assert all(p.publish == 2 and p.dice == 2 for p in DATA.polls)  # DM18.10


def broken(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "set"
    shutil.copytree(bundled_set(), folder)
    path = folder / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return folder


@pytest.mark.parametrize("file, old, new, message", [
    ("states.yaml", "max_seats: 80", "max_seats: -1", "states.yaml:11:16: nrw: max_seats: expected a number from 1"),
    ("states.yaml", "max_seats: 60", "max_seats: 61", "bayern: seats: the table gives 60 seats at 50 votes"),
    ("states.yaml", "{0: 0, 3: 4, 4: 6", "{0: 0, 4: 4, 3: 6", "seats: 3 votes comes after 4"),
    ("polls.yaml", "cdu: +2, spd: +1", "cdu: +2, sdp: +1", "modifiers: unknown key 'sdp'"),
    ("contributions.yaml", "amount: 10000", "amount: 10500", "amount: 10500 is not a whole number of thousands"),
    ("national.yaml", "full: [25, 20, 20, 15, 15, 12, 10]", "full: [25, 20]", "media_stars full: 2 value(s) for 7"),
    ("issues.yaml", "source: auth", "source: mine", "source: 'mine' does not say where the value comes from"),
    ("diemacher.yaml", "  votes: 6", "  votes: 60", "votes: expected a number from 0 to 50"),
    ("diemacher.yaml", "platform_per_stance: 4", "platform_per_stance: 2", "cannot deal 5 parties"),
    ("polls.yaml", "  - id: poll-01", "\t- id: poll-01", "polls.yaml:"),
])
def test_a_broken_file_is_one_located_error(tmp_path: Path, file: str, old: str, new: str, message: str) -> None:
    folder = broken(tmp_path, file, old, new)
    with pytest.raises(CardError) as e:
        load_data(folder)
    first = str(e.value).split("\n")[0]
    assert message in first, first
    assert f"{file}:" in first


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "set"
    shutil.copytree(bundled_set(), folder)
    (folder / "polls.yaml").unlink()
    with pytest.raises(CardError, match="polls.yaml"):
        load_data(folder)
