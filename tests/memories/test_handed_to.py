"""A sentence that hands a thing to someone ("handing the lead to Manuel", "have gone over to Hemi"), written for
these tests: the person it went to holds it, not whoever the sentence named before."""

from __future__ import annotations

from memories.answer import ContextItem
from memories.slot_reader import read_slot


def _read(subject: str, text: str) -> str | None:
    found = read_slot(subject, "person", [ContextItem(text=text, turns=[0])])
    return found[0] if found else None


def test_the_one_a_thing_is_handed_to_holds_it():
    assert _read("Website Migration",
                 "Sergio Blanco: Website Migration: fyi handing the lead to Manuel, im off from mon") == "Manuel"
    assert _read("Ponsonby Social", "trish.m: Ponsonby Social changed. Aroha's got enough on her plate, so the "
                                    "Socials have gone over to Hemi as of this week.") == "Hemi"


def test_to_a_person_without_a_handover_is_no_handover():
    # "talk to Priya" hands nothing on: the owner named first stands
    assert _read("Ponsonby Social", "trish.m: Ponsonby Social is Aroha Williams's, talk to Priya about the "
                                    "invoices") == "Aroha Williams"
