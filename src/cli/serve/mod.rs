//! `senet serve`: a local web application (play, write, measure) and its JSON API, served by
//! the binary. The pages are plain HTML, CSS and JavaScript built into the binary.
//!
//! Safe by default: it binds 127.0.0.1; every request's `Host` must name the bound address or a
//! name of this machine (`localhost`), and an `Origin`, where a browser sends one, the same (no
//! other site's page, and no DNS rebinding, can reach it); bodies are limited; rule files from a
//! page extend bundled ids only and never read the server's files; the work of games, hints and
//! simulations is bounded in games, time and how much runs at once, and a full queue is told as
//! `503` with a JSON answer; idle games are forgotten. docs/serve.md says more.

mod api;
mod assets;
mod games;
mod guard;

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::sync::Semaphore;

/// How `senet serve` was asked to run.
pub struct ServeArgs {
    pub host: String,
    pub port: u16,
    pub open: bool,
    pub limits: Limits,
}

/// What the server allows.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Games kept at once.
    pub max_games: usize,
    /// A game not used for this long is forgotten.
    pub game_idle: Duration,
    /// Simulations that may wait while one runs; more are told the server is busy.
    pub sim_queue: usize,
    /// The longest a simulation may be expected to take.
    pub sim_seconds: u64,
}

/// The most games a simulation may play.
pub const MAX_SIM_GAMES: u64 = 100_000;
/// The longest body of a request: a game record with its rules, loaded from a page.
pub const MAX_BODY: usize = 1 << 20;
/// The longest rule file a page may send (a rule file's own limit).
pub const MAX_SOURCE: usize = senet::lang::MAX_FILE_BYTES;
/// How many requests may work (a game's agents, a hint, a check, a drawing) at once, and how
/// long one waits for its turn before it is told the server is busy.
const WORKERS: usize = 4;
const WORK_WAIT: Duration = Duration::from_secs(10);

/// What every request can reach.
pub struct Shared {
    pub games: games::Games,
    pub limits: Limits,
    /// The address the server listens on, for the `Host` check.
    pub addr: SocketAddr,
    /// The host name it was asked to bind (`--host`), also allowed in `Host`.
    pub host: String,
    work: Semaphore,
    sims: Semaphore,
    /// Simulations running or waiting.
    sims_queued: AtomicUsize,
    /// A solve for the `optimal` player runs alone (it may take a quarter of a GiB).
    solves: Semaphore,
    /// Tables solved for `optimal`: they take memory, so only a few.
    tables: games::Kept<senet::solve::Solved>,
    /// Rules compiled for games, shared by the games of the same rules.
    engines: games::Kept<games::Compiled>,
}

pub type State = Arc<Shared>;

/// An answer that is not the one asked for: a status and `{"error": "..."}` (and more fields
/// where there is more to say: the diagnostics of rules that do not check).
#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub body: Value,
}

impl ApiError {
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: json!({ "error": message.into() }),
        }
    }

    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    pub fn busy(message: impl Into<String>) -> ApiError {
        let mut e = ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message);
        e.body["busy"] = json!(true);
        e
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

impl Shared {
    /// Runs `f` on a thread for blocking work, once one of the workers is free (else, after
    /// waiting a while, the server is busy).
    pub async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let _permit = tokio::time::timeout(WORK_WAIT, self.work.acquire())
            .await
            .map_err(|_| ApiError::busy("the server is busy: try again in a moment"))?
            .map_err(|_| ApiError::busy("the server is stopping"))?;
        run_blocking(f).await
    }

    /// Runs a simulation's work `f` when no other simulation runs: at most `sim_queue` wait
    /// behind the one running; one more is told the server is busy.
    pub async fn simulation<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let queued = self.sims_queued.fetch_add(1, Ordering::SeqCst);
        let _leave = Leave(&self.sims_queued);
        if queued > self.limits.sim_queue {
            return Err(ApiError::busy(format!(
                "the server is busy: {queued} simulations are running or waiting; try again in a moment"
            )));
        }
        let wait = Duration::from_secs(self.limits.sim_seconds.saturating_mul(2).max(1));
        let _permit = tokio::time::timeout(wait, self.sims.acquire())
            .await
            .map_err(|_| ApiError::busy("the server is busy with other simulations: try again"))?
            .map_err(|_| ApiError::busy("the server is stopping"))?;
        run_blocking(f).await
    }

    /// Runs a solve for the `optimal` player, alone; while one runs, another is told the
    /// server is busy.
    pub async fn solving<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let _permit = self.solves.try_acquire().map_err(|_| {
            ApiError::busy("the server is solving a table for `optimal`: try again in a moment")
        })?;
        run_blocking(f).await
    }
}

/// Counts a simulation out of the queue when it is done (or refused).
struct Leave<'a>(&'a AtomicUsize);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

async fn run_blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f).await.map_err(|_| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the request failed inside the server",
        )
    })?
}

/// `senet serve`: binds, says where, opens a browser if asked, and serves until stopped.
pub fn run(a: ServeArgs) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(WORKERS + 4)
        .enable_io()
        .enable_time()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            complain!("error: cannot start the server: {e}");
            return ExitCode::from(2);
        }
    };
    runtime.block_on(serve(a))
}

async fn serve(a: ServeArgs) -> ExitCode {
    let listener = match tokio::net::TcpListener::bind((a.host.as_str(), a.port)).await {
        Ok(l) => l,
        Err(e) => {
            complain!("error: cannot listen on {}:{}: {e}", a.host, a.port);
            return ExitCode::from(2);
        }
    };
    let addr = match listener.local_addr() {
        Ok(addr) => addr,
        Err(e) => {
            complain!("error: cannot listen on {}:{}: {e}", a.host, a.port);
            return ExitCode::from(2);
        }
    };
    let state: State = Arc::new(Shared {
        games: games::Games::new(a.limits.max_games, a.limits.game_idle),
        limits: a.limits,
        addr,
        host: a.host.clone(),
        work: Semaphore::new(WORKERS),
        sims: Semaphore::new(1),
        sims_queued: AtomicUsize::new(0),
        solves: Semaphore::new(1),
        tables: games::Kept::new(4),
        engines: games::Kept::new(32),
    });
    let url = format!("http://{}/", guard::url_host(&a.host, addr));
    say!("senet serve: {url} (Ctrl-C stops it)");
    if !addr.ip().is_loopback() {
        complain!(
            "warning: listening on {} answers every machine that can reach it; the pages and the API have no passwords",
            addr.ip()
        );
    }
    super::output::flush_stdout();
    if a.open {
        open_browser(&url);
    }
    // Idle games are forgotten even while nobody asks.
    let sweeper = Arc::clone(&state);
    tokio::spawn(async move {
        let mut every = tokio::time::interval(Duration::from_secs(30));
        loop {
            every.tick().await;
            sweeper.games.expire();
        }
    });
    let app = api::router(state);
    match axum::serve(listener, app).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            complain!("error: the server stopped: {e}");
            ExitCode::from(2)
        }
    }
}

/// Opens `url` in the desktop's browser, saying so if it cannot.
fn open_browser(url: &str) {
    let command = if cfg!(target_os = "macos") {
        std::process::Command::new("open").arg(url).spawn()
    } else if cfg!(windows) {
        std::process::Command::new("cmd")
            .args(["/C", "start", "", url])
            .spawn()
    } else {
        std::process::Command::new("xdg-open").arg(url).spawn()
    };
    if let Err(e) = command {
        complain!("note: cannot open a browser ({e}); open {url} yourself");
    }
}
