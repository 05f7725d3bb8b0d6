//! A cursor over the parse tree that reads a rule's parts in the order the grammar writes them.
//! Each read names the rule the grammar puts there, so a builder says what it relies on, and a
//! grammar changed without its builder fails at the first line that reads it, naming both.

use std::fmt::Debug;
use std::iter::Peekable;

use pest::iterators::{Pair, Pairs};

use super::errors::SyntaxError;
use super::parser::Rule;
use super::syntax::{Destination, Item, SetExpr, Span, Spanned, Value};

/// The largest number a rule file may hold.
const MAX_NUMBER: u32 = 1_000_000;

/// What a builder reads next: one rule, one of several, or any part ([`Any`]).
pub(super) trait Expected: Copy + Debug {
    fn admits(self, rule: Rule) -> bool;
}

impl Expected for Rule {
    fn admits(self, rule: Rule) -> bool {
        self == rule
    }
}

impl<const N: usize> Expected for [Rule; N] {
    fn admits(self, rule: Rule) -> bool {
        self.contains(&rule)
    }
}

/// Any part: for a builder whose own match on the part's rule lists what the grammar gives.
#[derive(Clone, Copy)]
pub(super) struct Any;

impl Debug for Any {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("part")
    }
}

impl Expected for Any {
    fn admits(self, _: Rule) -> bool {
        true
    }
}

/// The parse tree unlike what a builder reads: the grammar and its builder disagree. No text
/// brings this about, only a change to one of them without the other.
#[track_caller]
pub(super) fn mismatch(parent: Rule, expected: &str, found: Option<Rule>) -> ! {
    let found = found.map_or("nothing".to_string(), |r| format!("{r:?}"));
    panic!("the grammar gives {parent:?} a {expected} here, not {found}")
}

/// Whether a part of a rule carries meaning: keywords and punctuation do not (a statement is
/// told apart by its rule, and [`Node::has`] asks for a keyword where one decides).
fn meaningful(rule: Rule) -> bool {
    !(format!("{rule:?}").starts_with("kw_")
        || matches!(
            rule,
            Rule::colon
                | Rule::comma
                | Rule::semicolon
                | Rule::bar
                | Rule::arrow
                | Rule::dots
                | Rule::times
                | Rule::quote
                | Rule::quote_end
        ))
}

/// A rule of the parse tree and a cursor over its meaningful parts, with the offset of its line
/// in the file (spans are the file's).
pub(super) struct Node<'i> {
    pair: Pair<'i, Rule>,
    parts: Peekable<Pairs<'i, Rule>>,
    offset: usize,
}

impl<'i> Node<'i> {
    pub fn new(pair: Pair<'i, Rule>, offset: usize) -> Self {
        let parts = pair.clone().into_inner().peekable();
        Node {
            pair,
            parts,
            offset,
        }
    }

    pub fn rule(&self) -> Rule {
        self.pair.as_rule()
    }

    /// The rule's span in the file.
    pub fn span(&self) -> Span {
        span(&self.pair, self.offset)
    }

    /// Whether `keyword` is one of the rule's own words: some forms are told apart by a keyword
    /// alone (`protect none`, `backward never`).
    pub fn has(&self, keyword: Rule) -> bool {
        self.pair
            .clone()
            .into_inner()
            .any(|p| p.as_rule() == keyword)
    }

    /// Whether the next part is of `expected` (false once there are no more).
    pub fn at(&mut self, expected: impl Expected) -> bool {
        self.peek().is_some_and(|r| expected.admits(r))
    }

    /// The next part, which the grammar makes one of `expected`.
    #[track_caller]
    pub fn next(&mut self, expected: impl Expected) -> Pair<'i, Rule> {
        match self.peek() {
            Some(r) if expected.admits(r) => {}
            found => mismatch(self.rule(), &format!("{expected:?}"), found),
        }
        self.parts
            .next()
            .expect("a part was just looked at, and is there")
    }

    /// The next part as a cursor of its own.
    #[track_caller]
    pub fn node(&mut self, expected: impl Expected) -> Node<'i> {
        Node::new(self.next(expected), self.offset)
    }

    /// The rule of the next meaningful part, the parts without meaning before it skipped.
    fn peek(&mut self) -> Option<Rule> {
        while self.parts.next_if(|p| !meaningful(p.as_rule())).is_some() {}
        self.parts.peek().map(Pair::as_rule)
    }

    // ---- the values of the language, each read from the next part --------------------------

    #[track_caller]
    pub fn int(&mut self) -> Result<Spanned<u32>, SyntaxError> {
        let pair = self.next(Rule::int);
        let sp = span(&pair, self.offset);
        match pair.as_str().parse::<u32>() {
            Ok(n) if n <= MAX_NUMBER => Ok(Spanned::new(n, sp)),
            _ => Err(SyntaxError::NumberTooLarge {
                span: (sp.start, sp.len()).into(),
                text: pair.as_str().into(),
            }),
        }
    }

    #[track_caller]
    pub fn ident(&mut self) -> Spanned<String> {
        let pair = self.next(Rule::ident);
        Spanned::new(pair.as_str().to_string(), span(&pair, self.offset))
    }

    /// A string's text, without its quotes; its span holds them.
    #[track_caller]
    pub fn string(&mut self) -> Spanned<String> {
        let mut string = self.node(Rule::string);
        let text = string.next(Rule::string_text).as_str().to_string();
        Spanned::new(text, string.span())
    }

    /// An option's value: a number, a range or a word.
    #[track_caller]
    pub fn value(&mut self) -> Result<Spanned<Value>, SyntaxError> {
        let mut value = self.node(Rule::value);
        let v = if value.at(Rule::int) {
            Value::Int(value.int()?.value)
        } else if value.at(Rule::range) {
            let (a, b) = value.node(Rule::range).range()?;
            Value::Range(a.value, b.value)
        } else {
            Value::Word(value.ident().value)
        };
        Ok(Spanned::new(v, value.span()))
    }

    /// The two ends of a range (the cursor's own rule).
    fn range(&mut self) -> Result<(Spanned<u32>, Spanned<u32>), SyntaxError> {
        Ok((self.int()?, self.int()?))
    }

    /// One number or range.
    #[track_caller]
    pub fn item(&mut self) -> Result<Item, SyntaxError> {
        let mut item = self.node(Rule::item);
        let (first, last) = if item.at(Rule::range) {
            let (a, b) = item.node(Rule::range).range()?;
            (a.value, b.value)
        } else {
            let n = item.int()?.value;
            (n, n)
        };
        Ok(Item {
            first,
            last,
            span: item.span(),
        })
    }

    /// Numbers and ranges, one or more.
    #[track_caller]
    pub fn items(&mut self) -> Result<Vec<Item>, SyntaxError> {
        let mut items = self.node(Rule::items);
        let mut out = vec![items.item()?];
        while items.at(Rule::item) {
            out.push(items.item()?);
        }
        Ok(out)
    }

    /// Single numbers, one or more.
    #[track_caller]
    pub fn ints(&mut self) -> Result<Vec<Spanned<u32>>, SyntaxError> {
        let mut ints = self.node(Rule::ints);
        let mut out = vec![ints.int()?];
        while ints.at(Rule::int) {
            out.push(ints.int()?);
        }
        Ok(out)
    }

    /// Squares, positions or `none`.
    #[track_caller]
    pub fn set(&mut self) -> Result<SetExpr, SyntaxError> {
        let mut set = self.node(Rule::set);
        let positions = set.at(Rule::positions);
        if positions {
            set.next(Rule::positions);
        }
        if !set.at(Rule::items) {
            return Ok(SetExpr::None);
        }
        let items = set.items()?;
        Ok(if positions {
            SetExpr::Positions(items)
        } else {
            SetExpr::Squares(items)
        })
    }

    /// A square, or the first free square after or before it.
    #[track_caller]
    pub fn destination(&mut self) -> Result<Destination, SyntaxError> {
        let mut destination = self.node(Rule::destination);
        let square = destination.int()?;
        Ok(if destination.has(Rule::kw_after) {
            Destination::FirstFreeAfter(square)
        } else if destination.has(Rule::kw_before) {
            Destination::FirstFreeBefore(square)
        } else {
            Destination::Square(square)
        })
    }
}

fn span(pair: &Pair<Rule>, offset: usize) -> Span {
    let s = pair.as_span();
    offset + s.start()..offset + s.end()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::parser::Grammar;
    use pest::Parser as _;

    fn node(rule: Rule, text: &str) -> Node<'_> {
        let pair = Grammar::parse(rule, text).expect(text).next().expect(text);
        Node::new(pair, 10)
    }

    #[test]
    fn a_cursor_reads_the_parts_that_carry_meaning() {
        let mut n = node(Rule::board_stmt, "board 3 x 10 snake");
        assert_eq!(n.int().unwrap(), Spanned::new(3, 16..17));
        assert!(!n.at(Rule::numbering));
        assert_eq!(n.int().unwrap().value, 10);
        assert!(n.at(Rule::numbering));
        assert_eq!(n.next(Rule::numbering).as_str(), "snake");
        assert!(!n.at(Any));
        assert!(n.has(Rule::kw_board) && !n.has(Rule::kw_rows));
        let mut title = node(Rule::title_stmt, "title \"\"");
        assert_eq!(title.string(), Spanned::new(String::new(), 16..18));
    }

    #[test]
    #[should_panic(expected = "the grammar gives board_stmt a ident here, not int")]
    fn reading_what_the_grammar_does_not_give_names_both() {
        node(Rule::board_stmt, "board 3 x 10").ident();
    }

    #[test]
    #[should_panic(expected = "the grammar gives pieces_stmt a int here, not nothing")]
    fn reading_past_the_last_part_names_the_rule() {
        let mut n = node(Rule::pieces_stmt, "pieces 5 each");
        let _ = n.int();
        let _ = n.int();
    }
}
