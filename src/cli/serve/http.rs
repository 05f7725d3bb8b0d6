//! The server's connections: HTTP/1.1, read and written here around the router, so that every
//! answer is the API's own, refusals of malformed, slow and oversized requests included: a JSON
//! object with `error`, with the headers that say how it may be used.
//!
//! One request a connection (each answer says `Connection: close`). A request must arrive whole,
//! its head and its body, within `--request-seconds`, or it is answered `408` and closed; its
//! head is at most 32 KiB (a request line of 16 KiB, 64 headers: `414`, `431`); a body comes with
//! its `Content-Length` (`411` without), which is checked before any of the body is read (`413`
//! over 1 MiB), and is JSON (`415` otherwise). The router's answer is waited for at most as long
//! as the slowest route may take, a panic in a handler is a `500`, and the answer must be taken
//! within `--request-seconds` too. At most 128 connections are open at once; one more is told
//! the server is busy.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::{Method, Request, StatusCode, Uri, Version};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tower_service::Service;

use super::{ApiError, Limits, MAX_BODY, guard};

/// The most connections open at once.
const MAX_CONNECTIONS: usize = 128;
/// The longest request line, and head (request line and headers).
const MAX_TARGET: usize = 16 << 10;
const MAX_HEAD: usize = 32 << 10;
const MAX_HEADERS: usize = 64;
/// After a refusal, how long (and how much) the rest of a request is read and dropped, so that
/// closing does not reset the connection before the client has read the answer.
const LINGER: Duration = Duration::from_secs(1);
const LINGER_BYTES: usize = 2 << 20;

/// Accepts connections until the process ends, each answered on a task of its own.
pub async fn serve(listener: TcpListener, app: Router, limits: Limits) -> std::process::ExitCode {
    let open = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or a connection reset before it was taken: a moment
            // later there may be room.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        match Arc::clone(&open).try_acquire_owned() {
            Ok(permit) => {
                let app = app.clone();
                tokio::spawn(async move {
                    let _permit = permit;
                    connection(stream, app, limits).await;
                });
            }
            Err(_) => {
                tokio::spawn(async move {
                    let e = ApiError::busy(format!(
                        "the server has {MAX_CONNECTIONS} connections open, the most it takes: try again in a moment"
                    ));
                    let answer = write_out(e.into_response(), false).await;
                    let mut stream = stream;
                    let _ = tokio::time::timeout(Duration::from_secs(1), stream.write_all(&answer))
                        .await;
                });
            }
        }
    }
}

/// Why a request is not handed to the router.
enum Refusal {
    /// An answer to write before closing.
    Answer(ApiError),
    /// Nothing to answer: the client closed the connection, or it failed.
    Close,
}

impl From<ApiError> for Refusal {
    fn from(e: ApiError) -> Refusal {
        Refusal::Answer(e)
    }
}

/// One connection: its request, read whole in time, answered.
async fn connection(mut stream: TcpStream, app: Router, limits: Limits) {
    let time = Duration::from_secs(limits.request_seconds);
    let request = match tokio::time::timeout(time, read_request(&mut stream)).await {
        Ok(Ok(request)) => request,
        Ok(Err(Refusal::Close)) => return,
        Ok(Err(Refusal::Answer(e))) => return refuse(stream, e, time).await,
        Err(_) => {
            let e = ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request did not arrive whole within {} s (its head and its body)",
                    limits.request_seconds
                ),
            );
            return refuse(stream, e, time).await;
        }
    };
    let head_only = request.method() == Method::HEAD;
    let response = answer(app, request, limits.answer_within()).await;
    let bytes = write_out(response, head_only).await;
    let _ = tokio::time::timeout(time, async {
        stream.write_all(&bytes).await?;
        stream.shutdown().await
    })
    .await;
}

/// Writes a refusal, and reads what the client still sends for a moment before closing.
async fn refuse(mut stream: TcpStream, e: ApiError, time: Duration) {
    let bytes = write_out(e.into_response(), false).await;
    let written = tokio::time::timeout(time, async {
        stream.write_all(&bytes).await?;
        stream.shutdown().await
    })
    .await;
    if !matches!(written, Ok(Ok(()))) {
        return;
    }
    let _ = tokio::time::timeout(LINGER, async {
        let mut sink = vec![0u8; 16 << 10];
        let mut read = 0;
        while read < LINGER_BYTES {
            match stream.read(&mut sink).await {
                Ok(0) | Err(_) => break,
                Ok(n) => read += n,
            }
        }
    })
    .await;
}

/// Reads one request: its head (parsed and checked), then its body, to its `Content-Length`.
async fn read_request(stream: &mut TcpStream) -> Result<Request<Body>, Refusal> {
    let mut buf: Vec<u8> = Vec::with_capacity(4096);
    let mut chunk = vec![0u8; 16 << 10];
    let (mut request, head_len, length) = loop {
        let n = stream.read(&mut chunk).await.map_err(|_| Refusal::Close)?;
        if n == 0 {
            return Err(Refusal::Close);
        }
        buf.extend_from_slice(&chunk[..n]);
        let line = buf.iter().position(|&b| b == b'\n').unwrap_or(buf.len());
        if line > MAX_TARGET {
            return Err(ApiError::new(
                StatusCode::URI_TOO_LONG,
                format!("the request line is longer than {} KiB", MAX_TARGET >> 10),
            )
            .into());
        }
        if let Some(parsed) = parse_head(&buf)? {
            break parsed;
        }
        if buf.len() > MAX_HEAD {
            return Err(ApiError::new(
                StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                format!("the request's head is longer than {} KiB", MAX_HEAD >> 10),
            )
            .into());
        }
    };
    if request
        .headers()
        .get(header::EXPECT)
        .is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"100-continue"))
    {
        stream
            .write_all(b"HTTP/1.1 100 Continue\r\n\r\n")
            .await
            .map_err(|_| Refusal::Close)?;
    }
    let mut body = buf.split_off(head_len);
    while body.len() < length {
        let n = stream.read(&mut chunk).await.map_err(|_| Refusal::Close)?;
        if n == 0 {
            return Err(ApiError::bad(format!(
                "the body ended after {} of the {length} bytes its `Content-Length` gives",
                body.len()
            ))
            .into());
        }
        body.extend_from_slice(&chunk[..n]);
    }
    body.truncate(length);
    *request.body_mut() = Body::from(Bytes::from(body));
    Ok(request)
}

/// The request a complete head makes, the head's length and the body's; `None` while the head
/// is not all there.
fn parse_head(buf: &[u8]) -> Result<Option<(Request<Body>, usize, usize)>, ApiError> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut head = httparse::Request::new(&mut headers);
    let head_len = match head.parse(buf) {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) => return Ok(None),
        Err(httparse::Error::TooManyHeaders) => {
            return Err(ApiError::new(
                StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                format!("the request has more than {MAX_HEADERS} headers"),
            ));
        }
        Err(e) => return Err(ApiError::bad(format!("the request is not HTTP/1.1: {e}"))),
    };
    let malformed = |what: &str| ApiError::bad(format!("the request's {what} cannot be read"));
    let method = Method::from_bytes(head.method.unwrap_or_default().as_bytes())
        .map_err(|_| malformed("method"))?;
    let uri = Uri::try_from(head.path.unwrap_or_default()).map_err(|_| malformed("target"))?;
    let version = if head.version == Some(0) {
        Version::HTTP_10
    } else {
        Version::HTTP_11
    };
    let mut request = Request::builder()
        .method(method)
        .uri(uri)
        .version(version)
        .body(Body::empty())
        .map_err(|_| malformed("head"))?;
    for h in head.headers.iter() {
        let name = HeaderName::from_bytes(h.name.as_bytes()).map_err(|_| malformed("headers"))?;
        let value = HeaderValue::from_bytes(h.value).map_err(|_| malformed("headers"))?;
        request.headers_mut().append(name, value);
    }
    let length = body_length(request.headers())?;
    Ok(Some((request, head_len, length)))
}

/// The length of a request's body, checked before any of it is read: given by one
/// `Content-Length` (no chunked bodies), at most [`MAX_BODY`], and JSON where there is one.
fn body_length(headers: &axum::http::HeaderMap) -> Result<usize, ApiError> {
    if headers.contains_key(header::TRANSFER_ENCODING) {
        return Err(ApiError::new(
            StatusCode::LENGTH_REQUIRED,
            "a request's body must come with its `Content-Length` (not `Transfer-Encoding`)",
        ));
    }
    let mut length: Option<u64> = None;
    for value in headers.get_all(header::CONTENT_LENGTH) {
        let n = value
            .to_str()
            .ok()
            .filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|v| v.parse::<u64>().ok())
            .ok_or_else(|| ApiError::bad("`Content-Length` must be a number of bytes"))?;
        if length.is_some_and(|l| l != n) {
            return Err(ApiError::bad(
                "the request gives two different `Content-Length`s",
            ));
        }
        length = Some(n);
    }
    let length = length.unwrap_or(0);
    if length > MAX_BODY as u64 {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request is longer than {} KiB", MAX_BODY >> 10),
        ));
    }
    if length > 0 && !is_json(headers.get(header::CONTENT_TYPE)) {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "a request's body must be JSON, sent as `Content-Type: application/json`",
        ));
    }
    // At most MAX_BODY: it fits.
    Ok(usize::try_from(length).unwrap_or(MAX_BODY))
}

/// Whether a `Content-Type` is `application/json`, with no parameter but `charset=utf-8`.
fn is_json(value: Option<&HeaderValue>) -> bool {
    let Some(text) = value.and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let mut parts = text.split(';').map(str::trim);
    let media = parts.next().unwrap_or_default();
    media.eq_ignore_ascii_case("application/json")
        && parts.all(|p| {
            p.split_once('=').is_some_and(|(k, v)| {
                k.trim().eq_ignore_ascii_case("charset")
                    && v.trim().trim_matches('"').eq_ignore_ascii_case("utf-8")
            })
        })
}

/// The router's answer to `request`, within `within`; a handler that panics is a `500`, one
/// that takes longer is stopped (its blocking work, if any, goes on holding its permit).
async fn answer(app: Router, request: Request<Body>, within: Duration) -> Response {
    let mut app = app;
    let mut task = tokio::spawn(app.call(request));
    match tokio::time::timeout(within, &mut task).await {
        Ok(Ok(Ok(response))) => response,
        Ok(Ok(Err(never))) => match never {},
        Ok(Err(_)) => ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the request failed inside the server",
        )
        .into_response(),
        Err(_) => {
            task.abort();
            ApiError::overrun(within).into_response()
        }
    }
}

/// An answer as bytes on the wire: every answer with the headers of [`guard::secure`], closing
/// the connection, its length given; an error without a JSON body made the API's JSON error.
async fn write_out(response: Response, head_only: bool) -> Vec<u8> {
    let (mut parts, body) = response.into_parts();
    let mut body = axum::body::to_bytes(body, usize::MAX)
        .await
        .unwrap_or_default();
    let status = parts.status;
    let json = parts
        .headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|t| t.as_bytes().starts_with(b"application/json"));
    if (status.is_client_error() || status.is_server_error()) && !json {
        let text = String::from_utf8_lossy(&body).trim().to_string();
        let message = if text.is_empty() {
            status.canonical_reason().unwrap_or("error").to_string()
        } else {
            text
        };
        let v: Value = json!({ "error": message });
        body = Bytes::from(v.to_string());
        parts.headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
    }
    guard::secure(&mut parts.headers);
    parts.headers.remove(header::TRANSFER_ENCODING);
    parts
        .headers
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    parts
        .headers
        .insert(header::CONTENT_LENGTH, HeaderValue::from(body.len()));
    let mut out = format!(
        "HTTP/1.1 {} {}\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or("")
    )
    .into_bytes();
    for (name, value) in &parts.headers {
        out.extend_from_slice(name.as_str().as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(value.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b"\r\n");
    if !head_only {
        out.extend_from_slice(&body);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_json_bodies_are_taken() {
        let ok = |t: &str| is_json(Some(&HeaderValue::from_str(t).unwrap()));
        assert!(ok("application/json"));
        assert!(ok("Application/JSON; charset=UTF-8"));
        assert!(ok("application/json;charset=\"utf-8\""));
        assert!(!ok("text/plain"));
        assert!(!ok("application/json; charset=utf-16"));
        assert!(!ok("application/jsonp"));
        assert!(!ok("multipart/form-data; boundary=x"));
        assert!(!is_json(None));
    }

    #[test]
    fn a_head_is_read_only_once_whole_and_checked_before_its_body() {
        let parse = |text: &str| parse_head(text.as_bytes());
        assert!(
            parse("POST /api/check HTTP/1.1\r\nHost: x\r\n")
                .unwrap()
                .is_none()
        );
        let (r, head, body) = parse(
            "POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            (r.method(), r.uri().path(), body),
            (&Method::POST, "/api/check", 2)
        );
        assert_eq!(head, 88);
        let status = |text: &str| parse(text).err().map(|e| e.status);
        assert_eq!(
            status("POST / HTTP/1.1\r\nContent-Length: 1048577\r\n\r\n"),
            Some(StatusCode::PAYLOAD_TOO_LARGE)
        );
        assert_eq!(
            status("POST / HTTP/1.1\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n"),
            Some(StatusCode::UNSUPPORTED_MEDIA_TYPE)
        );
        assert_eq!(
            status("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"),
            Some(StatusCode::LENGTH_REQUIRED)
        );
        assert_eq!(
            status("POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n"),
            Some(StatusCode::BAD_REQUEST)
        );
        assert_eq!(
            status("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n"),
            Some(StatusCode::BAD_REQUEST)
        );
        assert_eq!(
            status("GET / HTTP/9.9\r\n\r\n"),
            Some(StatusCode::BAD_REQUEST)
        );
        // A body-less request needs no type.
        assert!(parse("POST /x HTTP/1.1\r\nContent-Length: 0\r\n\r\n").is_ok());
    }
}
