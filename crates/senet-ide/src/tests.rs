use super::*;

/// A variant of Senet's base rules, as an editor would hold it.
const VARIANT: &str = "ruleset \"my/variant\"\ntitle   \"Jéquier's last row\"\nextends \"senet/base\"\n\nbear off only when all on 21..30\nsafe 26, 28\nsquare 27: go to first free after 15\n";

fn at(text: &str, needle: &str) -> usize {
    text.find(needle)
        .unwrap_or_else(|| panic!("`{needle}` not in the text"))
}

/// A folder of its own under the system's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("senet-ide-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// ---- diagnostics and fixes ------------------------------------------------------------------

#[test]
fn a_valid_file_has_no_problem_and_its_rules() {
    let a = Analysis::new(VARIANT, None);
    assert!(a.problems().is_empty());
    assert_eq!(a.rules().unwrap().id, "my/variant");
}

#[test]
fn a_misspelt_keyword_is_an_error_on_the_word_with_its_fix() {
    let text = VARIANT.replace("safe 26", "sfae 26");
    let a = Analysis::new(&text, None);
    let problems = a.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    let p = &problems[0];
    let start = at(&text, "sfae");
    assert_eq!(p.span, start..start + 4);
    assert_eq!(p.code, Some(Code::E003));
    assert_eq!(p.severity, Severity::Error);
    assert!(p.message.contains("did you mean `safe`?"), "{}", p.message);
    assert!(p.message.contains("\nhelp: "), "{}", p.message);
    let actions = a.actions(&(start + 1..start + 1));
    assert_eq!(
        actions,
        vec![Action {
            title: "Replace `sfae` with `safe`".into(),
            edit: Suggestion {
                span: start..start + 4,
                replacement: "safe".into()
            }
        }]
    );
    // Nowhere near it: no action.
    assert!(a.actions(&(0..3)).is_empty());
}

#[test]
fn every_did_you_mean_of_the_checker_is_a_fix() {
    let cases = [
        // (text to replace in VARIANT, with, the word a fix writes)
        ("safe 26, 28\n", "safe 26, 28\ncolour red: bleu\n", "blue"),
        ("safe 26, 28\n", "safe 26, 28\nopening bleu: none\n", "blue"),
        ("safe 26, 28\n", "safe 26, 28\npath bleu: 1..30\n", "blue"),
        (
            "safe 26, 28\n",
            "safe 26, 28\noption fast: yes | no default no\nwhen fsat is yes: blockade 2\n",
            "fast",
        ),
        (
            "safe 26, 28\n",
            "safe 26, 28\noption fast: yes | no default no\nwhen fast is yse: blockade 2\n",
            "yes",
        ),
        ("\"senet/base\"", "\"senet/bsae\"", "\"senet/base\""),
    ];
    for (from, to, word) in cases {
        let text = VARIANT.replace(from, to);
        let a = Analysis::new(&text, None);
        let fixes: Vec<Suggestion> = a.problems().into_iter().filter_map(|p| p.fix).collect();
        assert_eq!(fixes.len(), 1, "{to}: {:?}", a.problems());
        assert_eq!(fixes[0].replacement, word, "{to}");
        let mut fixed = text.clone();
        fixed.replace_range(fixes[0].span.clone(), &fixes[0].replacement);
        assert!(
            Analysis::new(&fixed, None).problems().is_empty(),
            "{to}: fixed, still {:?}",
            Analysis::new(&fixed, None).problems()
        );
    }
}

#[test]
fn a_secondary_label_is_related_information_in_the_document() {
    let text = VARIANT.replace("safe 26, 28\n", "safe 26, 28\nsafe 29\n");
    let a = Analysis::new(&text, None);
    let problems = a.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    let p = &problems[0];
    assert_eq!(p.code, Some(Code::E101));
    let again = at(&text, "safe 29");
    assert_eq!(p.span, again..again + 7);
    let first = at(&text, "safe 26");
    assert_eq!(p.related.len(), 1);
    assert_eq!(p.related[0].0.file, FileRef::Document);
    assert_eq!(p.related[0].0.span, first..first + 11);
    assert_eq!(p.related[0].1, "first defined here");
}

#[test]
fn an_error_in_a_parent_on_disk_is_shown_on_the_extends_with_its_place() {
    let dir = scratch("parent");
    let parent = "ruleset \"parent\"\nextends \"senet/base\"\ncolour red: purple\n";
    std::fs::write(dir.join("parent.rules"), parent).unwrap();
    let child = "ruleset \"child\"\nextends \"parent\"\n";
    let path = dir.join("child.rules");
    let a = Analysis::new(child, Some(&path));
    let problems = a.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    let p = &problems[0];
    assert_eq!(p.code, Some(Code::E133));
    let target = at(child, "\"parent\"\n");
    assert_eq!(p.span, target..target + 8);
    assert_eq!(p.fix, None, "a fix in another file is not offered here");
    let (location, label) = &p.related[0];
    assert_eq!(location.file, FileRef::Path(dir.join("parent.rules")));
    let purple = at(parent, "purple");
    assert_eq!(location.span, purple..purple + 6);
    assert_eq!(location.source.text, parent);
    assert_eq!(label, "not a terminal colour");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_inherited_rule_a_line_breaks_is_shown_on_that_line_and_related() {
    // A four-sided die never gives the 6 of senet/base's `extra throw after 1, 4, 6`.
    let text = VARIANT.replace("safe 26, 28\n", "safe 26, 28\nthrow die 4\n");
    let a = Analysis::new(&text, None);
    let problems = a.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    let p = &problems[0];
    assert_eq!(p.code, Some(Code::E143));
    assert_eq!(p.severity, Severity::Error);
    let line = at(&text, "throw die 4");
    assert_eq!(p.span, line..line + 11);
    assert!(
        p.message.contains("`extra throw after none`"),
        "{}",
        p.message
    );
    assert_eq!(p.related.len(), 1, "{:?}", p.related);
    let (location, label) = &p.related[0];
    assert_eq!(location.file, FileRef::Bundled("senet/base".into()));
    let base = senet_lang::bundled::get("senet/base").unwrap();
    let six = at(base, "extra throw after 1, 4, 6") + "extra throw after 1, 4, ".len();
    assert_eq!(location.span, six..six + 1);
    assert_eq!(
        label,
        "the inherited rule `extra throw after`, from senet/base: not a possible throw"
    );
}

#[test]
fn a_did_you_mean_in_an_inherited_rule_is_no_fix_of_the_line_that_broke_it() {
    // `red` of senet/base's `colour red: red` is close to `rad`, but the error is shown on the
    // document's `sides`, and a fix belongs to the inherited line.
    let text = VARIANT.replace("safe 26, 28\n", "safe 26, 28\nsides rad, blue\n");
    let a = Analysis::new(&text, None);
    let problems = a.problems();
    let sides = at(&text, "sides rad, blue");
    assert!(
        problems.iter().any(|p| p.code == Some(Code::E130)),
        "{problems:?}"
    );
    for p in &problems {
        assert_eq!(p.span.start, sides, "{p:?}");
        assert_eq!(p.fix, None, "{p:?}");
    }
    assert!(a.actions(&(sides..sides)).is_empty());
}

#[test]
fn a_warning_is_a_problem_of_its_own_severity_beside_the_rules() {
    // A variant that keeps the title of senet/base: W002, and the rules still check.
    let text = VARIANT.replace("title   \"Jéquier's last row\"\n", "");
    let a = Analysis::new(&text, None);
    let problems = a.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].code, Some(Code::W002));
    assert_eq!(problems[0].severity, Severity::Warning);
    let extends = at(&text, "extends");
    assert_eq!(problems[0].span, extends..extends + 20);
    assert!(a.rules().is_some());
}

// ---- hover ------------------------------------------------------------------------------------

#[test]
fn hover_on_a_keyword_gives_its_reference_entry() {
    let text = "ruleset \"x\"\nboard 3 x 10 snake\n";
    let a = Analysis::new(text, None);
    let h = a.hover(at(text, "snake") + 2).unwrap();
    let snake = at(text, "snake");
    assert_eq!(h.span, snake..snake + 5);
    assert!(
        h.markdown.starts_with("**`board ROWS x COLS snake`**\n\n"),
        "{}",
        h.markdown
    );
    assert!(h.markdown.contains("numbered as a snake"), "{}", h.markdown);
    // A number of a board is no square.
    assert_eq!(a.hover(at(text, "10")), None);
    // The reference's `\|` is the language's `|`.
    let option = "option fast: yes | no default no\n";
    let h = Analysis::new(option, None).hover(0).unwrap().markdown;
    assert!(
        h.starts_with("**`option NAME: V1 | V2 ... default V`**\n\nAn option the user chooses"),
        "{h}"
    );
}

/// `source none` has its own entry in the reference; `source "TEXT"` keeps its own.
#[test]
fn hover_on_source_none_gives_its_entry() {
    let text = "ruleset \"x\"\nsource none\nsource \"a book\"\n";
    let a = Analysis::new(text, None);
    let none = a.hover(at(text, "source none")).unwrap().markdown;
    assert!(
        none.starts_with("**`source none`**\n\nThe sources of the rule sets this file extends"),
        "{none}"
    );
    let book = a.hover(at(text, "source \"a")).unwrap().markdown;
    assert!(book.starts_with("**`source \"TEXT\"`**"), "{book}");
}

#[test]
fn hover_on_a_line_that_captures_tells_its_own_entry() {
    let text = "on landing on 6: may go to 37 capturing and stop\n";
    let a = Analysis::new(text, None);
    let h = a.hover(at(text, "capturing")).unwrap().markdown;
    assert!(h.starts_with("**`may go to M capturing`**"), "{h}");
    let text = "on landing on 6: go to 37 capturing\n";
    let h = Analysis::new(text, None)
        .hover(at(text, "go"))
        .unwrap()
        .markdown;
    assert!(h.starts_with("**`go to M capturing`**"), "{h}");
    assert!(
        h.contains("capturing it as a move that ends on M would"),
        "{h}"
    );
}

#[test]
fn hover_on_an_event_rule_tells_its_trigger_and_each_effect() {
    let text = "on landing on 15: throw again, lose next turn\n";
    let a = Analysis::new(text, None);
    let trigger = a.hover(at(text, "landing")).unwrap();
    assert!(
        trigger.markdown.starts_with("**`landing on SET`**"),
        "{}",
        trigger.markdown
    );
    let lose = a.hover(at(text, "next")).unwrap();
    assert!(
        lose.markdown.starts_with("**`lose next turn`**"),
        "{}",
        lose.markdown
    );
    assert!(
        lose.markdown.contains("the side's next turn is lost"),
        "{}",
        lose.markdown
    );
    // `none` removes an inherited rule; the condition's words are the trigger's.
    let none = "on capture if its side has pieces on 1..10: none\n";
    let a = Analysis::new(none, None);
    let removes = a.hover(at(none, "none")).unwrap().markdown;
    assert_eq!(
        removes,
        "**`none`**\n\nAfter all: no effect: removes an inherited rule with this trigger"
    );
    let side = a.hover(at(none, "side")).unwrap().markdown;
    assert!(side.starts_with("**`capture`**"), "{side}");
    let when = Analysis::new("when pieces is 7: pieces 7 each\n", None);
    let h = when.hover(0).unwrap().markdown;
    assert!(
        h.starts_with("**`when OPTION is VALUE: STATEMENT`**\n\napplies the statement only"),
        "{h}"
    );
    // The paragraph whole, its lines joined.
    assert!(
        h.contains("with the same key. OPTION must be declared by an `option` statement"),
        "{h}"
    );
}

#[test]
fn hover_on_a_square_tells_its_name_paths_and_effects() {
    let a = Analysis::new(VARIANT, None);
    let h = a.hover(at(VARIANT, "27: go")).unwrap();
    let markdown = h.markdown;
    assert!(
        markdown.starts_with("**Square 27**: House of Water"),
        "{markdown}"
    );
    assert!(
        markdown.contains("- red's path: position 27 of 30"),
        "{markdown}"
    );
    assert!(
        markdown.contains("- blue's path: position 27 of 30"),
        "{markdown}"
    );
    assert!(
        markdown.contains("ending its move here goes to square 15 (or the first free after it)"),
        "{markdown}"
    );
    let safe = a.hover(at(VARIANT, "26, 28")).unwrap().markdown;
    assert!(
        safe.starts_with("**Square 26**: House of Happiness"),
        "{safe}"
    );
    assert!(safe.contains("for red: safe, throws again"), "{safe}");
    // Either end of a range.
    let end = a.hover(at(VARIANT, "30\n")).unwrap().markdown;
    assert!(end.starts_with("**Square 30**: House of Horus"), "{end}");
}

#[test]
fn hover_on_a_position_tells_each_sides_square() {
    let text = "ruleset \"p\"\nextends \"twenty-squares/sawah\"\nsafe positions 4\n";
    let a = Analysis::new(text, None);
    let h = a.hover(at(text, "4\n")).unwrap().markdown;
    assert_eq!(
        h,
        "**Path position 4**\n- for light: square 1\n- for dark: square 25"
    );
}

#[test]
fn hover_on_an_extends_target_gives_its_title_and_sources() {
    let a = Analysis::new(VARIANT, None);
    let h = a.hover(at(VARIANT, "senet/base")).unwrap();
    let target = at(VARIANT, "\"senet/base\"");
    assert_eq!(h.span, target..target + 12);
    assert!(
        h.markdown
            .starts_with("**senet/base**: Senet: main rules of the Italian encyclopedia page\n- "),
        "{}",
        h.markdown
    );
}

// ---- completion -------------------------------------------------------------------------------

fn labels(list: &[Completion]) -> Vec<&str> {
    list.iter().map(|c| c.label.as_str()).collect()
}

#[test]
fn after_extends_quote_the_bundled_ids() {
    let text = "ruleset \"x\"\nextends \"senet/k";
    let a = Analysis::new(text, None);
    let list = a.completions(text.len());
    assert_eq!(list.len(), senet_lang::bundled::ids().count());
    let kendall = list.iter().find(|c| c.label == "senet/kendall").unwrap();
    assert_eq!(kendall.kind, CompletionKind::RuleSet);
    assert_eq!(kendall.replace, text.len() - 7..text.len());
    assert!(kendall.detail.as_deref().unwrap().starts_with("Senet"));
}

#[test]
fn at_the_start_of_a_line_the_statement_keywords() {
    let text = "ruleset \"x\"\nbo";
    let a = Analysis::new(text, None);
    let list = a.completions(text.len());
    let words = labels(&list);
    for w in ["board", "bear", "when", "sides", "on", "extends"] {
        assert!(words.contains(&w), "{w}: {words:?}");
    }
    assert!(!words.contains(&"snake"), "{words:?}");
    assert!(
        list.iter()
            .all(|c| c.replace == (text.len() - 2..text.len()))
    );
}

#[test]
fn inside_a_statement_the_words_that_may_follow() {
    let text = "bear off ";
    let a = Analysis::new(text, None);
    assert_eq!(
        labels(&a.completions(text.len())),
        ["always", "at", "exact", "from", "never", "only"]
    );
}

#[test]
fn options_after_when_and_their_values_after_is() {
    let text = "ruleset \"x\"\nextends \"senet/kendall\"\nwhen ";
    let a = Analysis::new(text, None);
    let list = a.completions(text.len());
    let pieces = list.iter().find(|c| c.label == "pieces").unwrap();
    assert_eq!(pieces.kind, CompletionKind::Option);
    let values = format!("{text}pieces is ");
    let a = Analysis::new(&values, None);
    let list = a.completions(values.len());
    let kendall = senet_lang::bundled::get("senet/kendall").unwrap();
    assert!(
        kendall.contains("option pieces: 5 | 7 | 1 | 2 | 3 | 4 default 5"),
        "the test's premise"
    );
    assert_eq!(labels(&list), ["5", "7", "1", "2", "3", "4"]);
    assert!(list.iter().all(|c| c.kind == CompletionKind::Value));
    // A range of values is every number in it.
    let ur = "ruleset \"x\"\nextends \"twenty-squares/blitz\"\nwhen pieces is ";
    let a = Analysis::new(ur, None);
    assert_eq!(labels(&a.completions(ur.len())), ["1", "2", "3", "4", "5"]);
    // A long one, its first 64.
    let long = "option n: 1..1000 default 1\nwhen n is ";
    let a = Analysis::new(long, None);
    let list = a.completions(long.len());
    assert_eq!(list.len(), 64);
    assert_eq!(
        (list[0].label.as_str(), list[63].label.as_str()),
        ("1", "64")
    );
}

#[test]
fn side_names_and_colours_where_a_name_goes() {
    let text = "ruleset \"x\"\nextends \"twenty-squares/ur\"\nopening ";
    let a = Analysis::new(text, None);
    assert_eq!(labels(&a.completions(text.len())), ["light", "dark"]);
    let colour = "ruleset \"x\"\nextends \"twenty-squares/ur\"\ncolour dark: ";
    let a = Analysis::new(colour, None);
    let list = a.completions(colour.len());
    assert_eq!(labels(&list), senet_lang::check::COLOURS);
}

// ---- definition -------------------------------------------------------------------------------

#[test]
fn definition_of_an_extends_target_is_its_file() {
    let a = Analysis::new(VARIANT, None);
    let loc = a.definition(at(VARIANT, "base")).unwrap();
    assert_eq!(loc.file, FileRef::Bundled("senet/base".into()));
    assert_eq!(loc.span, 0..0);
    assert_eq!(
        loc.source.text,
        senet_lang::bundled::get("senet/base").unwrap()
    );
}

#[test]
fn definition_of_a_rule_is_the_inherited_line_it_replaces() {
    let a = Analysis::new(VARIANT, None);
    let base = senet_lang::bundled::get("senet/base").unwrap();
    let loc = a.definition(at(VARIANT, "safe 26") + 1).unwrap();
    assert_eq!(loc.file, FileRef::Bundled("senet/base".into()));
    let safe = at(base, "safe 26, 28, 29, 30");
    assert_eq!(loc.span, safe..safe + "safe 26, 28, 29, 30".len());
    // A rule the parent does not state has no definition elsewhere.
    assert!(a.definition(at(VARIANT, "bear off only")).is_none());
}

#[test]
fn definition_along_a_chain_on_disk_and_of_an_option() {
    let dir = scratch("chain");
    let parent = "ruleset \"parent\"\nextends \"senet/base\"\noption fast: yes | no default no\nblockade 2\n";
    std::fs::write(dir.join("parent.rules"), parent).unwrap();
    let child = "ruleset \"child\"\ntitle \"Child\"\nextends \"parent.rules\"\nwhen fast is yes: blockade 4\n";
    let a = Analysis::new(child, Some(&dir.join("child.rules")));
    assert!(a.problems().is_empty(), "{:?}", a.problems());
    let file = FileRef::Path(dir.join("parent.rules"));
    let to_parent = a.definition(at(child, "parent.rules")).unwrap();
    assert_eq!((to_parent.file, to_parent.span), (file.clone(), 0..0));
    let blockade = a.definition(at(child, "blockade")).unwrap();
    let b = at(parent, "blockade 2");
    assert_eq!((blockade.file, blockade.span), (file.clone(), b..b + 10));
    let option = a.definition(at(child, "fast")).unwrap();
    let o = at(parent, "option");
    assert_eq!((option.file, option.span), (file, o..o + 32));
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---- formatting ---------------------------------------------------------------------------------

#[test]
fn format_lays_out_or_refuses() {
    assert_eq!(format("safe   26 ,28\n").as_deref(), Some("safe 26, 28\n"));
    assert_eq!(format("sfae 26\n"), None);
}

/// Every form of the table of statements is a row of the reference (an event rule's, of its
/// table of triggers), which hover finds.
#[test]
fn every_form_of_the_statements_is_in_the_reference() {
    use senet_lang::lang::statements::STATEMENTS;
    let r = &*super::reference::REFERENCE;
    let mut missing = Vec::new();
    for e in STATEMENTS {
        for &form in e.forms {
            let found = match e.keyword {
                "on" => r.triggers.iter().any(|t| t.form == form),
                "when" => r.when.as_ref().is_some_and(|w| w.form == form),
                _ => r.statements.iter().any(|s| s.form == form),
            };
            if !found {
                missing.push(form);
            }
        }
    }
    assert!(
        missing.is_empty(),
        "no row of docs/language.md for {missing:?}"
    );
}
