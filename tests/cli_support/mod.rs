//! The command-line test builder: a fresh working folder with files, the arguments,
//! standard input, and the exact output, status and files expected.
#![allow(dead_code)]

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// One run of `tabula`: the files it finds in its (fresh) working folder, its
/// arguments, and what it must print and return.
#[must_use]
pub struct Test {
    files: Vec<(String, String)>,
    args: Vec<String>,
    stdout: Option<String>,
    stderr: Option<String>,
    success: bool,
    stdin: Option<String>,
    files_after: Vec<(String, String)>,
}

impl Test {
    pub fn new() -> Test {
        Test {
            files: Vec::new(),
            args: Vec::new(),
            stdout: None,
            stderr: None,
            success: true,
            stdin: None,
            files_after: Vec::new(),
        }
    }

    /// A file in the working folder.
    pub fn file(mut self, name: &str, text: &str) -> Test {
        self.files.push((name.to_string(), text.to_string()));
        self
    }

    /// Arguments, after those given so far.
    pub fn args(mut self, args: &[&str]) -> Test {
        self.args.extend(args.iter().map(|a| a.to_string()));
        self
    }

    /// Standard output, exactly.
    pub fn stdout(mut self, text: &str) -> Test {
        self.stdout = Some(text.to_string());
        self
    }

    /// Standard error, exactly.
    pub fn stderr(mut self, text: &str) -> Test {
        self.stderr = Some(text.to_string());
        self
    }

    /// The run must fail (exit status 1).
    pub fn failure(mut self) -> Test {
        self.success = false;
        self
    }

    /// Standard input.
    pub fn stdin(mut self, text: &str) -> Test {
        self.stdin = Some(text.to_string());
        self
    }

    /// A file of the working folder must hold this once the run is over.
    pub fn expect_file(mut self, name: &str, text: &str) -> Test {
        self.files_after.push((name.to_string(), text.to_string()));
        self
    }

    /// Runs it, checks what was asked, and returns standard output.
    #[track_caller]
    pub fn run(self) -> String {
        static RUNS: AtomicUsize = AtomicUsize::new(0);
        let dir: PathBuf = std::env::temp_dir().join(format!(
            "tabula-cli-{}-{}",
            std::process::id(),
            RUNS.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("a working folder");
        for (name, text) in &self.files {
            std::fs::write(dir.join(name), text).expect("a file written");
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(&self.args)
            .current_dir(&dir)
            .env("NO_COLOR", "1")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let input = self.stdin.clone().unwrap_or_default();
        let mut pipe = child.stdin.take().expect("a pipe");
        let writer = std::thread::spawn(move || {
            let _ = pipe.write_all(input.as_bytes());
        });
        let out = child.wait_with_output().expect("the binary runs");
        let _ = writer.join();
        let after: Vec<(String, Option<String>)> = self
            .files_after
            .iter()
            .map(|(name, _)| (name.clone(), std::fs::read_to_string(dir.join(name)).ok()))
            .collect();
        let _ = std::fs::remove_dir_all(&dir);
        let stdout = String::from_utf8(out.stdout).expect("utf-8");
        let stderr = String::from_utf8(out.stderr).expect("utf-8");
        let what = format!("tabula {}\nstderr:\n{stderr}", self.args.join(" "));
        if self.success {
            assert!(out.status.success(), "{what}");
        } else {
            assert_eq!(out.status.code(), Some(1), "{what}");
        }
        if let Some(want) = &self.stdout {
            assert_eq!(&stdout, want, "{what}");
        }
        if let Some(want) = &self.stderr {
            assert_eq!(&stderr, want, "{what}");
        }
        for ((name, want), (_, got)) in self.files_after.iter().zip(&after) {
            assert_eq!(got.as_deref(), Some(want.as_str()), "{what}\nfile {name}");
        }
        stdout
    }
}
