"""Errors in card files are located and readable, and nothing of a bad set is loaded (DESIGN 7)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cmdsl.cli import main
from cmdsl.errors import CardSetError
from cmdsl.games.cm2008.loader import load_card_set

MINI_DIR = Path(__file__).parent / "data" / "mini"
MINI = MINI_DIR / "set.yaml"


def copy_mini(folder: Path) -> None:
    """The mini set in ``folder``: its card file and its manifest."""
    shutil.copy(MINI, folder / "set.yaml")
    shutil.copy(MINI_DIR / "manifest.yaml", folder / "manifest.yaml")


def card_file(effect: str, extra: str = "", card_id: str = "mccain-extra") -> str:
    body = "\n".join("      " + line for line in effect.splitlines())
    return f"""# an extra card
cards:
  - id: {card_id}
    side: mccain
    title: Extra
    type: support
{extra}    effect: |
{body}
"""


def load_with(tmp_path: Path, text: str, name: str = "extra.yaml") -> CardSetError:
    copy_mini(tmp_path)
    (tmp_path / name).write_text(text)
    with pytest.raises(CardSetError) as info:
        load_card_set(tmp_path)
    return info.value


def one(tmp_path: Path, text: str) -> str:
    err = load_with(tmp_path, text)
    assert len(err.errors) == 1, str(err)
    return str(err.errors[0])


def test_syntax_error_is_located_with_caret_expected_and_suggestion(tmp_path: Path) -> None:
    msg = one(tmp_path, card_file("choose a state as S\ngian 1 support on economy in S"))
    assert msg.splitlines()[0].startswith(f"{tmp_path}/extra.yaml:9:7: mccain-extra: unexpected \"gian\"")
    assert "expected" in msg
    lines = msg.splitlines()
    assert lines[1] == "          gian 1 support on economy in S"
    assert lines[2] == "          ^"
    assert 'did you mean "gain"?' in msg


@pytest.mark.parametrize("line, word, near", [
    ("draww 1", "draww", "draw"),  # a keyword ("draw") read off the front of a longer word
    ("choose a state as S\ngain 1 support on economyy in S", "economyy", "economy"),
    ("shift \"Alpha\" 1 towards defense", "towards", "toward"),
])
def test_a_misspelt_word_that_starts_with_a_keyword_is_named_whole(tmp_path: Path, line: str, word: str,
                                                                    near: str) -> None:
    msg = one(tmp_path, card_file(line))
    first, source, caret = msg.splitlines()[:3]
    assert f'unexpected "{word}"' in first and f'did you mean "{near}"?' in msg, msg
    assert caret.index("^") == source.index(word)  # the caret at the word's start, not mid-word


def test_effect_that_ends_too_early(tmp_path: Path) -> None:
    msg = one(tmp_path, card_file("gain 1 support on economy in"))
    assert "extra.yaml:8:35: mccain-extra: unexpected end of line; expected" in msg


def test_unknown_state_suggests_the_nearest(tmp_path: Path) -> None:
    msg = one(tmp_path, card_file('gain 1 support on economy in "Alpah"'))
    assert ':8:36: mccain-extra: unknown state "Alpah"' in msg and 'did you mean "Alpha"?' in msg
    assert msg.splitlines()[2].index("^") == msg.splitlines()[1].index('"Alpah"')


def test_unknown_issue_word(tmp_path: Path) -> None:
    msg = one(tmp_path, card_file('gain 1 support on econmy in "Alpha"'))
    assert 'unexpected "econmy"' in msg and 'did you mean "economy"?' in msg


def test_unknown_demographic(tmp_path: Path) -> None:
    msg = one(tmp_path, card_file('demographic support for "Senoirs"'))
    assert 'unknown demographic group "Senoirs"' in msg and 'did you mean "Seniors"?' in msg


def test_wrong_argument_type(tmp_path: Path) -> None:
    msg = one(tmp_path, card_file('choose a state as S\ngain 1 support on S in economy'))
    assert "expected an issue here, not a state" in msg and ":9:25:" in msg


def test_unbound_variable_and_bounded_repetition(tmp_path: Path) -> None:
    assert "T is not bound" in one(tmp_path, card_file("gain 1 support on economy in T"))
    assert "between 0 and 20" in one(tmp_path, card_file("repeat 100:\n    draw 1"))


def test_breaking_news_must_say_who_acts(tmp_path: Path) -> None:
    text = "breaking_news:\n  - id: bn-x\n    title: X\n    effect: |\n      draw 1\n"
    assert "Breaking News has no player" in one(tmp_path, text)


def test_missing_field(tmp_path: Path) -> None:
    text = card_file("draw 1").replace("    side: mccain\n", "")
    msg = one(tmp_path, text)
    assert "missing field side" in msg and "mccain-extra" in msg and ":3:5:" in msg


def test_unknown_field_suggests(tmp_path: Path) -> None:
    msg = one(tmp_path, card_file("draw 1", extra="    beginer: true\n"))
    assert 'unknown field "beginer"' in msg and 'did you mean "beginner"?' in msg


def test_duplicate_id(tmp_path: Path) -> None:
    msg = one(tmp_path, card_file("draw 1", card_id="mccain-draw"))
    assert 'id "mccain-draw" is used twice' in msg


def test_bad_yaml(tmp_path: Path) -> None:
    msg = one(tmp_path, "cards:\n  - id: [unclosed\n")
    assert "bad YAML" in msg and "extra.yaml:2:9" in msg  # where the bracket opens, not the end of file


def test_python_tag_is_refused_and_never_run(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    text = f'cards:\n  - id: !!python/object/apply:os.system ["touch {marker}"]\n'
    msg = one(tmp_path, text)
    assert "tag:yaml.org,2002:python/object/apply:os.system is not allowed" in msg and ":2:9" in msg
    assert not marker.exists()


def test_every_error_of_every_file_is_reported_and_nothing_is_loaded(tmp_path: Path) -> None:
    copy_mini(tmp_path)
    (tmp_path / "a.yaml").write_text(card_file('gain 1 support on economy in "Alpah"', card_id="mccain-a"))
    (tmp_path / "b.yaml").write_text(card_file('demographic support for "Senoirs"', card_id="mccain-b"))
    with pytest.raises(CardSetError) as info:
        load_card_set(tmp_path)
    assert len(info.value.errors) == 2
    assert str(info.value).endswith("2 errors.")


def test_check_command_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy_mini(tmp_path)
    assert main(["check", str(tmp_path)]) == 0
    assert "ok — mini test set: 6 states" in capsys.readouterr().out
    (tmp_path / "bad.yaml").write_text(card_file('gain 1 support on economy in "Alpah"'))
    assert main(["check", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert 'unknown state "Alpah"' in err and "Traceback" not in err
    assert main(["check", str(tmp_path / "nope")]) == 1


def test_an_id_must_be_lower_case_ascii_words_joined_by_hyphens(tmp_path: Path) -> None:
    msg = one(tmp_path, card_file("draw 1", card_id="obama-café-ñ"))
    assert msg.splitlines()[0] == (f'{tmp_path}/extra.yaml:3:9: obama-café-ñ: id "obama-café-ñ" is not of the form '
                                   "of ids: lower-case ASCII letters and digits, in words joined by single hyphens "
                                   "(like obama-yes-we-can)")
    assert msg.splitlines()[-1] == '  did you mean "obama-cafe-n"?'


@pytest.mark.parametrize("card_id", ["mccain--double", "McCain-x", "mccain-x-", "mccain_x"])
def test_other_ids_out_of_form_are_refused(tmp_path: Path, card_id: str) -> None:
    assert "is not of the form of ids" in one(tmp_path, card_file("draw 1", card_id=card_id))


@pytest.mark.parametrize(("text", "what"), [("", "nothing"), ("# a card file to come\n\n# more\n", "only comments")])
def test_an_empty_extra_card_file_is_reported(tmp_path: Path, text: str, what: str) -> None:
    msg = one(tmp_path, text)
    assert msg.splitlines()[0] == f"{tmp_path}/extra.yaml: this card file holds {what}: no cards, states or results"


def test_a_very_long_source_line_is_shown_as_a_window_around_the_caret() -> None:
    from cmdsl.errors import MAX_SHOWN_LINE, CardError, Located

    line = "x" * 5000 + "BAD" + "y" * 5000
    text = str(CardError("bad", Located("f.yaml", 1, 5001), line))
    _, shown, caret = text.splitlines()
    assert len(shown) <= MAX_SHOWN_LINE + 6 and "BAD" in shown
    assert shown[caret.index("^")] == "B"
