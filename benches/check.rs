//! How long it takes to check and compile a rule set.
//!
//! `cargo bench --bench check` (add `-- --warm-up-time 1 --measurement-time 2` for a quick run).
//! A check reads bundled text, parses it, resolves `extends` and options, and validates; the goal
//! is a few milliseconds or less, so that `senet check` and every command that loads rules feel
//! instant.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use senet::check::{RuleSet, check_target};
use senet::compile::compile;

fn checked(id: &str) -> RuleSet {
    check_target(id, &[]).unwrap_or_else(|e| panic!("{id} does not check: {e:?}"))
}

fn bench_check(c: &mut Criterion) {
    let mut group = c.benchmark_group("check_target");
    // One file, no `extends`.
    group.bench_function("senet/base", |b| {
        b.iter(|| check_target(black_box("senet/base"), &[]).is_ok())
    });
    // An `extends` chain: ur -> sawah.
    group.bench_function("twenty-squares/ur", |b| {
        b.iter(|| check_target(black_box("twenty-squares/ur"), &[]).is_ok())
    });
    // A rule set with options chosen on the command line.
    let options = [("pieces".to_string(), "7".to_string())];
    group.bench_function("senet/kendall pieces=7", |b| {
        b.iter(|| check_target(black_box("senet/kendall"), &options).is_ok())
    });
    // A file whose ranges run far past the board: judged by their ends, it costs no more than
    // a valid file (each number of `1..1000000` once cost a diagnostic of its own).
    let far = "tests/diagnostics/e122-ranges-far-past-the-board.rules";
    group.bench_function("ranges far past the board", |b| {
        b.iter(|| check_target(black_box(far), &[]).is_err())
    });
    group.finish();
}

fn bench_compile(c: &mut Criterion) {
    let mut group = c.benchmark_group("compile");
    for id in ["senet/base", "twenty-squares/ur", "senet/finkel"] {
        let ruleset = checked(id);
        group.bench_function(id, |b| b.iter(|| compile(black_box(&ruleset))));
    }
    group.finish();
}

criterion_group!(benches, bench_check, bench_compile);
criterion_main!(benches);
