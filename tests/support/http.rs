//! `senet serve` for tests: the binary started on a free port of 127.0.0.1 (and stopped when
//! dropped), and a small HTTP/1.1 client that sends exactly the headers a test gives (a `Host`
//! or an `Origin` of another site, too).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    pub port: u16,
}

impl Server {
    /// Starts `senet serve --port 0 ARGS` in `dir` (the crate root if `None`) and waits for the
    /// address it prints.
    pub fn start_in(dir: Option<&std::path::Path>, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_senet"))
            .args(["serve", "--port", "0"])
            .args(args)
            .current_dir(dir.unwrap_or(std::path::Path::new(env!("CARGO_MANIFEST_DIR"))))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start senet serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("its output"))
            .read_line(&mut line)
            .expect("read the address");
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        let port = addr.rsplit(':').next().unwrap().parse().unwrap();
        Server { child, addr, port }
    }

    pub fn start(args: &[&str]) -> Server {
        Server::start_in(None, args)
    }

    /// Sends a request with `headers` (a `Host` naming the server is added unless one is given)
    /// and reads the whole answer.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> Response {
        let mut stream = TcpStream::connect(&self.addr).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        let mut head = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
            head.push_str(&format!("Host: {}\r\n", self.addr));
        }
        for (k, v) in headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        if let Some(b) = body {
            // JSON unless the test says otherwise.
            if !headers
                .iter()
                .any(|(k, _)| k.eq_ignore_ascii_case("content-type"))
            {
                head.push_str("Content-Type: application/json\r\n");
            }
            head.push_str(&format!("Content-Length: {}\r\n", b.len()));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        if let Some(b) = body {
            // The server may answer (413) and close before it has read a body that is too long.
            let _ = stream.write_all(b);
        }
        let mut raw = Vec::new();
        let _ = stream.read_to_end(&mut raw);
        Response::parse(&raw)
    }

    pub fn get(&self, path: &str) -> Response {
        self.request("GET", path, &[], None)
    }

    pub fn post(&self, path: &str, body: &Value) -> Response {
        self.request("POST", path, &[], Some(body.to_string().as_bytes()))
    }
}

impl Server {
    /// The resident memory of the server, in KiB (Linux), for the load test.
    pub fn rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        status
            .lines()
            .find(|l| l.starts_with("VmRSS:"))?
            .split_whitespace()
            .nth(1)?
            .parse()
            .ok()
    }
}

impl Server {
    /// The processor time the server has used, user and system, in seconds (Linux, whose
    /// `/proc` counts it in hundredths of a second).
    pub fn cpu_seconds(&self) -> Option<f64> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        // The fields after the command's name (in parentheses): utime and stime are 12th, 13th.
        let after = stat.rsplit_once(')')?.1;
        let fields: Vec<&str> = after.split_whitespace().collect();
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        Some(ticks as f64 / 100.0)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    /// An answer as read from the connection (a chunked body put together).
    pub fn parse(raw: &[u8]) -> Response {
        let end = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap_or_else(|| panic!("no HTTP answer: {:?}", String::from_utf8_lossy(raw)));
        let head = String::from_utf8_lossy(&raw[..end]).into_owned();
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .and_then(|l| l.split(' ').nth(1))
            .and_then(|s| s.parse().ok())
            .expect("a status line");
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
            .collect();
        let mut body = raw[end + 4..].to_vec();
        if headers
            .iter()
            .any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"))
        {
            body = unchunk(&body);
        }
        Response {
            status,
            headers,
            body,
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("a UTF-8 body")
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }
}

fn unchunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(nl) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size =
            usize::from_str_radix(String::from_utf8_lossy(&data[..nl]).trim(), 16).unwrap_or(0);
        if size == 0 {
            return out;
        }
        let start = nl + 2;
        out.extend_from_slice(&data[start..(start + size).min(data.len())]);
        data = &data[(start + size + 2).min(data.len())..];
    }
}
