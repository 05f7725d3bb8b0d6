//! Who may talk to the server: requests whose `Host` names the address it listens on (or
//! `localhost`), and, where a browser says which page sent them, only its own pages (`Origin`,
//! `Sec-Fetch-Site`). Another site's page cannot read or change anything, even through a name
//! that it points at this machine (DNS rebinding). Every answer says not to be sniffed, framed or
//! cached, and the pages may run only their own scripts.

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

/// Whether `value` (a `Host` header's, or an origin's host and port) names this server: the
/// host it was asked to bind, its address, or a loopback name, with the port it listens on.
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
    let bracketed = |h: &str| {
        if h.contains(':') {
            format!("[{h}]")
        } else {
            h.to_string()
        }
    };
    let mut allowed = vec![
        bracketed(&s.host.to_ascii_lowercase()),
        bracketed(&s.addr.ip().to_string()),
    ];
    if s.addr.ip().is_loopback() || s.addr.ip().is_unspecified() {
        allowed.extend(["localhost", "127.0.0.1", "[::1]"].map(String::from));
    }
    allowed.contains(&name)
}

/// Refuses a request from anywhere but the server's own pages.
pub async fn check(State(s): State<Shared>, request: Request, next: Next) -> Response {
    if let Err(e) = allowed(request.headers(), &s) {
        return e.into_response();
    }
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
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
    response
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
