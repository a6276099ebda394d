//! A client of `tabula lsp` for the tests: it starts the server, frames JSON-RPC
//! messages by `Content-Length` as an editor does, and waits for answers by id and for
//! the diagnostics published on their own.
#![allow(dead_code)]

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The longest the server may take to answer anything here (a debug build, on a busy
/// machine); docs/editors.md gives the times of a release build.
pub const PATIENCE: Duration = Duration::from_secs(30);

pub struct Client {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    /// Notifications that came while waiting for something else.
    pub notifications: Vec<Value>,
    next_id: i64,
}

impl Client {
    /// Starts the server and initializes the session with `root` as its workspace folder.
    pub fn start(root: &std::path::Path) -> (Client, Value) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let stdin = child.stdin.take().expect("its input");
        let stdout = child.stdout.take().expect("its output");
        let (send, messages) = channel();
        std::thread::spawn(move || {
            let mut out = BufReader::new(stdout);
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if out.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("a length")];
                if out.read_exact(&mut body).is_err() {
                    return;
                }
                let value: Value = serde_json::from_slice(&body).expect("JSON");
                if send.send(value).is_err() {
                    return;
                }
            }
        });
        let mut client = Client {
            child,
            stdin,
            messages,
            notifications: Vec::new(),
            next_id: 0,
        };
        let folder = json!([{ "uri": uri(root), "name": "work" }]);
        let answer = client.request(
            "initialize",
            json!({ "processId": null, "capabilities": {}, "workspaceFolders": folder }),
        );
        client.notify("initialized", json!({}));
        (client, answer)
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("written");
        self.stdin.flush().expect("flushed");
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("written");
        self.stdin.flush().expect("flushed");
    }

    pub fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    fn next(&mut self, until: Instant) -> Value {
        match self
            .messages
            .recv_timeout(until.saturating_duration_since(Instant::now()))
        {
            Ok(v) => v,
            Err(RecvTimeoutError::Timeout) => panic!("no answer within {PATIENCE:?}"),
            Err(RecvTimeoutError::Disconnected) => panic!("the server has gone"),
        }
    }

    /// The whole response to a request: `result` or `error`.
    pub fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        let until = Instant::now() + PATIENCE;
        loop {
            let m = self.next(until);
            if m["id"] == json!(id) && m.get("method").is_none() {
                return m;
            }
            self.notifications.push(m);
        }
    }

    /// The result of a request that must succeed.
    pub fn result(&mut self, method: &str, params: Value) -> Value {
        let answer = self.request(method, params);
        assert!(answer.get("error").is_none(), "{method}: {answer}");
        answer["result"].clone()
    }

    /// The next diagnostics published for `uri`.
    pub fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        let is_for = |m: &Value| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        };
        if let Some(i) = self.notifications.iter().position(is_for) {
            let m = self.notifications.remove(i);
            return m["params"]["diagnostics"]
                .as_array()
                .cloned()
                .unwrap_or_default();
        }
        let until = Instant::now() + PATIENCE;
        loop {
            let m = self.next(until);
            if is_for(&m) {
                return m["params"]["diagnostics"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
            }
            self.notifications.push(m);
        }
    }

    pub fn open(&mut self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "tabula", "version": 1, "text": text } }),
        );
    }

    pub fn change(&mut self, uri: &str, version: i64, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "text": text }] }),
        );
    }

    pub fn at(&mut self, method: &str, uri: &str, line: u32, character: u32) -> Value {
        self.result(
            method,
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
        )
    }

    /// Ends the session as an editor does, and checks the server ends well.
    pub fn stop(mut self) {
        let answer = self.request("shutdown", Value::Null);
        assert_eq!(answer["result"], Value::Null, "{answer}");
        self.notify("exit", Value::Null);
        let until = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("a status") {
                assert!(status.success(), "{status}");
                return;
            }
            assert!(Instant::now() < until, "the server did not end");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn uri(path: &std::path::Path) -> String {
    format!("file://{}", path.display())
}

/// A fresh folder for one test.
pub fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-lsp-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    dir
}
