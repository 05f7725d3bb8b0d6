//! The words of a line as the grammar reads them, and what the grammar would take where a line
//! stops: for editors (hover, completion), which ask about one place in a file.

use pest::Parser as _;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;

use super::parser::{Grammar, Rule};
use super::syntax::Span;

/// What a word of a line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A keyword of the language (`board`, `snake`, `throw-off`).
    Keyword,
    Number,
    /// A name: of a side, an option, a colour or an option's word value.
    Name,
    /// A string in double quotes, the quotes included.
    String,
    /// A note in square brackets, whole.
    Note,
    /// Punctuation: `:`, `,`, `;`, `|`, `->`, `..`, `x`.
    Punctuation,
}

/// One word of a line, with its span in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

/// The words of one line (`body`, without its line end) that starts at byte `offset` of its
/// file, in order; `None` if the line does not parse. A comment is not a word.
pub fn line_tokens(body: &str, offset: usize) -> Option<Vec<Token>> {
    let line = Grammar::parse(Rule::line, body).ok()?.next()?;
    let mut out = Vec::new();
    leaves(line, offset, &mut out);
    Some(out)
}

fn leaves(pair: Pair<Rule>, offset: usize, out: &mut Vec<Token>) {
    let kind = match pair.as_rule() {
        Rule::EOI => return,
        Rule::string => TokenKind::String,
        Rule::note => TokenKind::Note,
        Rule::int => TokenKind::Number,
        Rule::ident => TokenKind::Name,
        rule if format!("{rule:?}").starts_with("kw_") => TokenKind::Keyword,
        _ => {
            let mut inner = pair.clone().into_inner().peekable();
            if inner.peek().is_some() {
                for p in inner {
                    leaves(p, offset, out);
                }
                return;
            }
            TokenKind::Punctuation
        }
    };
    let s = pair.as_span();
    out.push(Token {
        kind,
        span: offset + s.start()..offset + s.end(),
    });
}

/// What the grammar takes after the text of a line up to some point (`head`, which ends where
/// a word would begin): the keywords, as written, and whether a name or a number may
/// come there. Nothing where the line is already wrong before that point.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expected {
    pub keywords: Vec<String>,
    /// A name (of a side, an option, a colour) or an option's word value.
    pub name: bool,
    pub number: bool,
}

/// Every keyword of the language, as written (`throw-off` for `kw_throw_off`).
pub fn keywords() -> impl Iterator<Item = String> {
    Rule::all_rules().iter().filter_map(|r| {
        format!("{r:?}")
            .strip_prefix("kw_")
            .map(|k| k.replace('_', "-"))
    })
}

/// See [`Expected`]. Each candidate is tried after `head`: it is taken if the parser reads
/// past it (to a character that no rule takes outside a string, a note or a comment). A keyword
/// taken only as any name would be (`opening board`) is not offered as a keyword.
pub fn expected_after(head: &str) -> Expected {
    // What the parser wanted after `word`, if it read `word` whole.
    let after = |word: &str| -> Option<Vec<Rule>> {
        let probe = format!("{head}{word}\u{1}");
        let e = Grammar::parse(Rule::line, &probe).err()?;
        let at = match e.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        };
        match e.variant {
            ErrorVariant::ParsingError { mut positives, .. } if at == head.len() + word.len() => {
                positives.sort();
                Some(positives)
            }
            _ => None,
        }
    };
    let name = after("zz");
    let mut keywords: Vec<String> = keywords()
        .filter(|k| after(k).is_some_and(|next| name.as_ref() != Some(&next)))
        .collect();
    keywords.sort();
    Expected {
        keywords,
        name: name.is_some(),
        number: after("1").is_some(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_read_as_keywords_numbers_names_and_a_note() {
        let tokens = line_tokens("colour red: red   [choice: x] # c", 10).unwrap();
        let kinds: Vec<(TokenKind, Span)> = tokens.into_iter().map(|t| (t.kind, t.span)).collect();
        assert_eq!(
            kinds,
            vec![
                (TokenKind::Keyword, 10..16),
                (TokenKind::Name, 17..20),
                (TokenKind::Punctuation, 20..21),
                (TokenKind::Name, 22..25),
                (TokenKind::Note, 28..39),
            ]
        );
        assert_eq!(line_tokens("boart 3 x 10", 0), None);
    }

    #[test]
    fn what_may_come_next() {
        let start = expected_after("");
        assert!(start.keywords.contains(&"board".to_string()));
        assert!(start.keywords.contains(&"when".to_string()));
        assert!(!start.name);
        let bear = expected_after("bear off ");
        assert_eq!(
            bear.keywords,
            ["always", "at", "exact", "from", "never", "only"].map(String::from)
        );
        assert!(expected_after("colour ").name);
        assert!(!expected_after("board 3 ").name);
        assert!(expected_after("safe ").number);
        let value = expected_after("when pieces is ");
        assert!(value.name && value.number);
        assert!(
            expected_after("first by ")
                .keywords
                .contains(&"throw-off".to_string())
        );
        // Wrong before the point: nothing to offer.
        assert_eq!(expected_after("boart "), Expected::default());
    }
}
