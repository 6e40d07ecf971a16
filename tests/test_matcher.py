"""The fuzzy matcher on its own, with made-up names (independent of the card data)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.matcher import FuzzyIndex
from referee.core.text import normalize

NAMES = ["Storm Giant", "Storm Giant Champion", "I don't think so!", "We don't think so!",
         "~ Poof! ~", "Dragon Breath Ale", "Wine", "Wine with a Chaser", "Crème Brûlée"]


def index():
    return FuzzyIndex([(n, n, True) for n in NAMES] + [("Poof!", "~ Poof! ~", False)])


def test_normalize_drops_case_punctuation_accents_and_tildes():
    assert normalize("~ Poof! ~") == "poof"
    assert normalize("Don’t call me cute!") == "dont call me cute"
    assert normalize("Crème Brûlée…") == "creme brulee"


def test_exact_name_beats_longer_title_containing_it():
    assert index().lookup("storm giant").found == "Storm Giant"
    assert index().lookup("i dont think so").found == "I don't think so!"
    assert index().lookup("WINE").found == "Wine"


def test_partial_title_finds_the_longer_card():
    assert index().lookup("storm giant champ").found == "Storm Giant Champion"


def test_typos_and_accents():
    assert index().lookup("dragon breth ale").found == "Dragon Breath Ale"
    assert index().lookup("creme brulee").found == "Crème Brûlée"


def test_alias_is_exact_too():
    match = index().lookup("poof")
    assert match.found == "~ Poof! ~" and match.how in ("name", "alias")


def test_two_items_with_one_name_are_ambiguous():
    twins = FuzzyIndex([("Copper Dragon", "old", True), ("Copper Dragon", "new", True)])
    match = twins.lookup("copper dragon")
    assert match.how == "ambiguous" and set(match.items) == {"old", "new"}
    assert match.found is None


def test_nothing_close_is_none_with_suggestions():
    match = index().lookup("zebra xylophone quartet")
    assert match.how == "none" and match.found is None


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_any_text_gives_a_match_value_never_an_exception(text):
    match = index().lookup(text)
    assert match.how in ("name", "alias", "fuzzy", "ambiguous", "none")
    assert (match.found is None) == (match.how in ("ambiguous", "none"))
