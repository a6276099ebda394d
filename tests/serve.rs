//! `tabula serve`: the playground's folder over HTTP on 127.0.0.1, nothing outside it.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A server on a free port over `dir`, its address, ended when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(dir: &std::path::Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--port", "0", "--dir"])
        .arg(dir)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line
        .strip_prefix("the playground is at http://127.0.0.1:")
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert_eq!(
        line,
        format!("the playground is at http://127.0.0.1:{port}/ (Ctrl-C stops the server)\n")
    );
    Server { child, port }
}

/// The status line, the content type and the body of a request.
fn get(port: u16, request: &str) -> (String, String, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    let status = head.lines().next().unwrap().to_string();
    let content_type = head
        .lines()
        .find_map(|l| l.strip_prefix("Content-Type: "))
        .unwrap_or_default()
        .to_string();
    (status, content_type, body.to_string())
}

#[test]
fn the_folder_is_served_and_nothing_outside_it() {
    let dir = std::env::temp_dir().join(format!("tabula-serve-{}", std::process::id()));
    let site = dir.join("site");
    std::fs::create_dir_all(site.join("pkg")).unwrap();
    std::fs::write(site.join("index.html"), "<p>page</p>").unwrap();
    std::fs::write(site.join("pkg").join("m.wasm"), b"\0asm").unwrap();
    std::fs::write(dir.join("secret.txt"), "not served").unwrap();
    let server = serve(&site);
    let port = server.port;
    let (status, kind, body) = get(port, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_eq!(
        (status.as_str(), kind.as_str(), body.as_str()),
        ("HTTP/1.1 200 OK", "text/html; charset=utf-8", "<p>page</p>")
    );
    let (status, kind, _) = get(port, "GET /pkg/m.wasm?v=1 HTTP/1.1\r\n\r\n");
    assert_eq!(
        (status.as_str(), kind.as_str()),
        ("HTTP/1.1 200 OK", "application/wasm")
    );
    for path in [
        "/../secret.txt",
        "/pkg/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/nothing",
    ] {
        let (status, _, body) = get(port, &format!("GET {path} HTTP/1.1\r\n\r\n"));
        assert_eq!(
            (status.as_str(), body.as_str()),
            ("HTTP/1.1 404 Not Found", "no such file\n"),
            "{path}"
        );
    }
    let (status, _, _) = get(port, "POST / HTTP/1.1\r\n\r\n");
    assert_eq!(status, "HTTP/1.1 405 Method Not Allowed");
    drop(server);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_folder_without_the_page_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--dir", "no/such/folder"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: no playground in `no/such/folder`: build it first with web/build.sh (or name its folder with --dir)\n"
    );
}
