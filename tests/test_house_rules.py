"""Where the books are silent: every default is registered, documented, switchable and cited correctly."""

from pathlib import Path

import pytest

from referee.core.citations import known
from referee.core.session import Session
from referee.games.rdi.house import RULES
from referee.games.tda import defaults as tda_defaults

DOC = (Path(__file__).parent.parent / "docs" / "house-rules.md").read_text(encoding="utf-8")
TDA = [v for v in vars(tda_defaults).values() if isinstance(v, tda_defaults.Default)]


@pytest.mark.parametrize("rule_id", sorted(RULES) + [d.key for d in TDA])
def test_every_default_is_listed_in_the_docs(rule_id):
    assert f"`{rule_id}`" in DOC


@pytest.mark.parametrize("rule", list(RULES.values()), ids=lambda r: r.id)
def test_each_house_rule_has_its_default_among_its_readings_and_real_cites(rule):
    assert rule.default in rule.readings and len(rule.readings) >= 2
    assert rule.cites and all(known(c) for c in rule.cites)


def test_a_house_choice_is_kept_and_a_wrong_one_is_refused(cards):
    session = Session(cards)
    ruling = session.handle("new rdi Ann Ben --house bitey-per-target=once-per-card")
    assert ruling.accepted and "once-per-card" in " ".join(s.text for s in ruling.steps)
    for wrong in ("new rdi Ann Ben --house no-such-rule=x", "new rdi Ann Ben --house bitey-per-target=sometimes"):
        refused = session.handle(wrong)
        assert refused.verdict == "refused" and "--house" in refused.message
