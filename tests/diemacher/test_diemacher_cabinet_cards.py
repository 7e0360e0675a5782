"""Die Macher's shadow-cabinet cards in the effect language (issue 57 item 1, DIEMACHER.md D8,
DM8.3): the vocabulary's statements, conditions, values and `here`, each read, written back, said
in English and French and carried out on a position; the seven authored cards, loaded from
``cards/diemacher/cabinet.yaml``, every option of each resolved; options that cannot be carried
out not offered; a broken effect one located error; no card named in Python."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from cmdsl.errors import CardError
from cmdsl.games.diemacher import events_cabinet as C
from cmdsl.games.diemacher.cabinet import CabinetCard, card_text, load_cabinet, resolve
from cmdsl.games.diemacher.context import Ctx
from cmdsl.games.diemacher.data import bundled_set
from cmdsl.games.diemacher.formulas import match
from cmdsl.games.diemacher.game import game_at
from cmdsl.games.diemacher.kinds import Kind
from cmdsl.games.diemacher.position import Phase
from cmdsl.games.diemacher.vocabulary import CABINET_CARD, LANGUAGE, nodes as N
from cmdsl.lang import ast as A
from cmdsl.lang.checker import Context, Names
from tests.diemacher.conftest import at_phase

CARDS = bundled_set()
CABINET = load_cabinet(CARDS)
BY_ID = {c.id: c for c in CABINET}
B = 1  # the board the tests' cards lie on
YOU = A.PlayerRef("you")
HERE = N.Here()


# ---- a tiny harness: a position, a card on board B, its decisions answered by option id -------------

class Table:
    """A game at a position (at the start of round 1's media phase), for party 0 to resolve cards on."""

    def __init__(self) -> None:
        self.game = game_at(at_phase(Phase.MEDIA))
        self.ctx = Ctx(self.game)
        self.pos = self.ctx.pos
        self.board = self.pos.boards[B]
        self.board.media[:] = [0, 0, 0]
        self.board.key_issue = None
        self.pos.money[:] = [25_000, 25_000, 25_000]
        self.seen = len(self.game.events)
        self.asked: list[Any] = []

    def resolve(self, card: CabinetCard, *answers: str, party: int = 0) -> list[Any]:
        """Resolve ``card`` for ``party`` on board B, answering each decision with ``answers`` in
        order; the events it emitted."""
        steps = resolve(self.ctx, party, B, card)
        todo = list(answers)
        try:
            decision = next(steps)
            while True:
                self.asked.append(decision)
                option = decision.find(todo.pop(0))
                assert option is not None, (decision.prompt, [o.id for o in decision.options])
                decision = steps.send(option)
        except StopIteration:
            pass
        assert not todo, f"answers left: {todo}"
        events = list(self.game.events)[self.seen:]
        self.seen = len(self.game.events)
        return events

    def resolve_by_kind(self, card: CabinetCard, answers: dict[str, str]) -> list[Any]:
        """Resolve ``card`` for party 0, answering each decision by what it asks (the prefix of its
        options' ids: an action, a rival, a space); the events it emitted."""
        steps = resolve(self.ctx, 0, B, card)
        try:
            decision = next(steps)
            while True:
                self.asked.append(decision)
                decision = steps.send(decision.find(answers[decision.options[0].id.split(':')[0]]))
        except StopIteration:
            pass
        events = list(self.game.events)[self.seen:]
        self.seen = len(self.game.events)
        return events

    def offered(self, card: CabinetCard) -> list[str]:
        """The option ids of the card's menu, as party 0 is asked it (nothing changes)."""
        steps = resolve(self.ctx, 0, B, card)
        try:
            decision = next(steps)
        except StopIteration:
            return []
        assert decision.kind is Kind.CABINET_ACTION
        return [o.id for o in decision.options]


def snippet(effect: str) -> CabinetCard:
    checked = LANGUAGE.check(LANGUAGE.parse(effect), Names(), CABINET_CARD)
    return CabinetCard("test", "Essai", "Test", 1000, False, False, effect, checked, LANGUAGE.compile(checked, "test"))


def menu(*options: str) -> CabinetCard:
    body = "".join("    option:\n" + "".join(f"        {line}\n" for line in o.split("; ")) for o in options)
    return snippet("choose one:\n" + body)


# ---- the cards ----------------------------------------------------------------------------------

def test_the_seven_authored_cards_load_with_their_costs_phones_and_names() -> None:
    assert [(c.en, c.cost, c.phone, c.seven) for c in CABINET] == [
        ("Backbencher", 2000, False, False), ("Chief Whip", 4000, True, False),
        ("Speaker of the House", 6000, False, False), ("Foreign Minister", 8000, True, False),
        ("Justice Minister", 10000, False, False), ("Finance Minister", 15000, True, False),
        ("Chancellor", 25000, True, True)]
    assert [c.name for c in CABINET] == [
        "Député d'arrière-ban", "Whip en chef", "Président de la Chambre des Communes",
        "Ministre des affaires étrangères", "Ministre de la justice", "Ministre des finances", "Chancelier"]
    assert sum(c.phone for c in CABINET) == 4  # one per coalition tile (DM1.9)
    for card in CABINET:
        assert isinstance(card.checked.program.body[0], A.ChooseOne)
        assert LANGUAGE.render.program(card.checked.program).strip() == card.effect  # written as the language writes it


def test_no_card_is_named_in_python() -> None:
    """The cards are the file's data: no rule names one (as Racolage's test)."""
    package = Path(__file__).resolve().parents[2] / "cmdsl" / "games" / "diemacher"
    names = {n.lower() for c in CABINET for n in (c.name, c.en) if len(n) > 4}
    ids = {c.id for c in CABINET}
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not [n for n in names if n in text.lower()], path
        assert not [i for i in ids if f'"{i}"' in text or f"'{i}'" in text], path


def test_english_and_french_card_text_is_generated() -> None:
    assert card_text(BY_ID["chief-whip"]).splitlines() == [
        "Choose one:", "  - You gain four votes in this state.",
        "  - Place the key-issue tile on one of the opinion cards in this state (if none is there).",
        "  - Remove the key-issue tile in this state."]
    assert card_text(BY_ID["chief-whip"], "fr").splitlines() == [
        "Choisissez une option :", "  - Vous gagnez 4 voix dans ce Land.",
        "  - Placez la tuile d'enjeu clé sur l'une des cartes d'opinion dans ce Land (s'il n'y en a pas déjà une).",
        "  - Retirez la tuile d'enjeu clé posée dans ce Land."]
    assert card_text(BY_ID["finance-minister"]).splitlines() == [
        "Choose one:", "  - You gain 10 votes in this state.", "  - Raise your popularity in this state by 2 (up to +3).",
        "  - Choose a rival.", "    Lower that rival's popularity in this state by 2 (down to −3, media control or not).",
        "  - Choose a rival with a media marker in this state.",
        "    Take over one of that rival's media markers in this state: it goes back to its owner with €4,000 and "
        "one of yours takes its place (€4,000 to the bank)."]
    assert card_text(BY_ID["finance-minister"], "fr").splitlines()[3:5] == [
        "  - Choisissez un rival.",
        "    Diminuez la popularité de ce rival dans ce Land de 2 (jusqu'à −3, contrôle des médias ou non)."]
    for card in CABINET:
        for lang in ("en", "fr"):
            text = card_text(card, lang)
            assert text and "{" not in text and " P " not in text, (card.id, lang, text)


# ---- every option of every card, resolved ---------------------------------------------------------

OPTIONS = [(card.id, k) for card in CABINET for k in range(len(card.checked.program.body[0].options))]


@pytest.mark.parametrize("card_id, k", OPTIONS, ids=[f"{c}-{k + 1}" for c, k in OPTIONS])
def test_every_option_of_every_card_resolves(card_id: str, k: int) -> None:
    card = BY_ID[card_id]
    option = card.checked.program.body[0].options[k]
    t = Table()
    t.board.media[1] = 1  # a rival marker to take over
    t.board.popularity[:] = [0, 0, 0]
    if isinstance(option[0], N.KeyIssue) and not option[0].place:
        t.board.key_issue = 0
    assert f"option:{k + 1}" in t.offered(card)
    # what it asks after the action: a rival (SPD, party 1), an opinion card (space 2)
    events = t.resolve_by_kind(card, {"option": f"option:{k + 1}", "rival": "rival:spd", "space": "space:2"})
    chosen = [e for e in events if isinstance(e, C.CabinetAction)]
    assert len(chosen) == 1 and chosen[0].card == card.en
    _check_done(t, option[-1], events)


def _check_done(t: Table, stmt: A.Stmt, events: list[Any]) -> None:
    """The option's last statement did what it says, on board B."""
    amount = getattr(stmt, "amount", None)
    n = amount.value if isinstance(amount, A.Num) else 0
    if isinstance(stmt, N.GainVotes):
        assert [e.votes for e in events if isinstance(e, C.VotesGained)] == [n]
    elif isinstance(stmt, N.ChangePopularity):
        who = 0 if stmt.up else 1
        assert t.board.popularity[who] == (min(n, 3) if stmt.up else -min(n, 3))
    elif isinstance(stmt, N.KeyIssue):
        assert t.board.key_issue == (1 if stmt.place else None)
    else:
        assert isinstance(stmt, N.TakeOver)
        assert t.board.media[:2] == [1, 0] and t.pos.money[:2] == [17_000, 29_000]


# ---- options that cannot be carried out are not offered -------------------------------------------

def test_a_takeover_is_offered_only_with_a_rival_marker_the_money_and_a_marker_in_supply() -> None:
    card = BY_ID["foreign-minister"]  # votes, popularity, takeover
    t = Table()
    assert t.offered(card) == ["option:1", "option:2"]  # no rival marker on the board
    t.board.media[2] = 1
    assert t.offered(card) == ["option:1", "option:2", "option:3"]
    t.pos.money[0] = 7_000  # DM18.4: €8,000 needed
    assert t.offered(card) == ["option:1", "option:2"]
    t.pos.money[0] = 8_000
    spare = t.pos.media_supply(0)
    t.pos.boards[0].media[0] += spare  # no marker left in supply
    assert t.pos.media_supply(0) == 0 and t.offered(card) == ["option:1", "option:2"]
    t.pos.boards[0].media[0] -= spare
    t.board.media[:] = [1, 0, 0]  # only its own marker there
    assert t.offered(card) == ["option:1", "option:2"]


def test_the_key_issue_is_placed_only_where_there_is_none_and_removed_only_where_there_is_one() -> None:
    card = BY_ID["chief-whip"]  # votes, place, remove
    t = Table()
    assert t.offered(card) == ["option:1", "option:2"]
    t.board.key_issue = 3
    assert t.offered(card) == ["option:1", "option:3"]


def test_the_rival_of_a_takeover_is_one_with_a_marker_there() -> None:
    t = Table()
    t.board.media[:] = [0, 0, 2]
    events = t.resolve(BY_ID["justice-minister"], "option:4")  # the only rival with a marker: not asked
    assert [e.text() for e in events if isinstance(e, (C.RivalChosen, C.MediaTakenOver))] == [
        f"CDU/CSU targets FDP in {t.ctx.state_name(B)}.", f"CDU/CSU takes over a media marker of FDP in {t.ctx.state_name(B)}."]
    assert t.board.media == [1, 0, 1] and t.pos.money == [17_000, 25_000, 29_000]


def test_a_menu_with_nothing_possible_does_nothing_and_says_so() -> None:
    t = Table()
    card = menu("remove the key issue here", "choose a rival with a media marker here as P; "
                "take over a media marker of P here")
    events = t.resolve(card)
    assert [type(e) for e in events] == [C.CabinetIdle]
    assert events[0].text() == f"CDU/CSU's Test in {t.ctx.state_name(B)} can carry out none of its actions: nothing happens."


# ---- each statement, condition and value on a position ----------------------------------------------

STATEMENTS = [
    ("you gain 2 votes here", N.GainVotes(YOU, A.Num(2), HERE),
     "You gain two votes in this state.", "Vous gagnez 2 voix dans ce Land."),
    ("raise your popularity here by 1", N.ChangePopularity(True, YOU, HERE, A.Num(1)),
     "Raise your popularity in this state by 1 (up to +3).", "Augmentez votre popularité dans ce Land de 1 (jusqu'à +3)."),
    ("lower the popularity of the active player here by 2", N.ChangePopularity(False, A.PlayerRef("active"), HERE, A.Num(2)),
     "Lower the active player's popularity in this state by 2", "Diminuez la popularité du joueur actif dans ce Land de 2"),
    ("choose a rival as P", N.ChooseRival("P"), "Choose a rival.", "Choisissez un rival."),
    ("choose a rival with a media marker here as P", N.ChooseRival("P", HERE),
     "Choose a rival with a media marker in this state.", "Choisissez un rival qui a un marqueur de média dans ce Land."),
    ("place the key issue here", N.KeyIssue(True, HERE), "Place the key-issue tile on one of the opinion cards in this state",
     "Placez la tuile d'enjeu clé sur l'une des cartes d'opinion dans ce Land"),
    ("remove the key issue here", N.KeyIssue(False, HERE), "Remove the key-issue tile in this state.",
     "Retirez la tuile d'enjeu clé posée dans ce Land."),
    ("take over a media marker of the active player here", N.TakeOver(A.PlayerRef("active"), HERE),
     "Take over one of the active player's media markers in this state",
     "Prenez l'un des marqueurs de média du joueur actif dans ce Land"),
]


@pytest.mark.parametrize("effect, tree, en, fr", STATEMENTS, ids=[s[0] for s in STATEMENTS])
def test_each_statement_reads_writes_back_and_says_itself(effect: str, tree: A.Stmt, en: str, fr: str) -> None:
    program = snippet(effect + "\n").checked.program
    assert program.body[0] == tree
    assert LANGUAGE.render.program(program) == effect + "\n"
    assert LANGUAGE.rules_text(program).startswith(en)
    assert LANGUAGE.rules_text(program, lang="fr").startswith(fr)


def test_votes_are_capped_at_50_and_the_marker_lands_on_top() -> None:
    t = Table()
    t.board.votes[:] = [48, 48, 0]
    t.board.arrived[:] = [1, 2, 0]
    events = t.resolve(snippet("you gain 4 votes here\n"))
    assert t.board.votes[0] == 50 and t.board.arrived[0] > t.board.arrived[1]
    assert [e.text() for e in events] == [f"CDU/CSU gains 2 votes in {t.ctx.state_name(B)} (50; 2 lost beyond 50)."]


def test_popularity_stays_within_minus_3_and_plus_3_and_the_rival_is_chosen() -> None:
    t = Table()
    t.board.popularity[:] = [2, -2, 0]
    t.board.media[:] = [0, 3, 0]  # media control does not protect against it (DM8.3)
    t.resolve(snippet("raise your popularity here by 3\nchoose a rival as P\nlower the popularity of P here by 3\n"),
              "rival:spd")
    assert t.board.popularity == [3, -3, 0]
    assert [o.id for o in t.asked[-1].options] == ["rival:spd", "rival:fdp"]  # the other parties, from the next seat
    assert t.asked[-1].kind is Kind.CABINET_ACTION


def test_the_key_issue_goes_on_a_card_of_the_partys_choice_face_down_ones_unnamed() -> None:
    t = Table()
    card, _ = t.board.opinions[2]
    t.board.opinions[2] = (card, False)
    events = t.resolve(snippet("place the key issue here\n"), "space:3")
    assert t.board.key_issue == 2 and t.asked[-1].kind is Kind.CABINET_ACTION
    assert len(t.asked[-1].options) == len(t.board.opinions)
    assert card.id not in events[0].text() and "face-down" in events[0].text()
    assert t.resolve(snippet("place the key issue here\n")) == []  # one tile a board: nothing more
    events = t.resolve(snippet("remove the key issue here\n"))
    assert t.board.key_issue is None and [type(e) for e in events] == [C.KeyIssueRemoved]


def test_a_takeover_moves_the_markers_and_the_money() -> None:
    t = Table()
    t.board.media[:] = [0, 2, 0]
    before = t.pos.media_supply(0)
    events = t.resolve(snippet("take over a media marker of the active player here\n"), party=0)
    assert events == []  # the active player is the party itself: nothing to take over
    t.resolve(snippet("choose a rival with a media marker here as P\ntake over a media marker of P here\n"))
    assert t.board.media == [1, 1, 0] and t.pos.money == [17_000, 29_000, 25_000]
    assert t.pos.media_supply(0) == before - 1 and t.pos.media_supply(1) == 5 - sum(b.media[1] for b in t.pos.boards)


def test_the_conditions_and_values_read_the_board_here() -> None:
    t = Table()
    t.board.media[:] = [2, 1, 0]
    t.board.rallies[:] = [3, 0, 0]
    t.board.popularity[:] = [2, 0, 0]
    t.board.votes[:] = [5, 0, 0]
    m = match(t.pos.platform[0], t.board)
    effect = ("if you control the media here and you have at least 3 rallies here and your money > 999:\n"
              "    you gain the popularity of you here + the votes of you here votes here\n"
              "if the match of you here is {m} and not you have at least 4 rallies here:\n    raise your popularity here by 1\n")
    t.resolve(snippet(effect.replace("{m}", str(m)) if m >= 0 else effect.replace("{m}", "0 - " + str(-m))))
    assert t.board.votes[0] == 12 and t.board.popularity[0] == 3
    program = snippet(effect.replace("{m}", "1")).checked.program
    assert LANGUAGE.rules_text(program).splitlines()[0] == (
        "If you control the media in this state and you have at least three rally markers in this state and your money "
        "is more than 999:")
    assert LANGUAGE.rules_text(program, lang="fr").splitlines()[2] == (
        "Si votre concordance avec l'opinion dans ce Land est 1 et (il est faux que vous avez au moins 4 marqueurs de "
        "meeting dans ce Land) :")
    assert LANGUAGE.render.program(program) == effect.replace("{m}", "1")


# ---- errors -----------------------------------------------------------------------------------------

def _broken(tmp_path: Path, old: str, new: str) -> CardError:
    folder = tmp_path / f"set{len(list(tmp_path.iterdir()))}"
    shutil.copytree(CARDS, folder)
    path = folder / "cabinet.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CardError) as e:
        load_cabinet(folder)
    return e.value


def test_a_broken_effect_is_one_located_error(tmp_path: Path) -> None:
    err = _broken(tmp_path, "you gain 4 votes here", "you gain 4 vots here")
    lines = (tmp_path / "set0" / "cabinet.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if "vots" in text)
    assert (err.where.line, err.where.item) == (line, "chief-whip")
    assert err.where.file.endswith("cabinet.yaml") and err.where.col > 1 and "vots" in (err.source_line or "")


def test_a_type_error_in_an_effect_is_located_too(tmp_path: Path) -> None:
    err = _broken(tmp_path, "lower the popularity of P here by 1", "lower the popularity of 3 here by 1")
    assert err.where.item == "speaker" and "expected a player" in str(err)
    err = _broken(tmp_path, "cost: 6000", "cost: 6500")
    assert err.where.item == "speaker" and "thousands" in str(err)


def test_here_is_only_a_cabinet_cards() -> None:
    with pytest.raises(CardError, match="`here`"):
        LANGUAGE.check(LANGUAGE.parse("you gain 1 votes here\n"), Names(), Context("card"))


def test_every_pass_has_a_method_for_every_node_and_each_family_its_part() -> None:
    """As ``tests/test_vocabulary_families.py`` holds the registered vocabularies to it."""
    from cmdsl.games.diemacher.vocabulary import VOCABULARY
    v = VOCABULARY
    assert all(not p.missing() for p in (v.checker, v.compiler, v.unparser, v.writer, v.bounds))
    for node in N.NODES:
        for part in ("Checker", "Compiler", "Unparser", "Writer"):
            owners = [c for c in getattr(v, part.lower()).__mro__
                      if any(name.endswith(f"_{node.__name__}") for name in vars(c))]
            assert owners and all(c.__module__ == node.__module__ for c in owners), (node, part, owners)
