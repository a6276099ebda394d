//! `serve`: the playground's files over HTTP on this machine (127.0.0.1 only), for a
//! browser: GET and HEAD of the files under one folder, nothing outside it, no listing.

use crate::error::{refused, CliError};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The longest request head read; the page asks for files by short names.
const MAX_HEAD: usize = 8 * 1024;

pub fn run(dir: &str, port: u16) -> Result<(), CliError> {
    let missing = || {
        refused!("no playground in `{dir}`: build it first with web/build.sh (or name its folder with --dir)")
    };
    let root = std::fs::canonicalize(dir).map_err(|_| missing())?;
    if !root.join("index.html").is_file() {
        return Err(missing());
    }
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| refused!("cannot listen on port {port}: {e}"))?;
    let port = listener
        .local_addr()
        .map_err(|e| refused!("cannot listen on port {port}: {e}"))?
        .port();
    let mut stdout = std::io::stdout();
    // Printed at once: a program that starts the server reads the address from it.
    let _ = writeln!(
        stdout,
        "the playground is at http://127.0.0.1:{port}/ (Ctrl-C stops the server)"
    );
    let _ = stdout.flush();
    for stream in listener.incoming().flatten() {
        let root = root.clone();
        std::thread::spawn(move || answer(stream, &root));
    }
    Ok(())
}

/// Answers one request, and closes the connection.
fn answer(mut stream: TcpStream, root: &Path) {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(10)));
    let _ = stream.set_write_timeout(Some(Duration::from_secs(30)));
    let Ok(reader) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(reader.take(MAX_HEAD as u64));
    let mut first = String::new();
    if reader.read_line(&mut first).is_err() {
        return;
    }
    // The rest of the head is read and left: nothing in it changes the answer.
    let mut line = String::new();
    while reader.read_line(&mut line).is_ok_and(|n| n > 2) {
        line.clear();
    }
    let mut words = first.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let response = match method {
        "GET" | "HEAD" => match file_of(root, target) {
            Some(path) => match std::fs::read(&path) {
                Ok(body) => Response::ok(content_type(&path), body),
                Err(_) => Response::not_found(),
            },
            None => Response::not_found(),
        },
        _ => Response::status("405 Method Not Allowed", "only GET and HEAD are served\n"),
    };
    let _ = response.write(&mut stream, method == "HEAD");
}

/// The file a request's path names under `root`: `/` is index.html; a path that leaves
/// the folder, or names no file in it, is none.
fn file_of(root: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next()?;
    let path = percent_decoded(path.strip_prefix('/')?)?;
    let mut file = root.to_path_buf();
    for part in path.split('/').filter(|p| !p.is_empty()) {
        if part == "." || part == ".." || part.contains('\\') || part.contains('\0') {
            return None;
        }
        file.push(part);
    }
    if file.is_dir() {
        file.push("index.html");
    }
    let file = std::fs::canonicalize(file).ok()?;
    (file.starts_with(root) && file.is_file()).then_some(file)
}

fn percent_decoded(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The media type a browser needs for each kind of file the page is made of (a module
/// must be JavaScript, a WebAssembly module `application/wasm` to be compiled as it
/// streams in).
fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "tabula" | "yaml" | "txt" | "ts" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

struct Response {
    status: &'static str,
    content_type: &'static str,
    body: Vec<u8>,
}

impl Response {
    fn ok(content_type: &'static str, body: Vec<u8>) -> Response {
        Response {
            status: "200 OK",
            content_type,
            body,
        }
    }

    fn status(status: &'static str, text: &str) -> Response {
        Response {
            status,
            content_type: "text/plain; charset=utf-8",
            body: text.as_bytes().to_vec(),
        }
    }

    fn not_found() -> Response {
        Response::status("404 Not Found", "no such file\n")
    }

    fn write(&self, stream: &mut TcpStream, head_only: bool) -> std::io::Result<()> {
        let head = format!(
            "HTTP/1.1 {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n",
            self.status,
            self.content_type,
            self.body.len()
        );
        stream.write_all(head.as_bytes())?;
        if !head_only {
            stream.write_all(&self.body)?;
        }
        stream.flush()
    }
}
