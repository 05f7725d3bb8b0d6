//! What the server's simulations share (`POST /api/sim`, `POST /api/compare`): the games and
//! seed a request asks for, the threads a run takes, and the time a run may take.

use axum::http::StatusCode;
use serde_json::{Map, Value, json};

use super::{ApiError, Limits, MAX_SIM_GAMES};
use senet::sim::SimError;

/// `games`: 1 to [`MAX_SIM_GAMES`], 1000 unless given.
pub fn games_of(o: &Map<String, Value>) -> Result<u64, ApiError> {
    match o.get("games") {
        None => Ok(1000),
        Some(v) => v
            .as_u64()
            .filter(|g| (1..=MAX_SIM_GAMES).contains(g))
            .ok_or_else(|| ApiError::bad(format!("`games` is a number from 1 to {MAX_SIM_GAMES}"))),
    }
}

/// `seed`: 1 unless given.
pub fn seed_of(o: &Map<String, Value>) -> Result<u64, ApiError> {
    match o.get("seed") {
        None => Ok(1),
        Some(v) => v
            .as_u64()
            .ok_or_else(|| ApiError::bad("`seed` is a whole number")),
    }
}

/// The threads a run takes: two at most, so that one request leaves room for others.
pub fn jobs() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(2)
}

/// The answer to a run that failed: stopped at its deadline (`what` it was, and the `command`
/// that runs it without a limit), or refused by the simulation.
pub fn stopped<'a>(
    limits: &'a Limits,
    what: &'a str,
    command: &'a str,
) -> impl Fn(SimError) -> ApiError + 'a {
    move |e| {
        if e == SimError::Stopped {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the {what} was stopped after {} s, twice the {} s a simulation is expected to take here (`--sim-seconds`): ask for fewer games, or run `{command}`",
                    limits.sim_deadline().as_secs(),
                    limits.sim_seconds
                ),
            )
        } else {
            ApiError::bad(e.to_string())
        }
    }
}

/// Refuses a run of `games` games (said as `asked`) that would take longer than a simulation
/// may, at `each` seconds a game (timed on a game or two) on `jobs` threads: the answer names the
/// most games that fit (`max_games`), and the `command` that runs it without a limit.
pub fn fits(
    limits: &Limits,
    (games, each, jobs): (u64, f64, usize),
    asked: &str,
    command: &str,
) -> Result<(), ApiError> {
    let limit = limits.sim_seconds;
    let expected = each * games as f64 / jobs as f64;
    if expected <= limit as f64 {
        return Ok(());
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // positive, below 10^5
    let fit = ((limit as f64 * jobs as f64 / each.max(1e-9)) as u64).clamp(1, MAX_SIM_GAMES);
    Err(ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        body: json!({
            "error": format!("{asked} would take about {expected:.0} s, more than the {limit} s a simulation may take here: ask for at most {fit}, or run `{command}`"),
            "max_games": fit,
        }),
    })
}
