//! Text to syntax tree. The file is parsed a line at a time so that every bad line is reported.

use std::sync::Arc;

use pest::Parser as _;
use pest::error::InputLocation;
use pest::iterators::Pair;
use pest_derive::Parser;

use super::diagnostic::{Diagnostic, SourceFile, did_you_mean};
use super::errors::SyntaxError;
use super::forms::write_it_as;
use super::syntax::*;

#[derive(Parser)]
#[grammar = "../../../grammar/senet.pest"]
pub(super) struct Grammar;

/// The largest rule file accepted, in bytes.
pub const MAX_FILE_BYTES: usize = 64 * 1024;

/// The words that may begin a statement.
pub const STATEMENT_KEYWORDS: &[&str] = &[
    "ruleset", "title", "source", "extends", "option", "when", "board", "gaps", "name", "label",
    "marks", "path", "sides", "colour", "pieces", "start", "first", "throw", "extra", "turn",
    "enter", "capture", "protect", "safe", "blockade", "stop", "backward", "priority", "seats",
    "opening", "square", "bear", "only", "win", "end", "match", "on", "no", "begin", "one", "any",
];

/// Parses a whole file. Returns the statements of every good line and a diagnostic for every
/// bad one.
pub fn parse_file(file: &Arc<SourceFile>) -> (File, Vec<Diagnostic>) {
    let mut out = File::default();
    let mut errors = Vec::new();
    let text = file.text.as_str();
    if text.len() > MAX_FILE_BYTES {
        errors.push(Diagnostic::new(
            file,
            SyntaxError::FileTooLarge {
                span: (0, 0).into(),
                size: text.len(),
                limit: MAX_FILE_BYTES,
            },
        ));
        return (out, errors);
    }
    // A byte order mark (some editors write one) is not part of the first statement.
    let bom = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let mut start = bom;
    for line in text[bom..].split_inclusive('\n') {
        let offset = start;
        start += line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        if body.trim().is_empty() {
            continue;
        }
        // Control characters (terminal escapes, bidirectional overrides) would reach a terminal
        // through titles and diagnostics, or make a line read otherwise than it shows.
        if let Some((i, c)) = body.char_indices().find(|&(_, c)| is_control(c)) {
            errors.push(Diagnostic::new(
                file,
                SyntaxError::ControlCharacter {
                    span: (offset + i, c.len_utf8()).into(),
                    code_point: format!("U+{:04X}", u32::from(c)),
                },
            ));
            continue;
        }
        match parse_line(body, offset) {
            Ok(Some(stmt)) => out.statements.push(stmt),
            Ok(None) => {}
            Err(e) => errors.push(syntax_diagnostic(file, e)),
        }
    }
    (out, errors)
}

/// A syntax error as a diagnostic; a misspelt word offers its correction.
fn syntax_diagnostic(file: &Arc<SourceFile>, e: SyntaxError) -> Diagnostic {
    let fix = match &e {
        SyntaxError::Misspelt {
            span, suggestion, ..
        } => Some((
            span.offset()..span.offset() + span.len(),
            suggestion.clone(),
        )),
        _ => None,
    };
    let d = Diagnostic::new(file, e);
    match fix {
        Some((span, word)) => d.suggesting(span, word),
        None => d,
    }
}

/// A character a rule file may not hold: the C0 and C1 controls but the tab (the line ends are
/// gone before this is asked), DEL, and the bidirectional formatting characters.
pub fn is_control(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

fn parse_line(body: &str, offset: usize) -> Result<Option<Statement>, SyntaxError> {
    let mut pairs = match Grammar::parse(Rule::line, body) {
        Ok(p) => p,
        Err(e) => return Err(syntax_error(body, offset, e)),
    };
    let line = pairs
        .next()
        .expect("the grammar's `line` rule always yields one pair");
    let mut statement: Option<Statement> = None;
    let mut condition = None;
    let mut note = None;
    for pair in line.into_inner() {
        match pair.as_rule() {
            Rule::conditional => {
                let mut inner = pair.into_inner();
                let _when = inner.next();
                let option = ident(inner.next().unwrap(), offset);
                let _is = inner.next();
                let value = value(inner.next().unwrap(), offset)?;
                let _colon = inner.next();
                let stmt = inner.next().unwrap();
                condition = Some(Condition { option, value });
                statement = Some(build_statement(stmt, offset)?);
            }
            Rule::note => note = Some(build_note(pair)),
            Rule::EOI => {}
            _ => statement = Some(build_statement(pair, offset)?),
        }
    }
    match statement {
        Some(mut s) => {
            s.condition = condition;
            s.note = note;
            Ok(Some(s))
        }
        // A line holding only a note has nothing to attach it to.
        None if note.is_some() => Err(SyntaxError::UnknownStatement {
            span: (offset + body.len() - body.trim_start().len(), 1).into(),
            word: "[".into(),
            help: "a note follows the statement it is about, on the same line".into(),
        }),
        None => Ok(None),
    }
}

fn build_note(pair: Pair<Rule>) -> Note {
    let mut kind = NoteKind::Choice;
    let mut text = String::new();
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::note_kind => {
                kind = if p.as_str() == "source" {
                    NoteKind::Source
                } else {
                    NoteKind::Choice
                };
            }
            Rule::note_text => text = p.as_str().trim().to_string(),
            _ => {}
        }
    }
    Note { kind, text }
}

// ---- building statements ----------------------------------------------------------------------

fn span(pair: &Pair<Rule>, offset: usize) -> Span {
    let s = pair.as_span();
    offset + s.start()..offset + s.end()
}

fn int(pair: Pair<Rule>, offset: usize) -> Result<Spanned<u32>, SyntaxError> {
    let sp = span(&pair, offset);
    match pair.as_str().parse::<u32>() {
        Ok(n) if n <= 1_000_000 => Ok(Spanned::new(n, sp)),
        _ => Err(SyntaxError::NumberTooLarge {
            span: (sp.start, sp.len()).into(),
            text: pair.as_str().into(),
        }),
    }
}

fn ident(pair: Pair<Rule>, offset: usize) -> Spanned<String> {
    Spanned::new(pair.as_str().to_string(), span(&pair, offset))
}

fn string(pair: Pair<Rule>, offset: usize) -> Spanned<String> {
    let sp = span(&pair, offset);
    let text = pair
        .into_inner()
        .find(|p| p.as_rule() == Rule::string_text)
        .map(|p| p.as_str().to_string())
        .unwrap_or_default();
    Spanned::new(text, sp)
}

fn value(pair: Pair<Rule>, offset: usize) -> Result<Spanned<Value>, SyntaxError> {
    let sp = span(&pair, offset);
    let inner = pair.into_inner().next().unwrap();
    let v = match inner.as_rule() {
        Rule::int => Value::Int(int(inner, offset)?.value),
        Rule::range => {
            let (a, b) = range(inner, offset)?;
            Value::Range(a.value, b.value)
        }
        _ => Value::Word(inner.as_str().to_string()),
    };
    Ok(Spanned::new(v, sp))
}

fn range(pair: Pair<Rule>, offset: usize) -> Result<(Spanned<u32>, Spanned<u32>), SyntaxError> {
    let mut ints = pair.into_inner().filter(|p| p.as_rule() == Rule::int);
    let a = int(ints.next().unwrap(), offset)?;
    let b = int(ints.next().unwrap(), offset)?;
    Ok((a, b))
}

fn items(pair: Pair<Rule>, offset: usize) -> Result<Vec<Item>, SyntaxError> {
    pair.into_inner()
        .filter(|p| p.as_rule() == Rule::item)
        .map(|p| item(p, offset))
        .collect()
}

/// One number or range.
fn item(pair: Pair<Rule>, offset: usize) -> Result<Item, SyntaxError> {
    let sp = span(&pair, offset);
    let inner = pair.into_inner().next().unwrap();
    let (first, last) = match inner.as_rule() {
        Rule::range => {
            let (a, b) = range(inner, offset)?;
            (a.value, b.value)
        }
        _ => {
            let n = int(inner, offset)?.value;
            (n, n)
        }
    };
    Ok(Item {
        first,
        last,
        span: sp,
    })
}

fn ints(pair: Pair<Rule>, offset: usize) -> Result<Vec<Spanned<u32>>, SyntaxError> {
    pair.into_inner()
        .filter(|p| p.as_rule() == Rule::int)
        .map(|p| int(p, offset))
        .collect()
}

fn set(pair: Pair<Rule>, offset: usize) -> Result<SetExpr, SyntaxError> {
    let mut positions = false;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::kw_none => return Ok(SetExpr::None),
            Rule::positions => positions = true,
            Rule::items => {
                let list = items(p, offset)?;
                return Ok(if positions {
                    SetExpr::Positions(list)
                } else {
                    SetExpr::Squares(list)
                });
            }
            _ => {}
        }
    }
    Ok(SetExpr::None)
}

fn destination(pair: Pair<Rule>, offset: usize) -> Result<Destination, SyntaxError> {
    let mut after = None;
    let mut square = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::kw_after => after = Some(true),
            Rule::kw_before => after = Some(false),
            Rule::int => square = Some(int(p, offset)?),
            _ => {}
        }
    }
    let square = square.unwrap();
    Ok(match after {
        None => Destination::Square(square),
        Some(true) => Destination::FirstFreeAfter(square),
        Some(false) => Destination::FirstFreeBefore(square),
    })
}

/// The children of a pair that carry meaning: keywords and punctuation dropped.
fn meaningful(pair: Pair<Rule>) -> impl Iterator<Item = Pair<Rule>> {
    pair.into_inner().filter(|p| {
        let name = format!("{:?}", p.as_rule());
        !(name.starts_with("kw_")
            || matches!(
                p.as_rule(),
                Rule::colon
                    | Rule::comma
                    | Rule::semicolon
                    | Rule::bar
                    | Rule::arrow
                    | Rule::dots
                    | Rule::times
            ))
    })
}

/// One statement: its kind, built by the function for its family of statements, and its span.
fn build_statement(pair: Pair<Rule>, offset: usize) -> Result<Statement, SyntaxError> {
    let sp = span(&pair, offset);
    let kind = match pair.as_rule() {
        Rule::ruleset_stmt
        | Rule::title_stmt
        | Rule::source_stmt
        | Rule::extends_stmt
        | Rule::option_stmt => header_kind(pair, offset)?,
        Rule::board_stmt
        | Rule::gaps_stmt
        | Rule::name_stmt
        | Rule::label_stmt
        | Rule::marks_stmt
        | Rule::draw_stmt
        | Rule::path_stmt
        | Rule::sides_stmt
        | Rule::colour_stmt
        | Rule::pieces_stmt => board_kind(pair, offset)?,
        Rule::start_stmt
        | Rule::first_stmt
        | Rule::begin_stmt
        | Rule::first_move_stmt
        | Rule::seat_stmt
        | Rule::opening_stmt => start_kind(pair, offset)?,
        Rule::throw_stmt | Rule::extra_stmt | Rule::turn_stmt => throw_kind(pair, offset)?,
        Rule::enter_stmt
        | Rule::capture_stmt
        | Rule::protect_stmt
        | Rule::safe_stmt
        | Rule::blockade_stmt
        | Rule::stop_stmt
        | Rule::backward_stmt
        | Rule::priority_stmt
        | Rule::ahead_stmt
        | Rule::together_stmt
        | Rule::no_passing_stmt
        | Rule::extra_add_stmt
        | Rule::stop_and_go_stmt
        | Rule::no_backward_stmt
        | Rule::direction_stmt
        | Rule::only_pieces_stmt
        | Rule::retreat_stmt => move_kind(pair, offset)?,
        Rule::bear_stmt | Rule::only_stmt | Rule::win_stmt | Rule::end_stmt | Rule::points_stmt => {
            end_kind(pair, offset)?
        }
        Rule::square_stmt | Rule::on_stmt => event_kind(pair, offset)?,
        other => unreachable!("the grammar produced {other:?} as a statement"),
    };
    Ok(Statement {
        kind,
        span: sp,
        condition: None,
        note: None,
    })
}

/// Whether `keyword` is one of the statement's own words: some statements are told apart by a
/// keyword alone (`protect none`, `backward never`).
fn has_keyword(pair: &Pair<Rule>, keyword: Rule) -> bool {
    pair.clone().into_inner().any(|p| p.as_rule() == keyword)
}

/// The statements about the rule set itself: its id, title, source, base and options.
fn header_kind(pair: Pair<Rule>, offset: usize) -> Result<StatementKind, SyntaxError> {
    let rule = pair.as_rule();
    let mut parts = meaningful(pair);
    Ok(match rule {
        Rule::ruleset_stmt => StatementKind::Ruleset(string(parts.next().unwrap(), offset)),
        Rule::title_stmt => StatementKind::Title(string(parts.next().unwrap(), offset).value),
        Rule::source_stmt => StatementKind::Source(parts.next().map(|p| string(p, offset).value)),
        Rule::extends_stmt => StatementKind::Extends(string(parts.next().unwrap(), offset)),
        Rule::option_stmt => {
            let name = ident(parts.next().unwrap(), offset);
            let mut values: Vec<Spanned<Value>> =
                parts.map(|p| value(p, offset)).collect::<Result<_, _>>()?;
            let default = values.pop().unwrap();
            StatementKind::Option {
                name,
                values,
                default,
            }
        }
        other => unreachable!("the grammar produced {other:?} as a statement"),
    })
}

/// The statements about the board, its paths, the sides and their pieces.
fn board_kind(pair: Pair<Rule>, offset: usize) -> Result<StatementKind, SyntaxError> {
    let rule = pair.as_rule();
    let has = |r: Rule| has_keyword(&pair, r);
    let mut parts = meaningful(pair.clone());
    Ok(match rule {
        Rule::board_stmt => {
            let rows = int(parts.next().unwrap(), offset)?;
            let cols = int(parts.next().unwrap(), offset)?;
            let numbering = match parts.next() {
                Some(n) if n.as_str() == "snake" => Numbering::Snake,
                _ => Numbering::Rows,
            };
            StatementKind::Board {
                rows,
                cols,
                numbering,
            }
        }
        Rule::gaps_stmt => StatementKind::Gaps(items(parts.next().unwrap(), offset)?),
        Rule::name_stmt | Rule::label_stmt => {
            let square = int(parts.next().unwrap(), offset)?;
            let text = parts.next().map(|p| string(p, offset).value);
            if rule == Rule::name_stmt {
                StatementKind::Name { square, text }
            } else {
                StatementKind::Label { square, text }
            }
        }
        Rule::marks_stmt => StatementKind::Marks(set(parts.next().unwrap(), offset)?),
        Rule::draw_stmt => StatementKind::Draw {
            squares: item(parts.next().unwrap(), offset)?,
            rows: item(parts.next().unwrap(), offset)?,
            cols: item(parts.next().unwrap(), offset)?,
        },
        Rule::path_stmt => {
            let looped = has(Rule::kw_loop);
            let mut parts = parts.peekable();
            let side = match parts.peek() {
                Some(p) if p.as_rule() == Rule::ident => Some(ident(parts.next().unwrap(), offset)),
                _ => None,
            };
            let mut all = Vec::new();
            let mut breaks = Vec::new();
            for segment in parts {
                if !all.is_empty() {
                    breaks.push(all.len());
                }
                all.extend(items(segment, offset)?);
            }
            StatementKind::Path {
                side,
                items: all,
                breaks,
                looped,
            }
        }
        Rule::sides_stmt => StatementKind::Sides(parts.map(|p| ident(p, offset)).collect()),
        Rule::colour_stmt => {
            let side = ident(parts.next().unwrap(), offset);
            let colour = ident(parts.next().unwrap(), offset);
            StatementKind::Colour { side, colour }
        }
        Rule::pieces_stmt => StatementKind::Pieces(int(parts.next().unwrap(), offset)?),
        other => unreachable!("the grammar produced {other:?} as a statement"),
    })
}

/// The statements about how the game starts: where pieces stand, who moves first, the first moves, the seats and the opening.
fn start_kind(pair: Pair<Rule>, offset: usize) -> Result<StatementKind, SyntaxError> {
    let rule = pair.as_rule();
    let has = |r: Rule| has_keyword(&pair, r);
    let mut parts = meaningful(pair.clone());
    Ok(match rule {
        Rule::start_stmt => {
            let spec = parts.next().unwrap();
            StatementKind::Start(match spec.as_rule() {
                Rule::start_waiting => StartSpec::Waiting,
                Rule::start_alternating => {
                    StartSpec::Alternating(int(meaningful(spec).next().unwrap(), offset)?)
                }
                _ => {
                    let mut sides = Vec::new();
                    for side in meaningful(spec) {
                        let mut p = meaningful(side);
                        let name = ident(p.next().unwrap(), offset);
                        sides.push((name, items(p.next().unwrap(), offset)?));
                    }
                    StartSpec::Explicit(sides)
                }
            })
        }
        Rule::first_stmt => {
            let spec = parts.next().unwrap();
            if spec.as_rule() == Rule::throw_off {
                StatementKind::First {
                    side: ident(meaningful(spec).next().unwrap(), offset),
                    throw_off: true,
                }
            } else {
                StatementKind::First {
                    side: ident(spec, offset),
                    throw_off: false,
                }
            }
        }
        Rule::begin_stmt => match parts.next() {
            Some(list) => StatementKind::Begin(ints(list, offset)?),
            None => StatementKind::Begin(Vec::new()),
        },
        Rule::first_move_stmt if has(Rule::kw_after) => StatementKind::FirstMoveOrder(true),
        Rule::first_move_stmt if has(Rule::kw_order) => StatementKind::FirstMoveOrder(false),
        Rule::first_move_stmt => match parts.next() {
            Some(list) => StatementKind::FirstMove(ints(list, offset)?),
            None => StatementKind::FirstMove(Vec::new()),
        },
        Rule::seat_stmt => StatementKind::Seats(match parts.next() {
            None => None,
            Some(p) => {
                let mut p = meaningful(p);
                let until = int(p.next().unwrap(), offset)?;
                let side = ident(p.next().unwrap(), offset);
                Some(SeatSpec { until, side })
            }
        }),
        Rule::opening_stmt => {
            let side = ident(parts.next().unwrap(), offset);
            let rule = match parts.next() {
                None => None,
                Some(p) if p.as_rule() == Rule::opening_first => {
                    Some(OpeningRule::FirstMoveWithFrontPiece)
                }
                Some(p) => {
                    let throw_again = p
                        .clone()
                        .into_inner()
                        .any(|q| q.as_rule() == Rule::then_again);
                    let steps = int(meaningful(p).next().unwrap(), offset)?;
                    Some(OpeningRule::FrontPieceMoves { steps, throw_again })
                }
            };
            StatementKind::Opening { side, rule }
        }
        other => unreachable!("the grammar produced {other:?} as a statement"),
    })
}

/// The statements about throwing: the device, extra throws and the turn.
fn throw_kind(pair: Pair<Rule>, offset: usize) -> Result<StatementKind, SyntaxError> {
    let rule = pair.as_rule();
    let mut parts = meaningful(pair);
    Ok(match rule {
        Rule::throw_stmt => {
            let spec = parts.next().unwrap();
            StatementKind::Throw(if spec.as_rule() == Rule::die {
                ThrowSpec::Die {
                    faces: int(meaningful(spec).next().unwrap(), offset)?,
                }
            } else if spec.as_rule() == Rule::dice {
                let mut faces = Vec::new();
                let mut table = None;
                for part in meaningful(spec) {
                    match part.as_rule() {
                        Rule::int => faces.push(int(part, offset)?),
                        Rule::dice_entry => {
                            let mut e = meaningful(part);
                            let shown = meaningful(e.next().unwrap())
                                .map(|f| int(f, offset))
                                .collect::<Result<Vec<_>, _>>()?;
                            let v = int(e.next().unwrap(), offset)?;
                            table.get_or_insert_with(Vec::new).push((shown, v));
                        }
                        _ => {}
                    }
                }
                ThrowSpec::Dice { faces, table }
            } else {
                let mut p = meaningful(spec);
                let count = int(p.next().unwrap(), offset)?;
                let mut table = Vec::new();
                for entry in p {
                    let mut e = meaningful(entry);
                    let c = int(e.next().unwrap(), offset)?;
                    let v = int(e.next().unwrap(), offset)?;
                    table.push((c, v));
                }
                ThrowSpec::Sticks { count, table }
            })
        }
        Rule::extra_stmt => {
            let spec = parts.next().unwrap();
            if spec.as_rule() == Rule::extra_after {
                match meaningful(spec).next() {
                    Some(list) => StatementKind::ExtraAfter(ints(list, offset)?),
                    None => StatementKind::ExtraAfter(Vec::new()),
                }
            } else {
                StatementKind::ExtraOn(set(meaningful(spec).next().unwrap(), offset)?)
            }
        }
        Rule::turn_stmt => {
            let spec = parts.next().unwrap();
            StatementKind::Turn(if spec.as_rule() == Rule::turn_single {
                TurnSpec::ThrowThenMove
            } else if spec.as_rule() == Rule::turn_split_one {
                TurnSpec::ThrowThenSplit
            } else {
                let mut parts = meaningful(spec);
                let again = ints(parts.next().unwrap(), offset)?;
                if parts.next().is_some_and(|p| p.as_rule() == Rule::turn_each) {
                    TurnSpec::AccumulateThenEach { again }
                } else {
                    TurnSpec::AccumulateThenSplit { again }
                }
            })
        }
        other => unreachable!("the grammar produced {other:?} as a statement"),
    })
}

/// The statements about moving: entering, capture, protection, blocking, backward moves and the squares that hold pieces back.
fn move_kind(pair: Pair<Rule>, offset: usize) -> Result<StatementKind, SyntaxError> {
    let rule = pair.as_rule();
    let has = |r: Rule| has_keyword(&pair, r);
    let mut parts = meaningful(pair.clone());
    Ok(match rule {
        Rule::enter_stmt => match parts.next() {
            None => StatementKind::Enter(None),
            Some(spec) => {
                let mut throws = None;
                let mut onto = EnterOnto::Throw;
                let mut if_empty = false;
                for p in meaningful(spec) {
                    match p.as_rule() {
                        Rule::ints => throws = Some(ints(p, offset)?),
                        Rule::int => onto = EnterOnto::Position(int(p, offset)?),
                        Rule::enter_throw => onto = EnterOnto::Throw,
                        Rule::if_empty => if_empty = true,
                        _ => {}
                    }
                }
                StatementKind::Enter(Some(EnterSpec {
                    throws,
                    onto,
                    if_empty,
                }))
            }
        },
        Rule::capture_stmt => StatementKind::Capture(match parts.next() {
            None => CaptureSpec::None,
            Some(p) => match p.as_rule() {
                Rule::capture_swap => CaptureSpec::Swap,
                Rule::capture_removed => CaptureSpec::Removed,
                Rule::capture_waiting => CaptureSpec::ToWaiting,
                _ => CaptureSpec::To(destination(meaningful(p).next().unwrap(), offset)?),
            },
        }),
        Rule::protect_stmt => StatementKind::Protect(has(Rule::kw_pairs)),
        Rule::safe_stmt => StatementKind::Safe(set(parts.next().unwrap(), offset)?),
        Rule::blockade_stmt => StatementKind::Blockade(match parts.next() {
            Some(p) => Some(int(p, offset)?),
            None => None,
        }),
        Rule::stop_stmt => StatementKind::Stop(set(parts.next().unwrap(), offset)?),
        Rule::backward_stmt => {
            let all: Vec<Rule> = pair
                .clone()
                .into_inner()
                .flatten()
                .map(|p| p.as_rule())
                .collect();
            StatementKind::Backward(BackwardSpec {
                allowed: !has(Rule::kw_never),
                per_piece: all.contains(&Rule::backward_piece),
                onto_empty: all.contains(&Rule::backward_onto),
                split: all.contains(&Rule::backward_split),
            })
        }
        Rule::priority_stmt => StatementKind::Priority(set(parts.next().unwrap(), offset)?),
        Rule::ahead_stmt => StatementKind::AheadEmpty(set(parts.next().unwrap(), offset)?),
        Rule::together_stmt => StatementKind::Together(set(parts.next().unwrap(), offset)?),
        Rule::no_passing_stmt => StatementKind::NoPassing(set(parts.next().unwrap(), offset)?),
        Rule::extra_add_stmt => StatementKind::ExtraAddUp(has(Rule::kw_add)),
        Rule::stop_and_go_stmt => StatementKind::StopAndGo(set(parts.next().unwrap(), offset)?),
        Rule::no_backward_stmt => {
            StatementKind::NoBackwardFrom(set(parts.next().unwrap(), offset)?)
        }
        Rule::direction_stmt => StatementKind::OneDirection(has(Rule::kw_one)),
        Rule::only_pieces_stmt => StatementKind::OnlyPiecesOn(set(parts.next().unwrap(), offset)?),
        Rule::retreat_stmt => match parts.next() {
            None => StatementKind::Retreat(None),
            Some(from) => {
                let from = set(from, offset)?;
                let to = int(parts.next().unwrap(), offset)?;
                StatementKind::Retreat(Some((from, to)))
            }
        },
        other => unreachable!("the grammar produced {other:?} as a statement"),
    })
}

/// The statements about bearing off, winning, the end of the game and match points.
fn end_kind(pair: Pair<Rule>, offset: usize) -> Result<StatementKind, SyntaxError> {
    let rule = pair.as_rule();
    let has = |r: Rule| has_keyword(&pair, r);
    let mut parts = meaningful(pair.clone());
    Ok(match rule {
        Rule::bear_stmt => {
            let spec = parts.next().unwrap();
            match spec.as_rule() {
                Rule::bear_exact => StatementKind::BearOff(BearOffSpec::Exact {
                    from: match meaningful(spec).next() {
                        Some(s) => Some(set(s, offset)?),
                        None => None,
                    },
                }),
                Rule::bear_past => StatementKind::BearOff(BearOffSpec::Past {
                    from: match meaningful(spec).next() {
                        Some(s) => Some(set(s, offset)?),
                        None => None,
                    },
                }),
                Rule::bear_table => {
                    let mut table = Vec::new();
                    for entry in meaningful(spec) {
                        let mut e = meaningful(entry);
                        let square = int(e.next().unwrap(), offset)?;
                        table.push((square, ints(e.next().unwrap(), offset)?));
                    }
                    StatementKind::BearOff(BearOffSpec::Table(table))
                }
                _ => StatementKind::BearWhen(match meaningful(spec).next() {
                    None => BearWhen::Always,
                    Some(w) => {
                        let all = w.as_rule() == Rule::when_all;
                        let s = set(meaningful(w).next().unwrap(), offset)?;
                        if all {
                            BearWhen::AllOn(s)
                        } else {
                            BearWhen::NoneOn(s)
                        }
                    }
                }),
            }
        }
        Rule::only_stmt => StatementKind::OnlyBearOff(set(parts.next().unwrap(), offset)?),
        Rule::win_stmt => StatementKind::Win(match parts.next().unwrap().as_rule() {
            Rule::win_all => WinSpec::FirstAllOff,
            Rule::win_capture => WinSpec::CaptureAll,
            _ => WinSpec::MostBorneOff,
        }),
        Rule::end_stmt => StatementKind::End(if has(Rule::kw_decided) {
            EndSpec::Decided
        } else {
            EndSpec::BoardEmpty
        }),
        Rule::points_stmt => {
            let mut table = Vec::new();
            for entry in parts {
                let mut e = meaningful(entry);
                let squares = items(e.next().unwrap(), offset)?;
                table.push((squares, int(e.next().unwrap(), offset)?));
            }
            StatementKind::MatchPoints(table)
        }
        other => unreachable!("the grammar produced {other:?} as a statement"),
    })
}

/// The statements about what happens on a square or after an event.
fn event_kind(pair: Pair<Rule>, offset: usize) -> Result<StatementKind, SyntaxError> {
    let rule = pair.as_rule();
    let mut parts = meaningful(pair);
    Ok(match rule {
        Rule::square_stmt => {
            let square = int(parts.next().unwrap(), offset)?;
            let effect = match parts.next() {
                None => None,
                Some(go) => Some(destination(meaningful(go).next().unwrap(), offset)?),
            };
            StatementKind::SquareEffect { square, effect }
        }
        Rule::on_stmt => {
            let trigger = parts.next().unwrap();
            let trigger_span = span(&trigger, offset);
            let value = trigger_of(trigger, offset)?;
            let mut rest = parts.peekable();
            let condition = match rest.next_if(|p| p.as_rule() == Rule::condition) {
                Some(c) => {
                    let sp = span(&c, offset);
                    Some(Spanned::new(condition_of(c, offset)?, sp))
                }
                None => None,
            };
            let effects = match rest.next() {
                None => Vec::new(), // `none`
                Some(list) => meaningful(list)
                    .map(|e| {
                        let sp = span(&e, offset);
                        effect_of(e, offset).map(|e| Spanned::new(e, sp))
                    })
                    .collect::<Result<_, _>>()?,
            };
            StatementKind::On {
                trigger: Spanned::new(value, trigger_span),
                condition,
                effects,
            }
        }
        other => unreachable!("the grammar produced {other:?} as a statement"),
    })
}

fn trigger_of(pair: Pair<Rule>, offset: usize) -> Result<Trigger, SyntaxError> {
    let rule = pair.as_rule();
    let mut parts = meaningful(pair);
    Ok(match rule {
        Rule::trigger_capture => match parts.next() {
            Some(s) => Trigger::Capture(Some(set(s, offset)?)),
            None => Trigger::Capture(None),
        },
        Rule::trigger_pass => Trigger::Pass(ints(parts.next().unwrap(), offset)?),
        Rule::trigger_move => Trigger::Move(ints(parts.next().unwrap(), offset)?),
        Rule::trigger_passing => Trigger::Passing(set(parts.next().unwrap(), offset)?),
        Rule::trigger_retreat => Trigger::Retreat,
        Rule::trigger_entering => Trigger::Entering,
        Rule::trigger_each_move => Trigger::EachMove,
        _ => {
            let squares = set(parts.next().unwrap(), offset)?;
            let side = parts.next().map(|by| {
                let name = meaningful(by).next().unwrap();
                Spanned::new(name.as_str().to_string(), span(&name, offset))
            });
            Trigger::Landing(squares, side)
        }
    })
}

/// The destination of a `go to` effect, whether it ends with `and stop`, and where it says
/// `capturing`.
fn destination_and_stop(
    pair: Pair<Rule>,
    offset: usize,
) -> Result<(Destination, bool, Option<Span>), SyntaxError> {
    let mut parts = meaningful(pair);
    let to = destination(parts.next().unwrap(), offset)?;
    let (mut stop, mut capturing) = (false, None);
    for p in parts {
        match p.as_rule() {
            Rule::capturing => capturing = Some(span(&p, offset)),
            _ => stop = true,
        }
    }
    Ok((to, stop, capturing))
}

fn condition_of(pair: Pair<Rule>, offset: usize) -> Result<EventCondition, SyntaxError> {
    let form = meaningful(pair)
        .next()
        .expect("the grammar gives a condition its form");
    match form.as_rule() {
        Rule::piece_entered => return Ok(EventCondition::Entered(true)),
        Rule::piece_on_board => return Ok(EventCondition::Entered(false)),
        _ => {}
    }
    let mut other = false;
    let mut has = true;
    let mut items = None;
    // `no` is a keyword: read from all the children, not only the meaningful ones.
    for p in form.into_inner() {
        match p.as_rule() {
            Rule::other_side => other = true,
            Rule::kw_no => has = false,
            Rule::set => items = Some(set(p, offset)?),
            _ => {}
        }
    }
    Ok(EventCondition::Pieces {
        other,
        has,
        set: items.expect("the grammar gives a condition its set"),
    })
}

fn effect_of(pair: Pair<Rule>, offset: usize) -> Result<Effect, SyntaxError> {
    Ok(match pair.as_rule() {
        Rule::effect_throw_again => Effect::ThrowAgain,
        Rule::effect_go_to => {
            let (to, stop, capturing) = destination_and_stop(pair, offset)?;
            Effect::GoTo {
                to,
                stop,
                capturing,
            }
        }
        Rule::effect_lose_turn => Effect::LoseTurn,
        Rule::effect_go_waiting => Effect::GoToWaiting,
        Rule::effect_removed => Effect::Removed,
        Rule::effect_may_go_to => {
            let (to, stop, capturing) = destination_and_stop(pair, offset)?;
            Effect::MayGoTo {
                to,
                stop,
                capturing,
            }
        }
        Rule::effect_may_throw_again => Effect::MayThrowAgain,
        Rule::effect_may_other => match effect_of(meaningful(pair).next().unwrap(), offset)? {
            Effect::EndTurn => Effect::MayEndTurn,
            inner => Effect::MayOther(Box::new(inner)),
        },
        Rule::effect_end_turn => Effect::EndTurn,
        Rule::effect_only_pieces => {
            Effect::OnlyPiecesOn(set(meaningful(pair).next().unwrap(), offset)?)
        }
        Rule::effect_moves_next => {
            let rest = meaningful(pair).next().map(|p| p.as_rule());
            Effect::MovesNext {
                ignoring_pairs: rest == Some(Rule::ignoring_pairs),
                or_waiting: rest == Some(Rule::or_waiting),
            }
        }
        _ => {
            let place = meaningful(pair).next().unwrap();
            Effect::Captured(if place.as_rule() == Rule::captured_removed {
                CapturedPlace::Removed
            } else {
                match meaningful(place).next().unwrap() {
                    p if p.as_rule() == Rule::captured_waiting => CapturedPlace::Waiting,
                    p => CapturedPlace::To(destination(p, offset)?),
                }
            })
        }
    })
}

// ---- syntax errors ----------------------------------------------------------------------------

/// Words for the grammar's rules, used in "expected ..." messages: a keyword as it is written,
/// any other rule as what a person writes there. No rule's own name ever reaches a message.
fn describe(rule: Rule) -> String {
    match keyword(rule) {
        Some(kw) => format!("`{kw}`"),
        None => words(rule).to_string(),
    }
}

/// The text of a keyword rule (`kw_throw_off` is written `throw-off`).
fn keyword(rule: Rule) -> Option<String> {
    let name = format!("{rule:?}");
    name.strip_prefix("kw_").map(|kw| kw.replace('_', "-"))
}

/// What a person writes where the grammar expects `rule` (a rule that is not a keyword).
fn words(rule: Rule) -> &'static str {
    match rule {
        Rule::colon => "`:`",
        Rule::comma => "`,`",
        Rule::semicolon => "`;`",
        Rule::bar => "`|`",
        Rule::arrow => "`->`",
        Rule::dots => "`..`",
        Rule::times => "`x`",
        Rule::open_bracket | Rule::note => "a note such as `[choice: ...]`",
        Rule::close_bracket => "`]`",
        Rule::quote | Rule::quote_end | Rule::string => "a string in double quotes",
        Rule::string_text => "the text of the string",
        Rule::note_text => "the text of the note",
        Rule::int => "a number",
        Rule::ident => "a name",
        Rule::items | Rule::item | Rule::range => "a number or a range such as `21..30`",
        Rule::ints => "a list of numbers such as `1, 4, 5`",
        Rule::set => "squares such as `26, 28..30`, `positions 4, 8` or `none`",
        Rule::positions => "`positions`",
        Rule::value => "a value (a number, a range or a word)",
        Rule::note_kind => "`choice` or `source`",
        Rule::EOI => "the end of the line",
        Rule::WHITESPACE => "a space",
        Rule::COMMENT => "a comment",
        Rule::ident_start | Rule::ident_char => "a letter",
        Rule::line
        | Rule::statement
        | Rule::conditional
        | Rule::ruleset_stmt
        | Rule::title_stmt
        | Rule::source_stmt
        | Rule::extends_stmt
        | Rule::option_stmt
        | Rule::board_stmt
        | Rule::gaps_stmt
        | Rule::name_stmt
        | Rule::label_stmt
        | Rule::marks_stmt
        | Rule::draw_stmt
        | Rule::path_stmt
        | Rule::sides_stmt
        | Rule::colour_stmt
        | Rule::pieces_stmt
        | Rule::start_stmt
        | Rule::first_stmt
        | Rule::throw_stmt
        | Rule::extra_stmt
        | Rule::begin_stmt
        | Rule::first_move_stmt
        | Rule::turn_stmt
        | Rule::enter_stmt
        | Rule::capture_stmt
        | Rule::protect_stmt
        | Rule::safe_stmt
        | Rule::blockade_stmt
        | Rule::stop_stmt
        | Rule::backward_stmt
        | Rule::priority_stmt
        | Rule::seat_stmt
        | Rule::opening_stmt
        | Rule::square_stmt
        | Rule::retreat_stmt
        | Rule::bear_stmt
        | Rule::only_stmt
        | Rule::only_pieces_stmt
        | Rule::no_backward_stmt
        | Rule::direction_stmt
        | Rule::no_passing_stmt
        | Rule::stop_and_go_stmt
        | Rule::extra_add_stmt
        | Rule::together_stmt
        | Rule::ahead_stmt
        | Rule::win_stmt
        | Rule::end_stmt
        | Rule::points_stmt
        | Rule::on_stmt => "a statement",
        _ => clause_words(rule),
    }
}

/// What a person writes where the grammar expects a part of a statement (a rule that is not a
/// keyword): the board, the start, throws and turns, moves, bearing off and the end.
fn clause_words(rule: Rule) -> &'static str {
    match rule {
        Rule::numbering => "`snake` or `rows`",
        Rule::start_waiting => "`waiting`",
        Rule::start_alternating => "`alternating from N`",
        Rule::start_sides | Rule::start_side => "a side and its squares, such as `red on 1, 3, 5`",
        Rule::throw_off => "`by throw-off, ties to SIDE`",
        Rule::sticks => "sticks and their values, such as `4 sticks: 0 -> 5, 1 -> 1, ...`",
        Rule::table_entry => "a count of light sides and its value, such as `0 -> 5`",
        Rule::die => "`die N`",
        Rule::dice => "dice, such as `dice 6, 6: sum`",
        Rule::dice_entry => "the faces shown and their value, such as `1 2 -> 5`",
        Rule::faces => "the faces shown, such as `1 2`",
        Rule::extra_after => "`after`",
        Rule::extra_on => "`on`",
        Rule::turn_single => "`throw then move`",
        Rule::turn_split_one => "`throw then split`",
        Rule::turn_accumulate => "`throw again on V, V then ...`",
        Rule::turn_each => "`move each throw`",
        Rule::enter_rule => "`onto throw`, `onto N` or `with V, V onto N`",
        Rule::enter_throw => "`throw`",
        Rule::if_empty => "`if empty`",
        Rule::capture_swap => "`swap`",
        Rule::capture_removed | Rule::captured_removed => "`removed`",
        Rule::capture_waiting => "`to waiting`",
        Rule::capture_to => "`to N`",
        Rule::destination => "a square such as `15` or `first free after 15`",
        Rule::backward_when => "`when no forward move` or `when the piece has no forward move`",
        Rule::backward_side => "`no forward move`",
        Rule::backward_piece => "`the piece has no forward move`",
        Rule::backward_onto => "`onto empty squares`",
        Rule::backward_split => "`, split among pieces`",
        Rule::seat_throw => "`throw until V, thrower plays SIDE`",
        Rule::opening_front => "`front piece moves N`",
        Rule::then_again => "`then throw again`",
        Rule::opening_first => "`first move with front piece`",
        Rule::square_go => "`go to N`",
        Rule::bear_exact => "`exact`",
        Rule::bear_past => "`at or past the end`",
        Rule::bear_table | Rule::bear_entry => "`from N with V, V`",
        Rule::bear_when => "`only when ...` or `always`",
        Rule::when_all => "`all on ...`",
        Rule::when_none => "`none on ...`",
        Rule::win_capture => "`by capturing all`",
        Rule::win_all => "`first to bear off all`",
        Rule::win_most => "`most borne off`",
        Rule::end_empty => "`board empty`",
        Rule::point_entry => "squares and their points, such as `21..30: 1`",
        _ => event_words(rule),
    }
}

/// What a person writes where the grammar expects a part of an event rule (a rule that is not a
/// keyword): its condition, trigger and effects.
fn event_words(rule: Rule) -> &'static str {
    match rule {
        Rule::condition => "a condition such as `if its side has no pieces on 1..10`",
        Rule::side_has => "`its side` or `the other side`",
        Rule::piece_entered => "`the piece entered`",
        Rule::piece_on_board => "`the piece was on the board`",
        Rule::own_side => "`its side`",
        Rule::other_side => "`the other side`",
        Rule::trigger_capture => "`capture`",
        Rule::trigger_pass => "`pass with`",
        Rule::trigger_move => "`move with`",
        Rule::trigger_landing => "`landing on`",
        Rule::trigger_passing => "`passing`",
        Rule::trigger_retreat => "`retreat`",
        Rule::trigger_entering => "`entering`",
        Rule::trigger_each_move => "`each move`",
        Rule::by_side => "`by SIDE`",
        Rule::effects
        | Rule::effect
        | Rule::effect_throw_again
        | Rule::effect_go_to
        | Rule::effect_go_waiting
        | Rule::effect_may_go_to
        | Rule::effect_may_throw_again
        | Rule::effect_may_other
        | Rule::effect_captured
        | Rule::effect_removed
        | Rule::effect_lose_turn
        | Rule::effect_end_turn
        | Rule::effect_only_pieces
        | Rule::effect_moves_next => "an effect such as `throw again` or `go to 15`",
        Rule::and_stop => "`and stop`",
        Rule::capturing => "`capturing`",
        Rule::captured_to => "`goes to ...`",
        Rule::captured_waiting => "`waiting`",
        Rule::ignoring_pairs => "`ignoring pairs`",
        Rule::or_waiting => "`or goes back to waiting`",
        _ => "something else",
    }
}

fn join_words(mut words: Vec<String>) -> String {
    words.sort();
    words.dedup();
    match words.len() {
        0 => "something else".into(),
        1 => words.pop().unwrap(),
        _ => {
            let last = words.pop().unwrap();
            format!("{} or {}", words.join(", "), last)
        }
    }
}

fn word_at(body: &str, pos: usize) -> &str {
    let rest = &body[pos..];
    let end = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
        .unwrap_or(rest.len());
    &rest[..end]
}

fn syntax_error(body: &str, offset: usize, e: pest::error::Error<Rule>) -> SyntaxError {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let pos = pos.min(body.len());
    let positives = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        pest::error::ErrorVariant::CustomError { .. } => Vec::new(),
    };
    let rest = &body[pos..];
    let word = word_at(body, pos);
    let at_start = body[..pos].trim().is_empty();

    // A quote opened and never closed.
    if let Some(q) = unclosed_quote(body) {
        return SyntaxError::UnterminatedString {
            span: (offset + q, body.len() - q).into(),
        };
    }
    if let Some(b) = unclosed_bracket(body) {
        return SyntaxError::UnclosedNote {
            span: (offset + b, 1).into(),
        };
    }
    if let Some(ch) = rest
        .chars()
        .next()
        .filter(|c| matches!(c, '{' | '}' | ']' | ')' | '('))
    {
        return SyntaxError::StrayCharacter {
            span: (offset + pos, ch.len_utf8()).into(),
            ch,
        };
    }
    if at_start && !word.is_empty() && !word.starts_with(|c: char| c.is_ascii_digit()) {
        return match did_you_mean(word, STATEMENT_KEYWORDS.iter().copied()) {
            Some(s) => misspelt(body, offset, pos, word, s),
            None => SyntaxError::UnknownStatement {
                span: (offset + pos, word.len()).into(),
                word: word.into(),
                help: format!(
                    "a statement starts with one of: {}",
                    STATEMENT_KEYWORDS.join(", ")
                ),
            },
        };
    }
    // A misspelt keyword inside a statement: compare with the keywords expected here.
    let keywords: Vec<String> = positives.iter().filter_map(|&r| keyword(r)).collect();
    if !word.is_empty()
        && !word.starts_with(|c: char| c.is_ascii_digit())
        && let Some(s) = did_you_mean(word, keywords.iter().map(String::as_str))
        && s != word
    {
        return misspelt(body, offset, pos, word, s);
    }
    // A range where only single numbers are allowed: `4..5` read as 4, then a stray `..`.
    if rest.starts_with("..") && !positives.contains(&Rule::dots) {
        return range_not_allowed(body, offset, pos, &positives);
    }
    let expected = join_words(positives.into_iter().map(describe).collect());
    let found = if rest.trim().is_empty() {
        "the end of the line".to_string()
    } else if !word.is_empty() {
        format!("`{word}`")
    } else {
        format!("`{}`", rest.chars().next().unwrap())
    };
    let len = if word.is_empty() {
        rest.chars().next().map_or(0, char::len_utf8)
    } else {
        word.len()
    };
    SyntaxError::Unexpected {
        span: (offset + pos, len).into(),
        expected,
        found,
        help: write_it_as(strip_comment_and_note(body)).unwrap_or_else(|| {
            "a statement begins with one of the language's words: `senet explain-error E003` lists them".into()
        }),
    }
}

/// E003: `word` at `pos` is close to the keyword `suggestion`; the help shows the line with it
/// written right.
fn misspelt(body: &str, offset: usize, pos: usize, word: &str, suggestion: String) -> SyntaxError {
    let line = format!("{}{suggestion}{}", &body[..pos], &body[pos + word.len()..]);
    let line = strip_comment_and_note(&line);
    SyntaxError::Misspelt {
        span: (offset + pos, word.len()).into(),
        word: word.into(),
        help: format!("write `{}`", line.trim()),
        suggestion,
    }
}

/// A line without its comment and note, as help lines quote a statement.
pub fn strip_comment_and_note(line: &str) -> &str {
    let mut quote = false;
    for (i, c) in line.char_indices() {
        match c {
            '"' => quote = !quote,
            '#' | '[' if !quote => return line[..i].trim_end(),
            _ => {}
        }
    }
    line.trim_end()
}

/// E010: a range (`4..5`) where the statement takes single numbers. `pos` is where its `..`
/// begins.
fn range_not_allowed(body: &str, offset: usize, pos: usize, positives: &[Rule]) -> SyntaxError {
    let digits = |s: &str| s.len() - s.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let before = &body[..pos];
    let start = pos - (before.len() - before.trim_end_matches(|c: char| c.is_ascii_digit()).len());
    let end = pos + 2 + digits(&body[pos + 2..]);
    let first = body[start..pos].parse::<u32>().ok();
    let last = body[pos + 2..end].parse::<u32>().ok();
    let list = positives.contains(&Rule::comma);
    let help = match (first, last) {
        (Some(a), Some(b)) if list && a.abs_diff(b) < 12 => {
            let numbers: Vec<String> = if a <= b {
                (a..=b).map(|n| n.to_string()).collect()
            } else {
                (b..=a).rev().map(|n| n.to_string()).collect()
            };
            format!(
                "list the numbers one by one: `{}{}{}`",
                body[..start].trim_start(),
                numbers.join(", "),
                strip_comment_and_note(&body[end..])
            )
        }
        _ if list => "list the numbers one by one, separated by commas".to_string(),
        _ => "give one number here".to_string(),
    };
    SyntaxError::RangeNotAllowed {
        span: (offset + start, end - start).into(),
        help,
    }
}

/// The byte index of a `"` that opens a string never closed on the line, outside comments.
fn unclosed_quote(body: &str) -> Option<usize> {
    let mut open = None;
    for (i, c) in body.char_indices() {
        match c {
            '"' => open = if open.is_some() { None } else { Some(i) },
            '#' if open.is_none() => break,
            _ => {}
        }
    }
    open
}

fn unclosed_bracket(body: &str) -> Option<usize> {
    let mut quote = false;
    let mut open = None;
    for (i, c) in body.char_indices() {
        match c {
            '"' => quote = !quote,
            '[' if !quote && open.is_none() => open = Some(i),
            ']' if !quote => open = None,
            '#' if !quote && open.is_none() => break,
            _ => {}
        }
    }
    open
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule of the grammar has words of its own: no rule's name reaches a message.
    #[test]
    fn every_rule_is_described_in_words() {
        for &rule in Rule::all_rules() {
            match keyword(rule) {
                // A keyword is described as it is written: the text parses as that keyword.
                Some(kw) => assert!(
                    Grammar::parse(rule, &kw).is_ok(),
                    "{rule:?} is described as `{kw}`, which it does not accept"
                ),
                None => assert_ne!(words(rule), "something else", "{rule:?} has no words"),
            }
        }
    }

    fn error(line: &str) -> SyntaxError {
        parse_line(line, 0).expect_err(line)
    }

    #[test]
    fn a_range_where_single_numbers_are_written_is_named() {
        let SyntaxError::RangeNotAllowed { span, help } =
            error("bear off from 27 with 4..6; from 30 with 2")
        else {
            panic!("a range in a list of throws");
        };
        assert_eq!((span.offset(), span.len()), (22, 4));
        assert_eq!(
            help,
            "list the numbers one by one: `bear off from 27 with 4, 5, 6; from 30 with 2`"
        );
        let SyntaxError::RangeNotAllowed { help, .. } = error("square 27..28: go to 1") else {
            panic!("a range for one square");
        };
        assert_eq!(help, "give one number here");
    }

    #[test]
    fn a_misspelt_word_is_shown_written_right() {
        let SyntaxError::Misspelt { help, .. } = error("capture to waitin   # back") else {
            panic!("a misspelt keyword");
        };
        assert_eq!(help, "write `capture to waiting`");
    }
}
