"""Properties over arbitrary input: never a crash, never a name that was not said."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from voice_scribe.understand import Matcher, ResultKind, Roster, load_grammar

MATCHER = Matcher(load_grammar(), Roster.parse("Karadoc,Perceval,Léodagan"))
WORDS = st.sampled_from(
    "pas mou le caillou grelottine sur karadoc perceval gauvain civet de cinquante une chouette [unk] "
    "trois quatre et euh sirop gagnant lance flan jarret bévue à qui tour scores quoi verdier passe sel".split()
)


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=9).map(" ".join))
def test_understand_any_word_salad(text):
    u = MATCHER.understand(text)
    assert u.kind in ResultKind
    if u.accepted:
        got = u.call or u.command
        target = getattr(got, "target", None)
        # a target is a player of the table whose name was heard
        assert target is None or target.lower() in text
    else:
        assert u.reason


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60))
def test_understand_any_text_never_crashes(text):
    u = MATCHER.understand(text)
    assert u.accepted or u.reason
