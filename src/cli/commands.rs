//! What each command does. Exit codes: 0 success, 1 invalid rules, 2 unusable input.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::CommandFactory;
use serde_json::{Value, json};

use super::args::{Cli, Command, Format, MethodArg, ValuesArg};
use senet::check::{CheckFailure, RuleSet, Source, Warned, Warnings, check_target};
use senet::compile::compile;
use senet::engine::Engine;
use senet::lang::Diagnostic;
use senet::render;
use senet::solve::dense::Precision;
use senet::solve::{Limits, Method};

pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        Command::List { format } => list(format),
        Command::Check {
            rules,
            options,
            deny_warnings,
            format,
        } => check(&rules, &options.options, deny_warnings, format),
        Command::Explain {
            rules,
            options,
            format,
        } => match load(&rules, &options.options) {
            Ok(r) if format == Format::Json => print_json(&explain_json(&r)),
            Ok(r) => print(&render::explain::explain(&r)),
            Err(code) => code,
        },
        Command::ExplainError {
            code,
            all,
            markdown,
        } => explain_error(code.as_deref(), all, markdown),
        Command::Diff { a, b, options } => diff(&a, &b, &options.options),
        Command::Draw {
            rules,
            options,
            position,
            record,
            turn,
            paths,
            narrow,
            out,
        } => match (record, turn, rules) {
            (None, Some(_), _) => {
                // clap leaves this to us: `--record` conflicts with RULES, so its requirement is
                // not checked where RULES is given.
                complain!("error: `--turn` chooses a turn of `--record FILE`");
                ExitCode::from(2)
            }
            (Some(path), Some(turn), _) => super::draw::run(
                super::draw::Input::Record { path: &path, turn },
                paths,
                narrow,
                out.as_deref(),
            ),
            (_, _, Some(rules)) => match load(&rules, &options.options) {
                Ok(r) => super::draw::run(
                    super::draw::Input::Rules {
                        target: &rules,
                        rules: &r,
                        position: position.as_deref(),
                    },
                    paths,
                    narrow,
                    out.as_deref(),
                ),
                Err(code) => code,
            },
            _ => unreachable!("clap requires RULES without --record, and --turn with it"),
        },
        Command::Moves {
            rules,
            position,
            options,
        } => match load(&rules, &options.options) {
            Ok(r) if r.plays_many() => match senet::multi::MultiRules::compile(&r) {
                Ok(multi) => super::moves::run_many(&multi, &position),
                Err(e) => {
                    complain!(
                        "error: `{rules}` {}, and {e}",
                        r.why_many().unwrap_or_default()
                    );
                    ExitCode::from(2)
                }
            },
            Ok(r) => super::moves::run(&Engine::new(compile(&r)), &position),
            Err(code) => code,
        },
        Command::Play {
            rules,
            resume,
            players,
            seed,
            record,
            turn_cap,
            table,
            one_game,
            options,
        } => match (resume, rules) {
            (Some(from), _) => super::play::resume(&from, record.as_deref(), table.as_deref()),
            (None, Some(rules)) => match load(&rules, &options.options) {
                Ok(r) if r.plays_many() => super::play_many::play_many(
                    &r,
                    &super::play::PlayArgs {
                        target: &rules,
                        rules: &r,
                        players: &players,
                        seed,
                        record: record.as_deref(),
                        turn_cap,
                        table: table.as_deref(),
                        first: None,
                        pass_score: None,
                    },
                ),
                Ok(r) => {
                    let args = super::play::PlayArgs {
                        target: &rules,
                        rules: &r,
                        players: &players,
                        seed,
                        record: record.as_deref(),
                        turn_cap,
                        table: table.as_deref(),
                        first: None,
                        // A game played alone, out of its rules' match, scores no passes.
                        pass_score: one_game.then_some(0),
                    };
                    if one_game || r.matched.is_none() {
                        super::play::play(&Engine::new(compile(&r)), args, None)
                    } else {
                        super::play::play_match(&r, args)
                    }
                }
                Err(code) => code,
            },
            (None, None) => unreachable!("clap requires RULES without --resume"),
        },
        Command::Train {
            rules,
            out,
            games,
            hidden,
            explore,
            seed,
            format,
            options,
        } => match load_two_sided(&rules, &options.options, "train") {
            Ok(r) => super::train::run(
                &r,
                &Engine::new(compile(&r)),
                super::train::TrainArgs {
                    target: &rules,
                    out: &out,
                    games,
                    hidden: hidden as usize,
                    explore,
                    seed,
                    format,
                },
            ),
            Err(code) => code,
        },
        Command::Replay { file, show } => super::play::replay(&file, show),
        Command::Review {
            file,
            table,
            playouts,
            format,
            plot,
        } => super::review::run(super::review::ReviewArgs {
            file: &file,
            table: table.as_deref(),
            playouts,
            format,
            plot: plot.as_deref(),
        }),
        Command::Completions { shell } => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "senet", &mut script);
            super::output::write_stdout(&script);
            ExitCode::SUCCESS
        }
        Command::Man { out } => man(out.as_deref()),
        Command::Lsp => super::lsp::run(),
        Command::Serve {
            host,
            port,
            open,
            max_games,
            game_idle,
            sim_queue,
            sim_seconds,
            work_seconds,
            request_seconds,
            max_memory,
        } => super::serve::run(super::serve::ServeArgs {
            host,
            port,
            open,
            limits: super::serve::Limits {
                max_games: usize::try_from(max_games).unwrap_or(usize::MAX),
                game_idle: std::time::Duration::from_secs(game_idle),
                sim_queue: usize::try_from(sim_queue).unwrap_or(usize::MAX),
                sim_seconds,
                work_seconds,
                request_seconds,
                // At most 65,536 MiB: it fits.
                max_memory: usize::try_from(max_memory << 20).unwrap_or(usize::MAX),
            },
        }),
        Command::Fmt { files, check } => super::fmt::run(&files, check),
        Command::Sim {
            rules,
            games,
            players,
            alternate,
            seed,
            jobs,
            turn_cap,
            table,
            shard,
            matches,
            format,
            options,
        } => match load(&rules, &options.options) {
            Ok(r) => {
                let args = super::sim::SimArgs {
                    rules: &r,
                    options: &options.options,
                    players: &players,
                    alternate,
                    games,
                    seed,
                    jobs,
                    turn_cap,
                    table: table.as_deref(),
                    shard,
                    format,
                };
                // More than two sides play on the engine for many sides.
                if r.plays_many() {
                    super::sim::run_many_sides(matches, args)
                } else {
                    super::sim::run(&Engine::new(compile(&r)), matches, args)
                }
            }
            Err(code) => code,
        },
        Command::Compare {
            rules,
            options,
            sweep,
            games,
            players,
            skill,
            skill_games,
            seed,
            jobs,
            turn_cap,
            shard,
            format,
            plot,
        } => super::compare::run(super::compare::CompareArgs {
            rules: &rules,
            options: &options.options,
            sweep: &sweep,
            games,
            players: &players,
            skill: &skill,
            skill_games,
            seed,
            jobs,
            turn_cap,
            shard,
            format,
            plot: plot.as_deref(),
        }),
        Command::Merge {
            files,
            format,
            plot,
        } => super::compare::merge(&files, format, plot.as_deref()),
        Command::Solve {
            rules,
            position,
            table,
            layers,
            part,
            from,
            method,
            values,
            limit,
            memory,
            disk,
            format,
            options,
        } => match load(&rules, &options.options) {
            Ok(r) if r.plays_many() => {
                let refused = [
                    (position.is_some(), "--position"),
                    (table.is_some(), "--table"),
                    (layers.is_some(), "--layers"),
                    (!from.is_empty(), "--from"),
                    (method != MethodArg::Auto, "--method"),
                    (values != ValuesArg::Auto, "--values"),
                    (disk.is_some(), "--disk"),
                ]
                .into_iter()
                .find_map(|(given, flag)| given.then_some(flag));
                super::solve_teams::run(&rules, &r, limit, format, refused)
            }
            Ok(r) => super::solve::run(
                &Engine::new(compile(&r)),
                super::solve::SolveArgs {
                    target: &rules,
                    rules: &r,
                    options: &options.options,
                    position: position.as_deref(),
                    table: table.as_deref(),
                    layers,
                    part,
                    from: &from,
                    method: match method {
                        MethodArg::Auto => Method::Auto,
                        MethodArg::Dense => Method::Dense,
                        MethodArg::Search => Method::Search,
                    },
                    precision: match values {
                        ValuesArg::Auto => None,
                        ValuesArg::Double => Some(Precision::Double),
                        ValuesArg::Fixed => Some(Precision::Fixed),
                    },
                    limits: Limits {
                        states: limit,
                        bytes: bytes_of_gib(memory),
                        disk: disk.map_or_else(senet::solve::dense::disk_room, bytes_of_gib),
                    },
                    format,
                },
            ),
            Err(code) => code,
        },
    }
}

/// `man`: the page of `senet` on standard output, or with `--out` a page per command in a folder.
fn man(out: Option<&Path>) -> ExitCode {
    let Some(dir) = out else {
        super::output::write_stdout(&super::man::page());
        return ExitCode::SUCCESS;
    };
    match super::man::write_pages(dir) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            complain!("error: the manual pages: {e}");
            ExitCode::from(2)
        }
    }
}

/// GiB as bytes (none for a negative or meaningless amount).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // clamped to u64's range first
fn bytes_of_gib(gib: f64) -> u64 {
    let bytes = gib * f64::from(1u32 << 30);
    if bytes.is_nan() || bytes <= 0.0 {
        0
    } else {
        bytes.min(u64::MAX as f64) as u64
    }
}

fn print(text: &str) -> ExitCode {
    super::output::write_stdout(text.as_bytes());
    ExitCode::SUCCESS
}

fn use_colour() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// A file's diagnostics on standard error: at most `lang::diagnostic::MAX_PER_FILE`, then a
/// note that counts the rest.
pub(super) fn print_diagnostics<'a>(diags: impl IntoIterator<Item = &'a Diagnostic>) {
    let text = senet::lang::diagnostic::render_bounded(diags, use_colour(), None);
    let _ = std::io::stderr().lock().write_all(text.as_bytes());
}

/// [`load`] for a command that plays on the two-sided engine: a rule set of more sides is
/// refused, saying which commands take it.
pub(super) fn load_two_sided(
    target: &str,
    options: &[(String, String)],
    command: &str,
) -> Result<RuleSet, ExitCode> {
    let r = load(target, options)?;
    if let Some(why) = r.why_many() {
        complain!(
            "error: `{target}` {why}: `senet {command}` plays rule sets of the two-sided engine \
             only so far (`senet check`, `explain`, `draw`, `sim`, `compare`, `play`, `replay`, \
             `review` and `moves` take those of the engine for many sides, and `solve` two teams)"
        );
        return Err(ExitCode::from(2));
    }
    Ok(r)
}

/// Checks a rule set for a command that needs it; prints the errors and gives the exit code if
/// it is not usable.
pub(super) fn load(target: &str, options: &[(String, String)]) -> Result<RuleSet, ExitCode> {
    match check_target(target, options) {
        Ok(r) => Ok(r),
        Err(CheckFailure::Unreadable(msg)) => {
            complain!("error: {msg}");
            Err(ExitCode::from(2))
        }
        Err(CheckFailure::Invalid(diags)) => {
            print_diagnostics(&diags);
            complain!(
                "error: `{target}` has {} error{}",
                diags.len(),
                if diags.len() == 1 { "" } else { "s" }
            );
            Err(ExitCode::from(1))
        }
    }
}

fn list(format: Format) -> ExitCode {
    if format == Format::Json {
        return print_json(&list_json(false));
    }
    let ids: Vec<&str> = senet::bundled::ids().collect();
    let mut out = String::new();
    let width = ids.iter().map(|i| i.len()).max().unwrap_or(0);
    for id in ids {
        let title = match check_target(id, &[]) {
            Ok(r) => r.title,
            Err(_) => "(does not check: run `senet check` on it)".into(),
        };
        out.push_str(&format!("{id:width$}  {title}\n"));
    }
    print(&out)
}

/// `list --format json`: every bundled rule set with its title and options (and, for the web
/// page, its sources).
pub(super) fn list_json(sources: bool) -> Value {
    let list: Vec<Value> = senet::bundled::ids()
        .map(|id| match check_target(id, &[]) {
            Ok(r) => {
                let mut entry = json!({ "id": id, "title": r.title, "sides": r.sides.len() });
                if r.plays_many() {
                    entry["many"] = json!(true);
                }
                if !r.options.is_empty() {
                    entry["options"] = json!(options_json(&r, false));
                }
                if let Some(m) = &r.matched {
                    let games: Vec<&str> = if m.games.is_empty() {
                        vec![id]
                    } else {
                        m.games.iter().map(|g| g.id.as_str()).collect()
                    };
                    entry["match"] = json!({
                        "to": m.to,
                        "games": games,
                        "next_first": senet::sim::matches::next_first_word(m),
                    });
                }
                if sources {
                    entry["sources"] = json!(r.sources);
                }
                entry
            }
            Err(_) => json!({ "id": id, "error": "does not check: run `senet check` on it" }),
        })
        .collect();
    Value::Array(list)
}

/// A rule set's options for `list` and `explain`, values as the rule file writes them; `chosen`
/// only where options may have been given.
fn options_json(r: &RuleSet, chosen: bool) -> Vec<Value> {
    r.options
        .iter()
        .map(|o| {
            let mut option = json!({
                "name": o.name,
                "allowed": o.allowed.iter().map(ToString::to_string).collect::<Vec<_>>(),
                "default": o.default.to_string(),
            });
            if chosen {
                option["chosen"] = json!(o.chosen.to_string());
            }
            option
        })
        .collect()
}

/// `explain --format json`: what the rule set is and every rule it states, with its note.
pub(super) fn explain_json(r: &RuleSet) -> Value {
    let rules: Vec<Value> = r
        .rules
        .iter()
        .map(|rule| {
            let mut entry = json!({ "text": rule.text, "origin": rule.origin });
            if let Some((kind, note)) = &rule.note {
                entry["note"] = json!({ "kind": kind.word(), "text": note });
            }
            entry
        })
        .collect();
    json!({
        "id": r.id,
        "title": r.title,
        "extends": r.extends,
        "sides": r.sides.values().map(|s| s.name.as_str()).collect::<Vec<_>>(),
        "many": r.plays_many(),
        "sources": r.sources,
        "options": options_json(r, true),
        "rules": rules,
    })
}

/// Prints `value` as one line of JSON.
fn print_json(value: &Value) -> ExitCode {
    say!("{value}");
    ExitCode::SUCCESS
}

/// `check`: a summary of each valid file, every error, every warning; warnings fail the
/// check only with `--deny-warnings`.
fn check(
    targets: &[String],
    options: &[(String, String)],
    deny_warnings: bool,
    format: Format,
) -> ExitCode {
    let mut worst = 0u8;
    let mut json = Vec::new();
    for target in targets {
        let Warned {
            output: checked,
            warnings,
        } = senet::check::check(Source::Target(target), options, Warnings::Find);
        let denied = deny_warnings && !warnings.is_empty();
        if denied {
            worst = worst.max(1);
        }
        if format == Format::Json {
            worst = worst.max(match &checked {
                Ok(_) => 0,
                Err(CheckFailure::Unreadable(_)) => 2,
                Err(CheckFailure::Invalid(_)) => 1,
            });
            json.push(check_entry(target, &checked, &warnings, denied));
            continue;
        }
        match checked {
            Ok(r) => {
                say!("{}", render::summary(target, &r));
                print_diagnostics(&warnings);
                count_warnings(target, &warnings, denied);
            }
            Err(CheckFailure::Unreadable(msg)) => {
                worst = 2;
                complain!("error: {msg}");
            }
            Err(CheckFailure::Invalid(diags)) => {
                worst = worst.max(1);
                print_diagnostics(diags.iter().chain(&warnings));
                complain!(
                    "error: `{target}` has {} error{}",
                    diags.len(),
                    if diags.len() == 1 { "" } else { "s" }
                );
                count_warnings(target, &warnings, denied);
            }
        }
    }
    if format == Format::Json {
        say!("{}", json!({ "files": json }));
    }
    ExitCode::from(worst)
}

/// One file's entry of `check --format json`: a rule set that checks with its id, title and
/// warnings (`ok` unless `denied`), one that cannot be read with the reason, one with errors with
/// its diagnostics, errors first. At most `lang::diagnostic::MAX_PER_FILE` diagnostics; where
/// more were left out, `omitted` counts them.
pub(super) fn check_entry(
    target: &str,
    checked: &Result<RuleSet, CheckFailure>,
    warnings: &[Diagnostic],
    denied: bool,
) -> Value {
    let mut entry = match checked {
        Ok(r) => json!({ "file": target, "ok": !denied, "id": r.id, "title": r.title }),
        Err(CheckFailure::Unreadable(msg)) => {
            json!({ "file": target, "ok": false, "error": msg.to_string() })
        }
        Err(CheckFailure::Invalid(_)) => json!({ "file": target, "ok": false }),
    };
    let errors = match checked {
        Err(CheckFailure::Invalid(diags)) => diags.as_slice(),
        Ok(_) | Err(CheckFailure::Unreadable(_)) => &[],
    };
    let (shown, omitted) = senet::lang::diagnostic::bound(errors.iter().chain(warnings));
    let list: Vec<_> = shown.into_iter().map(Diagnostic::to_json).collect();
    entry["diagnostics"] = json!(list);
    if !omitted.is_empty() {
        entry["omitted"] = json!(omitted);
    }
    entry
}

/// The line that counts the warnings about a file (an error where `--deny-warnings` makes them
/// fail the check).
fn count_warnings(target: &str, warnings: &[Diagnostic], denied: bool) {
    if warnings.is_empty() {
        return;
    }
    let count = format!(
        "`{target}` has {} warning{}",
        warnings.len(),
        if warnings.len() == 1 { "" } else { "s" }
    );
    if denied {
        complain!("error: {count} (denied by --deny-warnings)");
    } else {
        complain!("warning: {count}");
    }
}

/// `explain-error`: a code's entry of the index (or every entry), as text or Markdown; an
/// unknown code is exit 2.
fn explain_error(code: Option<&str>, all: bool, markdown: bool) -> ExitCode {
    use senet::lang::Code;
    use senet::lang::error_index::{self, INDEX};
    if all {
        let text = if markdown {
            error_index::markdown()
        } else {
            let entries: Vec<String> = INDEX.iter().map(error_index::text).collect();
            entries.join("\n")
        };
        return print(&text);
    }
    let code = code.unwrap_or_default();
    let entry = code.parse::<Code>().ok().and_then(error_index::entry);
    match entry {
        Some(e) if markdown => print(&error_index::markdown_entry(e)),
        Some(e) => print(&error_index::text(e)),
        None => {
            let hint = senet::lang::diagnostic::did_you_mean(
                &code.to_ascii_uppercase(),
                Code::ALL.iter().map(|c| c.as_str()),
            )
            .map(|s| format!(" (did you mean `{s}`?)"))
            .unwrap_or_default();
            complain!(
                "error: no diagnostic has the code `{code}`{hint}; `senet explain-error --all` shows every code"
            );
            ExitCode::from(2)
        }
    }
}

/// `diff`: each `--option` goes to the rule sets that have it; one that neither has is an error.
fn diff(a: &str, b: &str, options: &[(String, String)]) -> ExitCode {
    let names = |target: &str| -> Result<Vec<String>, ExitCode> {
        Ok(load(target, &[])?
            .options
            .into_iter()
            .map(|o| o.name)
            .collect())
    };
    let (na, nb) = match (names(a), names(b)) {
        (Ok(na), Ok(nb)) => (na, nb),
        (Err(code), _) | (_, Err(code)) => return code,
    };
    if let Some((name, _)) = options
        .iter()
        .find(|(n, _)| !na.contains(n) && !nb.contains(n))
    {
        complain!("error: neither `{a}` nor `{b}` has an option `{name}`");
        return ExitCode::from(1);
    }
    let only = |known: &[String]| -> Vec<(String, String)> {
        options
            .iter()
            .filter(|(n, _)| known.contains(n))
            .cloned()
            .collect()
    };
    match (load(a, &only(&na)), load(b, &only(&nb))) {
        (Ok(ra), Ok(rb)) => print(&render::diff::diff(&ra, &rb)),
        (Err(code), _) | (_, Err(code)) => code,
    }
}
