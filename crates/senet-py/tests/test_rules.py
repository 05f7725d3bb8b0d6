"""Loading rule sets: every bundled one, options, rule text, and errors as located diagnostics."""

import pytest

import senet


def test_every_bundled_rule_set_loads_and_explains_itself():
    ids = senet.ids()
    assert len(ids) > 50 and "senet/kendall" in ids and "tables/backgammon" in ids
    for rid in ids:
        rules = senet.load(rid)
        assert rules.id == rid
        assert rules.title
        assert len(rules.sides) == 2
        assert rules.sources, rid
        assert rules.title in rules.explain()
        assert rules.observation_size == len(rules.observation_names())
        odds = rules.throw_values()
        assert odds and abs(sum(p for _, p in odds) - 1.0) < 1e-12


def test_options_are_chosen_as_given():
    rules = senet.load("senet/kendall", options={"pieces": 3})
    chosen = {o["name"]: o["chosen"] for o in rules.options}
    assert chosen["pieces"] == "3"
    game = senet.Game(rules, seed=1)
    pieces = game.position["pieces"]
    assert [len(v) for v in pieces.values()] == [3, 3]


def test_a_bad_option_is_refused_with_its_diagnostic():
    with pytest.raises(senet.RulesError) as e:
        senet.load("senet/kendall", options={"pieces": 99})
    assert e.value.diagnostics
    assert "pieces" in str(e.value)


def test_rule_text_that_does_not_check_raises_with_code_and_line():
    text = 'ruleset "my/bad"\nboard 3 x 10\nfoo bar\n'
    with pytest.raises(senet.RulesError) as e:
        senet.load_text(text, name="bad.rules")
    first = e.value.diagnostics[0]
    assert first["code"] == "E002"
    assert (first["file"], first["line"], first["column"]) == ("bad.rules", 3, 1)
    start = first["labels"][0]["start"]
    assert text[start:].startswith("foo")
    message = str(e.value)
    assert "E002" in message and "bad.rules:3:1" in message and "foo" in message


def test_an_unknown_id_is_refused_with_the_nearest_one():
    with pytest.raises(senet.RulesError) as e:
        senet.load("senet/kendal")
    assert "senet/kendall" in str(e.value)


def test_rule_text_extends_a_bundled_rule_set():
    text = 'ruleset "my/kendall"\ntitle "Kendall, my way"\nextends "senet/kendall"\n'
    rules = senet.load_text(text, name="mine.rules", options={"pieces": 3})
    assert (rules.id, rules.title) == ("my/kendall", "Kendall, my way")
    assert {o["name"]: o["chosen"] for o in rules.options}["pieces"] == "3"


def test_diff_shows_what_sets_two_readings_apart():
    kendall, bell = senet.load("senet/kendall"), senet.load("senet/bell-1960")
    text = kendall.diff(bell)
    assert "senet/kendall" in text and "senet/bell-1960" in text
    assert kendall.diff(kendall) != text


def test_a_rule_set_of_more_sides_is_refused_and_not_listed():
    assert "cross-and-circle/kawade-kelia" not in senet.ids()
    with pytest.raises(ValueError) as e:
        senet.load("cross-and-circle/kawade-kelia")
    assert "has 4 sides" in str(e.value)
