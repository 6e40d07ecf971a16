"""Plain-text views of cards, sections and look-up results, shared by the CLI and the REPL."""

from __future__ import annotations

from referee.core.carddb import Card
from referee.core.citations import cite
from referee.core.matcher import Match

GAME_NAMES = {"rdi": "The Red Dragon Inn", "tda": "Three-Dragon Ante: Giants War"}


def card_text(card: Card) -> str:
    kind = card.type.replace("_", " ").title()
    if card.subtype:
        kind += f" - {str(card.subtype).replace('_', ' ').title()}"
    lines = [f"{card.label}", f"  {GAME_NAMES.get(card.game, card.game)} · {card.deck} · {kind}"]
    strength = card.get("strength")
    strengths = card.get("strengths")
    if strength is not None:
        lines.append(f"  Strength {strength}" + (f" · {card.get('alignment')}" if card.get("alignment") else ""))
    elif strengths:
        lines.append(f"  Strengths {', '.join(map(str, strengths))}" + (f" · {card.get('alignment')}" if card.get("alignment") else ""))
    for label, key in (("Alcohol Content", "alcohol"), ("Fortitude", "fortitude"), ("Price", "price")):
        if card.get(key) is not None:
            lines.append(f"  {label}: {card.get(key)}")
    lines.append(f"  {card.summary}")
    for block in ("god_ability", "power"):
        value = card.get(block)
        if isinstance(value, dict) and value.get("summary"):
            lines.append(f"  {block.replace('_', ' ').capitalize()}: {value['summary']}")
    if card.get("note"):
        lines.append(f"  Note: {card.get('note')}")
    if card.unknown:
        lines.append(f"  Not given by the books: {', '.join(card.unknown)} (the table supplies it)")
    for link in card.get("links") or []:
        if isinstance(link, dict) and link.get("id"):
            lines.append(f"  Linked card ({link.get('relation', 'related')}): [{link['id']}]")
    if card.aliases:
        lines.append(f"  Also written: {'; '.join(card.aliases)}")
    for section_id in card.cites:
        lines.append(f"  See {cite(section_id)}  [{section_id}]")
    return "\n".join(lines)


def candidates_text(match: Match[Card], heading: str) -> str:
    lines = [heading]
    for card in match.items:
        lines.append(f"  - {card.label}  ({GAME_NAMES.get(card.game, card.game)}, {card.deck})  [{card.id}]")
    return "\n".join(lines)


def card_lookup_text(match: Match[Card]) -> str:
    if match.found is not None:
        return card_text(match.found)
    if match.how == "ambiguous":
        return candidates_text(match, f"{match.query!r} fits more than one card; say which:")
    if match.items:
        return candidates_text(match, f"No card matches {match.query!r}. Closest:")
    return f"No card matches {match.query!r}."


def rule_text(hit) -> str:
    from referee.core.rules import sections

    section = hit.section
    lines = [section.citation, f"  [{section.id}]", f"  {section.summary}"]
    for other_id, difference in section.differs:
        lines.append(f"  The other book differs ({cite(other_id)} [{other_id}]): {difference}")
    for note in section.silent:
        lines.append(f"  Unclear in the book: {note}")
    related = [r for r in section.related if r in sections()]
    if related:
        lines.append("  Related:")
        lines.extend(f"    {cite(r)}  [{r}]" for r in related)
    return "\n".join(lines)


def ruling_text(ruling, detailed: bool = False) -> str:
    """A ruling as the table reads it: the verdict, each step, and its citations."""
    from referee.core.ruling import ASK, REFUSED

    head = {REFUSED: "✗ ", ASK: "? "}.get(ruling.verdict, "")
    lines = []
    for index, step in enumerate(ruling.steps):
        prefix = head if index == 0 else "  "
        lines.append(prefix + step.text)
        for section_id in step.cites:
            lines.append(f"      — {cite(section_id)}" + (f"  [{section_id}]" if detailed else ""))
        for section_id in getattr(step, "see_also", ()):
            lines.append(f"      — see also {cite(section_id)}" + (f"  [{section_id}]" if detailed else ""))
    if not lines:
        lines.append(head + ruling.message)
    return "\n".join(lines)
