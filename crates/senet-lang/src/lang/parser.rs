//! Text to syntax tree. The file is parsed a line at a time so that every bad line is reported.

use std::sync::Arc;

use pest::Parser as _;
use pest::error::InputLocation;
use pest::iterators::Pair;
use pest_derive::Parser;

use super::diagnostic::{Diagnostic, SourceFile, did_you_mean};
use super::errors::SyntaxError;
use super::forms::write_it_as;
use super::node::{Any, Node, mismatch};
use super::syntax::*;
use crate::types::{Doubles, Lot, Unstack, UseDice};

#[derive(Parser)]
#[grammar = "../../../grammar/senet.pest"]
pub(super) struct Grammar;

/// The largest rule file accepted, in bytes.
pub const MAX_FILE_BYTES: usize = 64 * 1024;

/// The words that may begin a statement, in the order of the table of statements.
pub fn statement_keywords() -> impl Iterator<Item = &'static str> {
    super::statements::STATEMENTS.iter().map(|e| e.keyword)
}

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
                let mut when = Node::new(pair, offset);
                let option = when.ident();
                let value = when.value()?;
                condition = Some(Condition { option, value });
                statement = Some(build_statement(when.next(Any), offset)?);
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

/// One statement: its kind, built by the function for its family of statements, and its span.
fn build_statement(pair: Pair<Rule>, offset: usize) -> Result<Statement, SyntaxError> {
    let n = Node::new(pair, offset);
    let span = n.span();
    let kind = match n.rule() {
        Rule::ruleset_stmt
        | Rule::title_stmt
        | Rule::source_stmt
        | Rule::extends_stmt
        | Rule::option_stmt => header_kind(n)?,
        Rule::board_stmt
        | Rule::gaps_stmt
        | Rule::link_stmt
        | Rule::name_stmt
        | Rule::label_stmt
        | Rule::sign_stmt
        | Rule::marks_stmt
        | Rule::draw_stmt
        | Rule::draw_style_stmt
        | Rule::path_stmt
        | Rule::shortcut_stmt
        | Rule::sides_stmt
        | Rule::teams_stmt
        | Rule::colour_stmt
        | Rule::pieces_stmt => board_kind(n)?,
        Rule::start_stmt
        | Rule::first_stmt
        | Rule::begin_stmt
        | Rule::first_move_stmt
        | Rule::seat_stmt
        | Rule::opening_stmt => start_kind(n)?,
        Rule::throw_stmt | Rule::extra_stmt | Rule::turn_stmt => throw_kind(n)?,
        Rule::enter_stmt
        | Rule::capture_stmt
        | Rule::protect_stmt
        | Rule::safe_stmt
        | Rule::safe_share_stmt
        | Rule::partners_stmt
        | Rule::sides_pass_stmt
        | Rule::blockade_stmt
        | Rule::stop_stmt
        | Rule::backward_stmt
        | Rule::priority_stmt
        | Rule::stacks_stmt
        | Rule::stacks_move_stmt
        | Rule::stacks_on_stmt
        | Rule::closed_stmt
        | Rule::doubles_stmt
        | Rule::unstack_stmt
        | Rule::pairs_stmt
        | Rule::stacks_count_stmt
        | Rule::use_stmt
        | Rule::waiting_stmt
        | Rule::leave_stmt
        | Rule::land_stmt
        | Rule::combine_stmt
        | Rule::take_stmt
        | Rule::again_stmt
        | Rule::unused_stmt
        | Rule::double_list_stmt
        | Rule::opposite_stmt
        | Rule::first_double_stmt
        | Rule::ahead_stmt
        | Rule::together_stmt
        | Rule::none_waits_stmt
        | Rule::enter_barred_stmt
        | Rule::no_passing_stmt
        | Rule::extra_add_stmt
        | Rule::extra_cap_stmt
        | Rule::extra_move_stmt
        | Rule::count_from_stmt
        | Rule::repeat_stmt
        | Rule::extra_turn_stmt
        | Rule::stop_and_go_stmt
        | Rule::no_backward_stmt
        | Rule::direction_stmt
        | Rule::only_pieces_stmt
        | Rule::retreat_stmt => move_kind(n)?,
        Rule::bear_stmt
        | Rule::only_stmt
        | Rule::pin_win_stmt
        | Rule::pattern_win_stmt
        | Rule::stuck_stmt
        | Rule::lose_stmt
        | Rule::win_stmt
        | Rule::end_stmt
        | Rule::points_stmt
        | Rule::match_to_stmt
        | Rule::match_games_stmt
        | Rule::match_first_stmt
        | Rule::pass_score_stmt
        | Rule::score_stmt => end_kind(n)?,
        Rule::square_stmt | Rule::on_stmt => event_kind(n)?,
        other => mismatch(Rule::line, "statement", Some(other)),
    };
    Ok(Statement {
        kind,
        span,
        condition: None,
        note: None,
    })
}

/// The statements about the rule set itself: its id, title, source, base and options.
fn header_kind(mut n: Node) -> Result<StatementKind, SyntaxError> {
    Ok(match n.rule() {
        Rule::ruleset_stmt => StatementKind::Ruleset(n.string()),
        Rule::title_stmt => StatementKind::Title(n.string().value),
        Rule::source_stmt => StatementKind::Source(n.at(Rule::string).then(|| n.string().value)),
        Rule::extends_stmt => StatementKind::Extends(n.string()),
        Rule::option_stmt => {
            let name = n.ident();
            // The last value is the default; those before it, the values offered.
            let mut values = Vec::new();
            let mut default = n.value()?;
            while n.at(Rule::value) {
                values.push(std::mem::replace(&mut default, n.value()?));
            }
            StatementKind::Option {
                name,
                values,
                default,
            }
        }
        other => mismatch(Rule::line, "statement about the rule set", Some(other)),
    })
}

/// The statements about the board, its paths, the sides and their pieces.
/// The sign a `sign` statement names (`None`: `sign N none`).
fn sign_of(n: &Node) -> Option<Sign> {
    [
        (Rule::kw_ankh, Sign::Ankh),
        (Rule::kw_nefer, Sign::Nefer),
        (Rule::kw_water, Sign::Water),
        (Rule::kw_eye, Sign::Eye),
        (Rule::kw_three, Sign::Three),
        (Rule::kw_two, Sign::Two),
        (Rule::kw_one, Sign::One),
    ]
    .into_iter()
    .find(|&(word, _)| n.has(word))
    .map(|(_, sign)| sign)
}

fn board_kind(mut n: Node) -> Result<StatementKind, SyntaxError> {
    Ok(match n.rule() {
        Rule::board_stmt => StatementKind::Board {
            rows: n.int()?,
            cols: n.int()?,
            numbering: if n.at(Rule::numbering) && n.next(Rule::numbering).as_str() == "snake" {
                Numbering::Snake
            } else {
                Numbering::Rows
            },
        },
        Rule::gaps_stmt => StatementKind::Gaps(n.items()?),
        Rule::link_stmt => StatementKind::Link {
            from: n.int()?,
            to: n.int()?,
        },
        Rule::name_stmt => StatementKind::Name {
            square: n.int()?,
            text: n.at(Rule::string).then(|| n.string().value),
        },
        Rule::label_stmt => StatementKind::Label {
            square: n.int()?,
            text: n.at(Rule::string).then(|| n.string().value),
        },
        Rule::sign_stmt => StatementKind::Sign {
            square: n.int()?,
            sign: sign_of(&n),
        },
        Rule::marks_stmt => StatementKind::Marks(n.set()?),
        Rule::draw_style_stmt => StatementKind::DrawStyle(if n.has(Rule::kw_tables) {
            DrawStyle::Tables
        } else if n.has(Rule::kw_cloth) {
            DrawStyle::Cloth
        } else {
            DrawStyle::Squares
        }),
        Rule::draw_stmt => StatementKind::Draw {
            squares: n.item()?,
            rows: n.item()?,
            cols: n.item()?,
        },
        Rule::path_stmt => {
            let looped = n.has(Rule::kw_loop);
            let side = n.at(Rule::ident).then(|| n.ident());
            let mut items = n.items()?;
            let mut breaks = Vec::new();
            while n.at(Rule::items) {
                breaks.push(items.len());
                items.extend(n.items()?);
            }
            StatementKind::Path {
                side,
                items,
                breaks,
                looped,
            }
        }
        Rule::shortcut_stmt => StatementKind::Shortcut(n.items()?),
        Rule::sides_stmt => {
            let mut sides = vec![n.ident()];
            while n.at(Rule::ident) {
                sides.push(n.ident());
            }
            StatementKind::Sides(sides)
        }
        Rule::teams_stmt => {
            let mut teams = Vec::new();
            while n.at(Rule::team) {
                let mut team = n.node(Rule::team);
                let mut sides = vec![team.ident()];
                while team.at(Rule::ident) {
                    sides.push(team.ident());
                }
                teams.push(sides);
            }
            StatementKind::Teams(teams)
        }
        Rule::colour_stmt => StatementKind::Colour {
            side: n.ident(),
            colour: n.ident(),
        },
        Rule::pieces_stmt => StatementKind::Pieces(n.int()?),
        other => mismatch(Rule::line, "statement about the board", Some(other)),
    })
}

/// The statements about how the game starts: where pieces stand, who moves first, the first
/// moves, the seats and the opening.
fn start_kind(mut n: Node) -> Result<StatementKind, SyntaxError> {
    Ok(match n.rule() {
        Rule::start_stmt => {
            let mut spec = n.node([
                Rule::start_waiting,
                Rule::start_alternating,
                Rule::start_sides,
            ]);
            StatementKind::Start(match spec.rule() {
                Rule::start_waiting => StartSpec::Waiting,
                Rule::start_alternating => StartSpec::Alternating(spec.int()?),
                _ => {
                    let mut sides = Vec::new();
                    let mut rest = false;
                    loop {
                        if spec.at(Rule::start_side) {
                            let mut side = spec.node(Rule::start_side);
                            sides.push((side.ident(), side.items()?));
                        } else if spec.at(Rule::start_rest) {
                            spec.next(Rule::start_rest);
                            rest = true;
                        } else {
                            break;
                        }
                    }
                    StartSpec::Explicit(sides, rest)
                }
            })
        }
        Rule::first_stmt if n.at(Rule::opening_throw) => {
            StatementKind::FirstByOpening(if n.node(Rule::opening_throw).has(Rule::kw_both) {
                OpeningThrow::PlaysBoth
            } else {
                OpeningThrow::ThrowsAgain
            })
        }
        Rule::first_stmt if n.at(Rule::throw_off) => StatementKind::First {
            side: n.node(Rule::throw_off).ident(),
            throw_off: true,
        },
        Rule::first_stmt => StatementKind::First {
            side: n.ident(),
            throw_off: false,
        },
        Rule::begin_stmt => StatementKind::Begin(ints_or_none(&mut n)?),
        Rule::first_move_stmt if n.has(Rule::kw_after) => StatementKind::FirstMoveOrder(true),
        Rule::first_move_stmt if n.has(Rule::kw_order) => StatementKind::FirstMoveOrder(false),
        Rule::first_move_stmt => StatementKind::FirstMove(ints_or_none(&mut n)?),
        Rule::seat_stmt if n.at(Rule::seat_throw) => {
            let mut seats = n.node(Rule::seat_throw);
            StatementKind::Seats(Some(SeatSpec {
                until: seats.int()?,
                side: seats.ident(),
            }))
        }
        Rule::seat_stmt => StatementKind::Seats(None),
        Rule::opening_stmt => {
            let side = n.ident();
            let rule = if n.at(Rule::opening_first) {
                Some(OpeningRule::FirstMoveWithFrontPiece)
            } else if n.at(Rule::opening_front) {
                let mut front = n.node(Rule::opening_front);
                Some(OpeningRule::FrontPieceMoves {
                    steps: front.int()?,
                    throw_again: front.at(Rule::then_again),
                })
            } else {
                None
            };
            StatementKind::Opening { side, rule }
        }
        other => mismatch(Rule::line, "statement about the start", Some(other)),
    })
}

/// A list of throws, or none for `none`.
/// `extra move of V after T, ... [entering first]`, or `extra move none`.
fn extra_move(mut n: Node) -> Result<Option<ExtraMoveSpec>, SyntaxError> {
    if !n.at(Rule::int) {
        return Ok(None);
    }
    let value = n.int()?;
    let after = n.ints()?;
    Ok(Some(ExtraMoveSpec {
        value,
        after,
        entering_first: n.has(Rule::kw_entering),
    }))
}

fn ints_or_none(n: &mut Node) -> Result<Vec<Spanned<u32>>, SyntaxError> {
    if n.at(Rule::ints) {
        n.ints()
    } else {
        Ok(Vec::new())
    }
}

/// The statements about throwing: the device, extra throws and the turn.
fn throw_kind(mut n: Node) -> Result<StatementKind, SyntaxError> {
    Ok(match n.rule() {
        Rule::throw_stmt => {
            StatementKind::Throw(throw_spec(n.node([Rule::sticks, Rule::die, Rule::dice]))?)
        }
        Rule::extra_stmt if n.at(Rule::extra_after) => {
            StatementKind::ExtraAfter(ints_or_none(&mut n.node(Rule::extra_after))?)
        }
        Rule::extra_stmt => StatementKind::ExtraOn(n.node(Rule::extra_on).set()?),
        Rule::turn_stmt => {
            let mut spec = n.node([
                Rule::turn_single,
                Rule::turn_split_one,
                Rule::turn_accumulate,
            ]);
            StatementKind::Turn(match spec.rule() {
                Rule::turn_single => TurnSpec::ThrowThenMove,
                Rule::turn_split_one => TurnSpec::ThrowThenSplit,
                _ => {
                    let again = spec.ints()?;
                    if spec.at(Rule::turn_each) {
                        TurnSpec::AccumulateThenEach { again }
                    } else {
                        TurnSpec::AccumulateThenSplit { again }
                    }
                }
            })
        }
        other => mismatch(Rule::line, "statement about throwing", Some(other)),
    })
}

/// Sticks, a die or dice, with their tables.
fn throw_spec(mut spec: Node) -> Result<ThrowSpec, SyntaxError> {
    Ok(match spec.rule() {
        Rule::die => ThrowSpec::Die { faces: spec.int()? },
        Rule::dice => {
            let mut faces = vec![spec.int()?];
            while spec.at(Rule::int) {
                faces.push(spec.int()?);
            }
            let mut fixed = Vec::new();
            while spec.at(Rule::dice_fixed) {
                fixed.push(spec.node(Rule::dice_fixed).int()?);
            }
            let each = spec.at(Rule::dice_each);
            let mut table = None;
            while spec.at(Rule::dice_entry) {
                let mut entry = spec.node(Rule::dice_entry);
                let mut shown = entry.node(Rule::faces);
                let mut faces = vec![shown.int()?];
                while shown.at(Rule::int) {
                    faces.push(shown.int()?);
                }
                let value = entry.int()?;
                table.get_or_insert_with(Vec::new).push((faces, value));
            }
            ThrowSpec::Dice {
                faces,
                fixed,
                table,
                each,
            }
        }
        _ => {
            let lot = if spec.has(Rule::kw_tetrahedral) {
                Lot::Tetrahedra
            } else if spec.has(Rule::kw_cowries) {
                Lot::Cowries
            } else {
                Lot::Sticks
            };
            let count = spec.int()?;
            let marked = if spec.at(Rule::sticks_marked) {
                spec.node(Rule::sticks_marked).ints()?
            } else {
                Vec::new()
            };
            let mut table = Vec::new();
            while spec.at(Rule::table_entry) {
                let mut entry = spec.node(Rule::table_entry);
                table.push((entry.int()?, entry.int()?));
            }
            ThrowSpec::Sticks {
                count,
                table,
                lot,
                marked,
            }
        }
    })
}

/// The statements about moving: entering, capture, protection, blocking, backward moves and
/// the squares that hold pieces back.
fn move_kind(mut n: Node) -> Result<StatementKind, SyntaxError> {
    Ok(match n.rule() {
        Rule::enter_stmt if n.at(Rule::enter_rule) => {
            let mut spec = n.node(Rule::enter_rule);
            let throws = if spec.at(Rule::ints) {
                Some(spec.ints()?)
            } else {
                None
            };
            let onto = if spec.at(Rule::int) {
                EnterOnto::Position(spec.int()?)
            } else {
                let mut throw = spec.node(Rule::enter_throw);
                EnterOnto::Throw(if throw.at(Rule::int) {
                    Some(throw.int()?)
                } else {
                    None
                })
            };
            StatementKind::Enter(Some(EnterSpec {
                throws,
                onto,
                if_empty: spec.at(Rule::if_empty),
            }))
        }
        Rule::enter_stmt => StatementKind::Enter(None),
        Rule::capture_stmt => StatementKind::Capture(capture_spec(&mut n)?),
        Rule::protect_stmt => StatementKind::Protect(n.has(Rule::kw_pairs)),
        Rule::safe_stmt => StatementKind::Safe(n.set()?),
        Rule::safe_share_stmt => StatementKind::SafeShared(n.has(Rule::kw_shared)),
        Rule::partners_stmt => StatementKind::PartnersShare(!n.has(Rule::kw_no)),
        Rule::sides_pass_stmt => StatementKind::SidesPass(n.has(Rule::kw_may)),
        Rule::blockade_stmt => StatementKind::Blockade(if n.at(Rule::int) {
            Some(n.int()?)
        } else {
            None
        }),
        Rule::stop_stmt => StatementKind::Stop(n.set()?),
        Rule::backward_stmt if n.at(Rule::backward_when) => {
            let mut when = n.node(Rule::backward_when);
            let per_piece = when
                .next([Rule::backward_side, Rule::backward_piece])
                .as_rule()
                == Rule::backward_piece;
            let onto_empty = when.at(Rule::backward_onto);
            if onto_empty {
                when.next(Rule::backward_onto);
            }
            StatementKind::Backward(BackwardSpec {
                allowed: true,
                per_piece,
                onto_empty,
                split: when.at(Rule::backward_split),
            })
        }
        Rule::backward_stmt => StatementKind::Backward(BackwardSpec::default()),
        Rule::priority_stmt => StatementKind::Priority(n.set()?),
        Rule::stacks_stmt if n.at(Rule::int) => StatementKind::Stacks(Stacking::UpTo(n.int()?)),
        Rule::stacks_stmt if n.has(Rule::kw_any) => StatementKind::Stacks(Stacking::Any),
        Rule::stacks_stmt => StatementKind::Stacks(Stacking::None),
        Rule::stacks_move_stmt => StatementKind::StacksTogether(n.has(Rule::kw_together)),
        Rule::closed_stmt if n.has(Rule::kw_never) => StatementKind::Closed(None),
        Rule::closed_stmt => StatementKind::Closed(Some(n.int()?)),
        Rule::doubles_stmt => StatementKind::Doubles(if n.has(Rule::kw_twice) {
            Doubles::Twice
        } else if n.has(Rule::kw_three) {
            Doubles::Thrice
        } else if n.has(Rule::kw_show) {
            Doubles::AsShown
        } else if n.has(Rule::kw_add) {
            Doubles::Total
        } else if n.has(Rule::kw_die) {
            Doubles::OneDie
        } else {
            Doubles::Once
        }),
        Rule::unstack_stmt => StatementKind::Unstack(if n.has(Rule::kw_restack) {
            Unstack::ThenRestack
        } else if n.has(Rule::kw_first) {
            Unstack::First
        } else {
            Unstack::Never
        }),
        Rule::use_stmt => StatementKind::UseDice(if n.at(Rule::use_larger) {
            UseDice::ThenLarger
        } else if n.at(Rule::use_smaller) {
            UseDice::SmallerOrNone
        } else {
            UseDice::Most
        }),
        Rule::double_list_stmt => StatementKind::DoubleList {
            double: n.int()?,
            dice: n.ints()?,
        },
        Rule::opposite_stmt => StatementKind::OppositeFaces(n.has(Rule::kw_then)),
        Rule::first_double_stmt => StatementKind::FirstDouble(n.has(Rule::kw_once)),
        Rule::waiting_stmt => StatementKind::EnterFirst(n.has(Rule::kw_first)),
        Rule::pairs_stmt => StatementKind::Pairs(n.has(Rule::kw_lower)),
        Rule::stacks_count_stmt => StatementKind::StacksCount {
            most: n.int()?,
            on: n.set()?,
        },
        Rule::stacks_on_stmt => StatementKind::StacksOn {
            most: n.int()?,
            on: n.set()?,
            until: if n.at(Rule::stacks_until) {
                Some(n.node(Rule::stacks_until).int()?)
            } else {
                None
            },
        },
        Rule::land_stmt => StatementKind::LandAfter {
            on: n.set()?,
            left: n.int()?,
        },
        Rule::leave_stmt if n.at(Rule::int) => StatementKind::LeaveStart(Some(n.int()?)),
        Rule::leave_stmt => StatementKind::LeaveStart(None),
        Rule::combine_stmt => StatementKind::Combined(n.has(Rule::kw_combined)),
        Rule::take_stmt => StatementKind::DiceTake,
        Rule::again_stmt => StatementKind::EnterAgain,
        Rule::unused_stmt => StatementKind::UnusedDice(n.has(Rule::kw_pass)),
        Rule::ahead_stmt => StatementKind::AheadEmpty(n.set()?),
        Rule::together_stmt => StatementKind::Together(n.set()?),
        Rule::none_waits_stmt => StatementKind::NoneWaits(n.set()?),
        Rule::enter_barred_stmt => StatementKind::EnterBarred(n.set()?),
        Rule::no_passing_stmt => StatementKind::NoPassing(n.set()?),
        Rule::extra_add_stmt => StatementKind::ExtraAddUp(n.has(Rule::kw_add)),
        Rule::extra_cap_stmt => StatementKind::ExtraCap(if n.at(Rule::int) {
            Some(n.int()?)
        } else {
            None
        }),
        Rule::extra_move_stmt => StatementKind::ExtraMove(extra_move(n)?),
        Rule::count_from_stmt => StatementKind::CountFrom(ints_or_none(&mut n)?),
        Rule::repeat_stmt => {
            StatementKind::RepeatVoid(n.at(Rule::int).then(|| n.int()).transpose()?)
        }
        Rule::extra_turn_stmt => StatementKind::ExtraTurn(n.has(Rule::kw_equal)),
        Rule::stop_and_go_stmt => StatementKind::StopAndGo(n.set()?),
        Rule::no_backward_stmt => StatementKind::NoBackwardFrom(n.set()?),
        Rule::direction_stmt => StatementKind::OneDirection(n.has(Rule::kw_one)),
        Rule::only_pieces_stmt => {
            StatementKind::OnlyPiecesOn(n.set()?, n.has(Rule::or_waiting_enter))
        }
        Rule::retreat_stmt if n.at(Rule::set) => StatementKind::Retreat(Some((n.set()?, n.int()?))),
        Rule::retreat_stmt => StatementKind::Retreat(None),
        other => mismatch(Rule::line, "statement about moving", Some(other)),
    })
}

/// Where a captured piece goes, `none` for no capture.
fn capture_spec(n: &mut Node) -> Result<CaptureSpec, SyntaxError> {
    let kinds = [
        Rule::capture_swap,
        Rule::capture_removed,
        Rule::capture_pin,
        Rule::capture_waiting,
        Rule::capture_position,
        Rule::capture_to,
    ];
    if !n.at(kinds) {
        return Ok(CaptureSpec::None);
    }
    let mut spec = n.node(kinds);
    Ok(match spec.rule() {
        Rule::capture_swap => CaptureSpec::Swap,
        Rule::capture_removed => CaptureSpec::Removed,
        Rule::capture_pin => CaptureSpec::Pin,
        Rule::capture_waiting => CaptureSpec::ToWaiting,
        Rule::capture_position => {
            let first = spec.int()?;
            let last = if spec.at(Rule::int) {
                Some(spec.int()?)
            } else {
                None
            };
            CaptureSpec::ToPosition(first, last)
        }
        _ => CaptureSpec::To(spec.destination()?),
    })
}

/// The statements about bearing off, winning, the end of the game and match points.
fn end_kind(mut n: Node) -> Result<StatementKind, SyntaxError> {
    Ok(match n.rule() {
        Rule::bear_stmt => bear_kind(n.node([
            Rule::bear_exact,
            Rule::bear_past,
            Rule::bear_table,
            Rule::bear_when,
        ]))?,
        Rule::only_stmt => StatementKind::OnlyBearOff(n.set()?),
        Rule::pin_win_stmt if n.at(Rule::int) => StatementKind::PinWin(Some(n.int()?)),
        Rule::pin_win_stmt => StatementKind::PinWin(None),
        Rule::pattern_win_stmt if n.at(Rule::pattern) => {
            let mut patterns = Vec::new();
            while n.at(Rule::pattern) {
                let mut pattern = n.node(Rule::pattern);
                let mut parts = Vec::new();
                while pattern.at(Rule::pattern_part) {
                    let mut part = pattern.node(Rule::pattern_part);
                    parts.push(PatternSpec {
                        count: part.int()?,
                        or_more: part.has(Rule::kw_more),
                        on: part.set()?,
                    });
                }
                patterns.push(parts);
            }
            StatementKind::PatternWin(Some(patterns))
        }
        Rule::pattern_win_stmt => StatementKind::PatternWin(None),
        Rule::stuck_stmt => StatementKind::DrawStuck,
        Rule::lose_stmt if n.has(Rule::lose_stuck) => StatementKind::LoseStuck,
        Rule::lose_stmt if n.has(Rule::lose_untaken) => StatementKind::LoseUntaken,
        Rule::lose_stmt => StatementKind::LoseNoWayBack,
        Rule::win_stmt => StatementKind::Win(
            match n
                .next([Rule::win_all, Rule::win_capture, Rule::win_most])
                .as_rule()
            {
                Rule::win_all => WinSpec::FirstAllOff,
                Rule::win_capture => WinSpec::CaptureAll,
                _ => WinSpec::MostBorneOff,
            },
        ),
        Rule::end_stmt => StatementKind::End(if n.has(Rule::kw_decided) {
            EndSpec::Decided
        } else {
            EndSpec::BoardEmpty
        }),
        Rule::points_stmt => {
            let mut table = Vec::new();
            while n.at(Rule::point_entry) {
                let mut entry = n.node(Rule::point_entry);
                table.push((entry.items()?, entry.int()?));
            }
            StatementKind::MatchPoints(table)
        }
        Rule::match_to_stmt if n.at(Rule::int) => StatementKind::MatchTo(Some(n.int()?)),
        Rule::match_to_stmt => StatementKind::MatchTo(None),
        Rule::match_games_stmt => {
            let mut games = Vec::new();
            while n.at(Rule::string) {
                games.push(n.string());
            }
            StatementKind::MatchGames(games)
        }
        Rule::pass_score_stmt if n.at(Rule::int) => StatementKind::PassScore(Some(n.int()?)),
        Rule::pass_score_stmt => StatementKind::PassScore(None),
        Rule::match_first_stmt => StatementKind::MatchFirst(if n.has(Rule::kw_winner) {
            Some(NextFirst::Winner)
        } else if n.has(Rule::kw_loser) {
            Some(NextFirst::Loser)
        } else if n.has(Rule::kw_alternate) {
            Some(NextFirst::Alternate)
        } else {
            None
        }),
        Rule::score_stmt if n.at(Rule::int) => {
            let gammon = n.int()?;
            let backgammon = if n.at(Rule::score_backgammon) {
                let mut b = n.node(Rule::score_backgammon);
                Some((b.int()?, b.set()?))
            } else {
                None
            };
            StatementKind::Score(Some(ScoreSpec::Gammon { gammon, backgammon }))
        }
        Rule::score_stmt if n.has(Rule::kw_left) => {
            StatementKind::Score(Some(ScoreSpec::PiecesLeft))
        }
        Rule::score_stmt => StatementKind::Score(None),
        other => mismatch(Rule::line, "statement about the end", Some(other)),
    })
}

/// `bear off ...`: how pieces bear off, or when they may.
fn bear_kind(mut spec: Node) -> Result<StatementKind, SyntaxError> {
    let from = |spec: &mut Node| {
        if spec.at(Rule::set) {
            spec.set().map(Some)
        } else {
            Ok(None)
        }
    };
    Ok(match spec.rule() {
        Rule::bear_exact => StatementKind::BearOff(BearOffSpec::Exact {
            from: from(&mut spec)?,
            hindmost: spec.at(Rule::bear_hindmost),
            past_when: if spec.at(Rule::bear_past_when) {
                Some(spec.node(Rule::bear_past_when).set()?)
            } else {
                None
            },
        }),
        Rule::bear_past => StatementKind::BearOff(BearOffSpec::Past {
            from: from(&mut spec)?,
        }),
        Rule::bear_table => {
            let mut table = Vec::new();
            while spec.at(Rule::bear_entry) {
                let mut entry = spec.node(Rule::bear_entry);
                let positions = entry.has(Rule::kw_positions);
                let place = ExitPlace {
                    number: entry.int()?,
                    positions,
                };
                table.push((place, entry.ints()?));
            }
            StatementKind::BearOff(BearOffSpec::Table(table))
        }
        _ if spec.at([Rule::when_all, Rule::when_none]) => {
            let mut when = spec.node([Rule::when_all, Rule::when_none]);
            let set = when.set()?;
            StatementKind::BearWhen(if when.rule() == Rule::when_all {
                BearWhen::AllOn(set)
            } else {
                BearWhen::NoneOn(set)
            })
        }
        _ if spec.has(Rule::kw_never) => StatementKind::BearWhen(BearWhen::Never),
        _ => StatementKind::BearWhen(BearWhen::Always),
    })
}

/// The statements about what happens on a square or after an event.
fn event_kind(mut n: Node) -> Result<StatementKind, SyntaxError> {
    Ok(match n.rule() {
        Rule::square_stmt => StatementKind::SquareEffect {
            square: n.int()?,
            effect: if n.at(Rule::square_go) {
                Some(n.node(Rule::square_go).destination()?)
            } else {
                None
            },
        },
        Rule::on_stmt => {
            let trigger = n.node(Any);
            let span = trigger.span();
            let trigger = Spanned::new(trigger_of(trigger)?, span);
            let condition = if n.at(Rule::condition) {
                let c = n.node(Rule::condition);
                let span = c.span();
                Some(Spanned::new(condition_of(c)?, span))
            } else {
                None
            };
            let mut effects = Vec::new();
            if n.at(Rule::effects) {
                let mut list = n.node(Rule::effects);
                while list.at(Any) {
                    let e = list.node(Any);
                    let span = e.span();
                    effects.push(Spanned::new(effect_of(e)?, span));
                }
            }
            StatementKind::On {
                trigger,
                condition,
                effects,
            }
        }
        other => mismatch(Rule::line, "statement about events", Some(other)),
    })
}

fn trigger_of(mut t: Node) -> Result<Trigger, SyntaxError> {
    Ok(match t.rule() {
        Rule::trigger_capture if t.at(Rule::set) => Trigger::Capture(Some(t.set()?)),
        Rule::trigger_capture => Trigger::Capture(None),
        Rule::trigger_pass => Trigger::Pass(t.ints()?),
        Rule::trigger_move => Trigger::Move(t.ints()?),
        Rule::trigger_passing => Trigger::Passing(t.set()?),
        Rule::trigger_retreat => Trigger::Retreat,
        Rule::trigger_entering => Trigger::Entering,
        Rule::trigger_each_move => Trigger::EachMove,
        Rule::trigger_landing => {
            let squares = t.set()?;
            let side = t.at(Rule::by_side).then(|| t.node(Rule::by_side).ident());
            Trigger::Landing(squares, side)
        }
        other => mismatch(Rule::on_stmt, "trigger", Some(other)),
    })
}

/// The destination of a `go to` effect, whether it ends with `and stop`, and where it says
/// `capturing`.
fn destination_and_stop(mut go: Node) -> Result<(Destination, bool, Option<Span>), SyntaxError> {
    let to = go.destination()?;
    let capturing = go
        .at(Rule::capturing)
        .then(|| go.node(Rule::capturing).span());
    Ok((to, go.at(Rule::and_stop), capturing))
}

fn condition_of(mut c: Node) -> Result<EventCondition, SyntaxError> {
    let mut form = c.node([Rule::piece_entered, Rule::piece_on_board, Rule::side_has]);
    Ok(match form.rule() {
        Rule::piece_entered => EventCondition::Entered(true),
        Rule::piece_on_board => EventCondition::Entered(false),
        _ => EventCondition::Pieces {
            other: form.next([Rule::own_side, Rule::other_side]).as_rule() == Rule::other_side,
            has: !form.has(Rule::kw_no),
            set: form.set()?,
        },
    })
}

fn effect_of(mut e: Node) -> Result<Effect, SyntaxError> {
    Ok(match e.rule() {
        Rule::effect_throw_again => Effect::ThrowAgain,
        Rule::effect_go_to => {
            let (to, stop, capturing) = destination_and_stop(e)?;
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
            let (to, stop, capturing) = destination_and_stop(e)?;
            Effect::MayGoTo {
                to,
                stop,
                capturing,
            }
        }
        Rule::effect_may_throw_again => Effect::MayThrowAgain,
        Rule::effect_may_other => match effect_of(e.node(Any))? {
            Effect::EndTurn => Effect::MayEndTurn,
            inner => Effect::MayOther(Box::new(inner)),
        },
        Rule::effect_end_turn => Effect::EndTurn,
        Rule::effect_only_pieces => Effect::OnlyPiecesOn(e.set()?),
        Rule::effect_moves_next => Effect::MovesNext {
            ignoring_pairs: e.at(Rule::ignoring_pairs),
            or_waiting: e.at(Rule::or_waiting),
        },
        Rule::effect_captured => {
            let mut place = e.node([Rule::captured_removed, Rule::captured_to]);
            Effect::Captured(if place.rule() == Rule::captured_removed {
                CapturedPlace::Removed
            } else if place.at(Rule::captured_waiting) {
                CapturedPlace::Waiting
            } else {
                CapturedPlace::To(place.destination()?)
            })
        }
        other => mismatch(Rule::effects, "effect", Some(other)),
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
        | Rule::link_stmt
        | Rule::name_stmt
        | Rule::label_stmt
        | Rule::sign_stmt
        | Rule::marks_stmt
        | Rule::draw_stmt
        | Rule::draw_style_stmt
        | Rule::path_stmt
        | Rule::shortcut_stmt
        | Rule::sides_stmt
        | Rule::teams_stmt
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
        | Rule::safe_share_stmt
        | Rule::partners_stmt
        | Rule::sides_pass_stmt
        | Rule::blockade_stmt
        | Rule::stop_stmt
        | Rule::backward_stmt
        | Rule::priority_stmt
        | Rule::stacks_stmt
        | Rule::stacks_move_stmt
        | Rule::stacks_on_stmt
        | Rule::closed_stmt
        | Rule::doubles_stmt
        | Rule::unstack_stmt
        | Rule::pairs_stmt
        | Rule::stacks_count_stmt
        | Rule::use_stmt
        | Rule::waiting_stmt
        | Rule::leave_stmt
        | Rule::land_stmt
        | Rule::combine_stmt
        | Rule::take_stmt
        | Rule::again_stmt
        | Rule::unused_stmt
        | Rule::double_list_stmt
        | Rule::opposite_stmt
        | Rule::first_double_stmt
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
        | Rule::extra_cap_stmt
        | Rule::extra_move_stmt
        | Rule::count_from_stmt
        | Rule::repeat_stmt
        | Rule::extra_turn_stmt
        | Rule::together_stmt
        | Rule::none_waits_stmt
        | Rule::enter_barred_stmt
        | Rule::ahead_stmt
        | Rule::stuck_stmt
        | Rule::lose_stmt
        | Rule::pin_win_stmt
        | Rule::pattern_win_stmt
        | Rule::win_stmt
        | Rule::end_stmt
        | Rule::points_stmt
        | Rule::match_to_stmt
        | Rule::match_games_stmt
        | Rule::match_first_stmt
        | Rule::pass_score_stmt
        | Rule::score_stmt
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
        Rule::start_rest => "`; the rest waiting`",
        Rule::team => "a team's sides, such as `red, yellow`",
        Rule::throw_off => "`by throw-off, ties to SIDE`",
        Rule::opening_throw => "`by opening throw: one die each, the higher plays both`",
        Rule::sticks => "sticks and their values, such as `4 sticks: 0 -> 5, 1 -> 1, ...`",
        Rule::table_entry => "a count of light sides and its value, such as `0 -> 5`",
        Rule::sticks_marked => "each stick's number, such as `marked 4, 6, 14, 15`",
        Rule::die => "`die N`",
        Rule::dice => "dice, such as `dice 6, 6: sum`",
        Rule::dice_entry => "the faces shown and their value, such as `1 2 -> 5`",
        Rule::dice_each => "`each`",
        Rule::dice_fixed => "a die that always shows one number, such as `always 6`",
        Rule::use_larger => "`, then the larger`",
        Rule::use_smaller => "`, the smaller or none`",
        Rule::bear_hindmost => "`, or past the end from the hindmost`",
        Rule::bear_past_when => "`, or past the end when all on SET`",
        Rule::faces => "the faces shown, such as `1 2`",
        Rule::extra_after => "`after`",
        Rule::extra_on => "`on`",
        Rule::turn_single => "`throw then move`",
        Rule::turn_split_one => "`throw then split`",
        Rule::turn_accumulate => "`throw again on V, V then ...`",
        Rule::turn_each => "`move each throw`",
        Rule::enter_rule => "`onto throw`, `onto N` or `with V, V onto N`",
        Rule::enter_throw => "`throw` or `throw after position N`",
        Rule::or_waiting_enter => "`or waiting`",
        Rule::if_empty => "`if empty`",
        Rule::capture_swap => "`swap`",
        Rule::capture_pin => "`pin`",
        Rule::capture_removed | Rule::captured_removed => "`removed`",
        Rule::capture_waiting => "`to waiting`",
        Rule::capture_to => "`to N`",
        Rule::capture_position => "`to position N` or `to positions N..M`",
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
        Rule::pattern_part => "`N on each of SET` or `N or more on each of SET`",
        Rule::pattern => "a pattern such as `2 on each of squares 19..24`",
        Rule::stacks_until => "`until a piece reaches position N`",
        Rule::bear_when => "`only when ...` or `always`",
        Rule::when_all => "`all on ...`",
        Rule::when_none => "`none on ...`",
        Rule::lose_stuck => "`side cannot move`",
        Rule::lose_back => "`captured piece cannot go back`",
        Rule::lose_untaken => "`piece that can be taken is left`",
        Rule::sign_word => "a sign: `ankh`, `nefer`, `water`, `eye`, `three`, `two` or `one`",
        Rule::win_capture => "`by capturing all`",
        Rule::win_all => "`first to bear off all`",
        Rule::win_most => "`most borne off`",
        Rule::end_empty => "`board empty`",
        Rule::point_entry => "squares and their points, such as `21..30: 1`",
        Rule::score_backgammon => "`, backgammon M on SET`",
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
    match words.split_last() {
        None => "something else".into(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
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
        return match did_you_mean(word, statement_keywords()) {
            Some(s) => misspelt(body, offset, pos, word, s),
            None => SyntaxError::UnknownStatement {
                span: (offset + pos, word.len()).into(),
                word: word.into(),
                help: format!(
                    "a statement starts with one of: {}",
                    statement_keywords().collect::<Vec<_>>().join(", ")
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
    // A set may begin with `squares`: its own words say so (`safe squares shared` makes the
    // keyword an expectation of its own beside them).
    let covered = |r: &Rule| *r == Rule::kw_squares && positives.contains(&Rule::set);
    let shown: Vec<Rule> = positives.iter().copied().filter(|r| !covered(r)).collect();
    let expected = join_words(shown.into_iter().map(describe).collect());
    let found = match rest.chars().next() {
        Some(_) if !word.is_empty() && !rest.trim().is_empty() => format!("`{word}`"),
        Some(c) if !rest.trim().is_empty() => format!("`{c}`"),
        _ => "the end of the line".to_string(),
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
