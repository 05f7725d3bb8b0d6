//! How long the exact solver takes on small Twenty Squares games, by either numbering.
//!
//! `cargo bench --bench solve` (add `-- --warm-up-time 1 --measurement-time 5` for a quick run).
//! The full seven-piece game is measured with `senet solve twenty-squares/ur` instead (about
//! five minutes; docs/solver.md has the figures).

use criterion::{Criterion, criterion_group, criterion_main};
use senet::check::check_target;
use senet::compile::compile;
use senet::engine::Engine;
use senet::solve::{Limits, Method, solve_with};

fn ur(pieces: u8) -> Engine {
    let options = [("pieces".to_string(), pieces.to_string())];
    Engine::new(compile(
        &check_target("twenty-squares/ur", &options).unwrap(),
    ))
}

fn bench_solve(c: &mut Criterion) {
    let limits = Limits {
        states: 10_000_000,
        bytes: 4 << 30,
        disk: u64::MAX,
    };
    let mut group = c.benchmark_group("solve twenty-squares/ur");
    group.sample_size(10);
    for (pieces, method, name) in [
        (2, Method::Search, "pieces=2 search"),
        (2, Method::Dense, "pieces=2 dense"),
        (3, Method::Dense, "pieces=3 dense"),
    ] {
        let engine = ur(pieces);
        group.bench_function(name, |b| {
            b.iter(|| {
                solve_with(&engine, engine.start(), method, limits, |_| {})
                    .unwrap_or_else(|_| panic!("too large"))
                    .states()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_solve);
criterion_main!(benches);
