//! A load test of `senet serve`, left out of the default run (`#[ignore]`): 100 clients at once,
//! for 30 seconds, each playing games of the Royal Game of Ur (seven pieces a side, a person's
//! throws and moves against the random agent) by requests, one after another. No request may
//! fail; the latency of the moves is reported (median, 99th percentile, worst), with the server's
//! processor time a request, and the server's memory, sampled every second, must stay flat once
//! the games have started.
//!
//! Run it (docs/serve.md has the figures measured):
//! `cargo test --release --test main serve_load:: -- --ignored --nocapture`

use crate::support::http;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use http::Server;
use serde_json::{Value, json};

const CLIENTS: usize = 100;
const SECONDS: u64 = 30;

/// What one client saw: the latency of each move, the games it finished, its failures.
#[derive(Default)]
struct Seen {
    moves: Vec<Duration>,
    requests: u64,
    games: u64,
    failures: Vec<String>,
}

/// Plays games until `stop`, choosing each move by a simple generator seeded per client.
fn client(s: &Server, k: usize, stop: &AtomicBool) -> Seen {
    let mut seen = Seen::default();
    let mut pick = k as u64 + 1;
    let post = |path: &str, body: &Value, seen: &mut Seen| -> Option<Value> {
        seen.requests += 1;
        let r = s.post(path, body);
        if r.status >= 400 {
            seen.failures
                .push(format!("{path}: {} {}", r.status, r.text()));
            return None;
        }
        Some(r.json())
    };
    while !stop.load(Ordering::Relaxed) {
        let Some(mut state) = post(
            "/api/games",
            &json!({ "rules": "twenty-squares/ur", "players": ["human", "random"], "seed": pick }),
            &mut seen,
        ) else {
            return seen;
        };
        let id = state["id"].as_str().unwrap_or_default().to_string();
        loop {
            if stop.load(Ordering::Relaxed) {
                return seen;
            }
            let next = match state["awaiting"].as_str() {
                Some("throw") => post(&format!("/api/games/{id}/throw"), &json!({}), &mut seen),
                Some("move") => {
                    let n = state["moves"].as_array().map_or(1, Vec::len).max(1) as u64;
                    pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                    let index = (pick >> 33) % n;
                    let start = Instant::now();
                    let r = post(
                        &format!("/api/games/{id}/move"),
                        &json!({ "index": index }),
                        &mut seen,
                    );
                    seen.moves.push(start.elapsed());
                    r
                }
                _ => {
                    seen.games += 1;
                    break;
                }
            };
            match next {
                Some(v) => state = v,
                None => return seen,
            }
        }
    }
    seen
}

#[test]
#[ignore = "a 30-second load test: cargo test --release --test main serve_load:: -- --ignored --nocapture"]
fn a_hundred_clients_for_thirty_seconds() {
    let server = Arc::new(Server::start(&[]));
    let stop = Arc::new(AtomicBool::new(false));
    let rss: Arc<Mutex<Vec<u64>>> = Arc::default();
    let sampler = {
        let (server, stop, rss) = (Arc::clone(&server), Arc::clone(&stop), Arc::clone(&rss));
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                if let Some(kib) = server.rss_kib() {
                    rss.lock().unwrap().push(kib);
                }
                std::thread::sleep(Duration::from_secs(1));
            }
        })
    };
    let start = Instant::now();
    let clients: Vec<_> = (0..CLIENTS)
        .map(|k| {
            let (server, stop) = (Arc::clone(&server), Arc::clone(&stop));
            std::thread::spawn(move || client(&server, k, &stop))
        })
        .collect();
    std::thread::sleep(Duration::from_secs(SECONDS));
    stop.store(true, Ordering::Relaxed);
    let seen: Vec<Seen> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    sampler.join().unwrap();
    let elapsed = start.elapsed().as_secs_f64();
    let cpu = server.cpu_seconds();

    let failures: Vec<&String> = seen.iter().flat_map(|s| &s.failures).collect();
    let mut moves: Vec<Duration> = seen.iter().flat_map(|s| s.moves.iter().copied()).collect();
    moves.sort();
    let requests: u64 = seen.iter().map(|s| s.requests).sum();
    let games: u64 = seen.iter().map(|s| s.games).sum();
    // The value at rank ceil(q * n) - 1 of the n latencies in order.
    let at = |per_mille: usize| {
        let i = (moves.len() * per_mille).div_ceil(1000).saturating_sub(1);
        moves.get(i).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    let rss = rss.lock().unwrap().clone();
    println!(
        "{CLIENTS} clients, {elapsed:.1} s: {requests} requests ({:.0}/s), {} moves, {games} games finished, {} failures",
        requests as f64 / elapsed,
        moves.len(),
        failures.len()
    );
    println!(
        "move latency: median {:.1} ms, 99th percentile {:.1} ms, worst {:.1} ms",
        at(500),
        at(990),
        at(1000)
    );
    if let Some(cpu) = cpu {
        println!(
            "server processor time: {cpu:.1} s, {:.0} µs a request",
            cpu * 1e6 / requests.max(1) as f64
        );
    }
    println!(
        "server memory (RSS, MiB, each second): {}",
        rss.iter()
            .map(|k| format!("{:.0}", *k as f64 / 1024.0))
            .collect::<Vec<_>>()
            .join(" ")
    );
    assert!(
        failures.is_empty(),
        "failures: {:?}",
        &failures[..failures.len().min(5)]
    );
    assert!(
        moves.len() > 1000,
        "only {} moves in {SECONDS} s",
        moves.len()
    );
    // Flat: after the first ten seconds the resident memory grows by less than half again.
    if rss.len() > 12 {
        let settled = rss[10];
        let peak = *rss[10..].iter().max().unwrap();
        assert!(
            (peak as f64) < settled as f64 * 1.5,
            "memory grew from {settled} KiB to {peak} KiB"
        );
    }
}
