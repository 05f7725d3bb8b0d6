//! Who may talk to the server: requests whose `Host` names the address it listens on (or
//! `localhost`), and, where a browser says which page sent them, only its own pages (`Origin`,
//! `Sec-Fetch-Site`). Another site's page cannot read or change anything, even through a name
//! that it points at this machine (DNS rebinding). Every answer says not to be sniffed, framed or
//! cached, and the pages may run only their own scripts ([`secure`], applied to every answer as
//! it is written).

use std::net::SocketAddr;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::{ApiError, State as Shared};

/// The host part of the server's URL: the name it was asked to bind, with the port bound (an
/// IPv6 address in brackets).
pub fn url_host(host: &str, addr: SocketAddr) -> String {
    if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]:{}", addr.port())
    } else {
        format!("{host}:{}", addr.port())
    }
}

/// Whether `value` (a `Host` header's, or an origin's host and port) names this server, with the
/// port it listens on: the host it was asked to bind, `localhost` where it listens on this
/// machine, or an address it listens on (any loopback address for a loopback one, any address
/// for 0.0.0.0 or `::`).
fn is_ours(value: &str, s: &Shared) -> bool {
    let port = s.addr.port().to_string();
    let (name, given_port) = match value.rsplit_once(':') {
        Some((n, p)) if !n.is_empty() && !p.contains(']') => (n, p),
        _ => (value, "80"),
    };
    if given_port != port {
        return false;
    }
    let name = name.to_ascii_lowercase();
    // An address written out is no name a page of another site could point here (DNS
    // rebinding needs a name): one this server listens on is its own.
    if let Ok(ip) = name
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse::<std::net::IpAddr>()
    {
        let bound = s.addr.ip();
        return ip == bound
            || (bound.is_loopback() && ip.is_loopback())
            || (bound.is_unspecified() && !ip.is_unspecified());
    }
    // A name: the one the server was asked to bind, or this machine's.
    name == s.host.to_ascii_lowercase()
        || (name == "localhost" && (s.addr.ip().is_loopback() || s.addr.ip().is_unspecified()))
}

/// Refuses a request from anywhere but the server's own pages.
pub async fn check(State(s): State<Shared>, request: Request, next: Next) -> Response {
    if let Err(e) = allowed(request.headers(), &s) {
        return e.into_response();
    }
    next.run(request).await
}

/// The headers every answer carries (refusals too, whatever made them): not to be sniffed,
/// framed or cached, no referrer, and only the server's own scripts and styles run on its pages.
pub fn secure(headers: &mut HeaderMap) {
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data: blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        ),
    );
    headers
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
}

fn allowed(headers: &HeaderMap, s: &Shared) -> Result<(), ApiError> {
    let forbidden = |msg: &str| ApiError::new(StatusCode::FORBIDDEN, msg);
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .ok_or_else(|| forbidden("the request names no `Host`"))?;
    if !is_ours(host, s) {
        return Err(forbidden(
            "the request's `Host` is not this server's address: open the address `senet serve` printed",
        ));
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let ours = origin
            .to_str()
            .ok()
            .and_then(|o| o.strip_prefix("http://"))
            .is_some_and(|o| is_ours(o, s));
        if !ours {
            return Err(forbidden(
                "the request comes from another site's page, which may not use this server",
            ));
        }
    }
    if headers
        .get("sec-fetch-site")
        .is_some_and(|v| v == "cross-site")
    {
        return Err(forbidden(
            "the request comes from another site's page, which may not use this server",
        ));
    }
    Ok(())
}
