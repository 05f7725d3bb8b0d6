//! `senet serve`: a local web application (play, write, measure) and its JSON API, served by
//! the binary. The pages are plain HTML, CSS and JavaScript built into the binary.
//!
//! Safe by default: it binds 127.0.0.1; every request's `Host` must name the bound address or a
//! name of this machine (`localhost`), and an `Origin`, where a browser sends one, the same (no
//! other site's page, and no DNS rebinding, can reach it); a request must arrive within a time
//! limit, its body limited and JSON; rule files from a page extend bundled ids only and never read
//! the server's files, nor does any player a request names; the work of games, hints and
//! simulations runs on a few threads, each piece with a deadline (a game's agents stop between
//! decisions, a simulation between games), and a full queue is told as `503` with a JSON answer;
//! the games kept are bounded in number and in bytes, and idle ones are forgotten. Every answer,
//! refusals included, is the API's own (`http`). docs/serve.md says more.

mod api;
mod assets;
mod budget;
mod compare;
mod games;
mod guard;
mod http;
mod many;
mod many_api;
mod review;

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

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
    /// The longest a simulation may be expected to take, in seconds (it is stopped at twice
    /// that).
    pub sim_seconds: u64,
    /// The longest the work of one request may run, in seconds: a game's agents are stopped
    /// then, and any other work is answered for then.
    pub work_seconds: u64,
    /// The longest a request may take to arrive (its head and its body), and its answer to be
    /// taken, in seconds.
    pub request_seconds: u64,
    /// The most bytes the kept games, with their rules, may take.
    pub max_memory: usize,
}

impl Limits {
    /// How long a simulation may run before it is stopped (between games).
    pub fn sim_deadline(&self) -> Duration {
        Duration::from_secs(self.sim_seconds.saturating_mul(2).max(1))
    }

    /// How long a request's work may run.
    pub fn work_deadline(&self) -> Duration {
        Duration::from_secs(self.work_seconds)
    }

    /// The longest any request is waited for, from its arrival to its answer: the waits and
    /// deadlines of the slowest route (a simulation waiting in the queue, then running), and a
    /// margin. Every route answers before it by itself; this is the last resort.
    pub fn answer_within(&self) -> Duration {
        WORK_WAIT + self.sim_deadline() * 2 + self.work_deadline() + GRACE * 2
    }
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
/// How long past its deadline a piece of work is waited for (to finish its answer) before the
/// request is answered without it.
const GRACE: Duration = Duration::from_secs(2);

/// What every request can reach.
pub struct Shared {
    pub games: games::Games,
    pub limits: Limits,
    /// The address the server listens on, for the `Host` check.
    pub addr: SocketAddr,
    /// The host name it was asked to bind (`--host`), also allowed in `Host`.
    pub host: String,
    /// A permit per worker; a piece of work holds its permit until it ends, whether or not its
    /// request still waits for it, so that work that cannot be stopped at once still counts.
    work: Arc<Semaphore>,
    sims: Arc<Semaphore>,
    /// Simulations running or waiting (a running one counts until its thread is done).
    sims_queued: Arc<AtomicUsize>,
    /// A solve for the `optimal` player runs alone (it may take a quarter of a GiB).
    solves: Arc<Semaphore>,
    /// Tables solved for `optimal`: they take memory, so only a few.
    tables: Arc<games::Kept<senet::solve::Solved>>,
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

    /// The answer to a request whose work went on past its time, inside a step that cannot be
    /// stopped: the thread goes on with it, holding its permit, until the step ends.
    fn overrun(within: Duration) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the request's work went on for more than {} s, the most the server waits for it, inside a step it cannot stop: the server answers other requests meanwhile",
                within.as_secs()
            ),
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body)).into_response()
    }
}

impl Shared {
    /// Runs `f` on a thread for blocking work, once one of the workers is free (else, after
    /// waiting a while, the server is busy). The answer comes within the work deadline and a
    /// little more: `f` stops itself by then where it can (a game's agents), and where it cannot
    /// (a single step of the engine), the request is answered without it.
    pub async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit = tokio::time::timeout(WORK_WAIT, Arc::clone(&self.work).acquire_owned())
            .await
            .map_err(|_| ApiError::busy("the server is busy: try again in a moment"))?
            .map_err(|_| ApiError::busy("the server is stopping"))?;
        run_blocking(permit, self.limits.work_deadline() + GRACE, f).await
    }

    /// Runs a simulation's work `f` when no other simulation runs: at most `sim_queue` wait
    /// behind the one running; one more is told the server is busy. `f` is given a flag to stop
    /// at (between games): it is set at the simulation's deadline, or when its request is given
    /// up (answered without it).
    pub async fn simulation<T: Send + 'static>(
        &self,
        f: impl FnOnce(&AtomicBool) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let queued = self.sims_queued.fetch_add(1, Ordering::SeqCst);
        let leave = Leave(Arc::clone(&self.sims_queued));
        if queued > self.limits.sim_queue {
            return Err(ApiError::busy(format!(
                "the server is busy: {queued} simulations are running or waiting; try again in a moment"
            )));
        }
        let deadline = self.limits.sim_deadline();
        let permit = tokio::time::timeout(deadline, Arc::clone(&self.sims).acquire_owned())
            .await
            .map_err(|_| ApiError::busy("the server is busy with other simulations: try again"))?
            .map_err(|_| ApiError::busy("the server is stopping"))?;
        let stop = StopOnDrop(Arc::new(AtomicBool::new(false)));
        let flag = Arc::clone(&stop.0);
        let work = run_blocking(permit, deadline + GRACE, move || {
            // Out of the queue only once the thread is done.
            let _leave = leave;
            f(&flag)
        });
        tokio::pin!(work);
        tokio::select! {
            done = &mut work => done,
            () = tokio::time::sleep(deadline) => {
                stop.0.store(true, Ordering::Relaxed);
                work.await
            }
        }
    }

    /// Runs a solve for the `optimal` player, alone; while one runs, another is told the
    /// server is busy. A solve is bounded by the agent's limits, not stopped; its request is
    /// answered after the work deadline anyway.
    pub async fn solving<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit = Arc::clone(&self.solves).try_acquire_owned().map_err(|_| {
            ApiError::busy("the server is solving a table for `optimal`: try again in a moment")
        })?;
        run_blocking(permit, self.limits.work_deadline() + GRACE, f).await
    }
}

/// Counts a simulation out of the queue when it is done (or refused).
struct Leave(Arc<AtomicUsize>);

impl Drop for Leave {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Sets its flag when dropped: a simulation whose request is gone stops.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Runs `f` on a blocking thread, which holds `permit` until `f` returns, and waits for it at
/// most `within`.
async fn run_blocking<T: Send + 'static>(
    permit: OwnedSemaphorePermit,
    within: Duration,
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        f()
    });
    match tokio::time::timeout(within, task).await {
        Ok(Ok(answer)) => answer,
        Ok(Err(_)) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the request failed inside the server",
        )),
        Err(_) => Err(ApiError::overrun(within)),
    }
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
        games: games::Games::new(a.limits.max_games, a.limits.game_idle, a.limits.max_memory),
        limits: a.limits,
        addr,
        host: a.host.clone(),
        work: Arc::new(Semaphore::new(WORKERS)),
        sims: Arc::new(Semaphore::new(1)),
        sims_queued: Arc::new(AtomicUsize::new(0)),
        solves: Arc::new(Semaphore::new(1)),
        tables: Arc::new(games::Kept::new(4)),
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
    let limits = a.limits;
    http::serve(listener, api::router(state), limits).await
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
