//! Messages over standard input and output, framed by `Content-Length` headers, read
//! as untrusted: a message longer than `MAX_MESSAGE` is skipped unread rather than
//! held in memory, and one whose body is not a JSON-RPC message is skipped, since its
//! length says where the next one starts. Only input that breaks the framing itself
//! (a header that is not one, no length) ends the session.

use lsp_server::{Connection, Message};
use std::io::{BufRead, Read, Write};
use std::thread::JoinHandle;

/// The longest message read: a rules file at its limit, escaped as JSON, fits many
/// times over.
pub const MAX_MESSAGE: usize = 64 << 20;

/// The longest header line read.
const MAX_HEADER: usize = 1024;

/// A connection over standard input and output, and the threads that read and write.
pub fn stdio() -> (Connection, [JoinHandle<()>; 2]) {
    let (server, client) = Connection::memory();
    let Connection { sender, receiver } = client;
    let reader = std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        while let Some(body) = next_body(&mut input) {
            let Some(body) = body else { continue };
            match serde_json::from_slice::<Message>(&body) {
                Ok(message) => {
                    let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                    if sender.send(message).is_err() || exit {
                        return;
                    }
                }
                Err(e) => eprintln!("tabula lsp: a message that is not JSON-RPC was skipped: {e}"),
            }
        }
    });
    let writer = std::thread::spawn(move || {
        let stdout = std::io::stdout();
        let mut output = stdout.lock();
        for message in receiver {
            if message.write(&mut output).is_err() {
                return;
            }
            let _ = output.flush();
        }
    });
    (server, [reader, writer])
}

/// The body of the next message: `None` at the end of the input or when the framing is
/// broken; `Some(None)` for a message skipped for its length.
fn next_body(input: &mut impl BufRead) -> Option<Option<Vec<u8>>> {
    let mut length = None;
    loop {
        let mut line = Vec::new();
        let read = input
            .by_ref()
            .take(MAX_HEADER as u64)
            .read_until(b'\n', &mut line)
            .ok()?;
        if read == 0 {
            return None;
        }
        if !line.ends_with(b"\n") {
            eprintln!("tabula lsp: a header line is too long; the session ends");
            return None;
        }
        let line = String::from_utf8_lossy(&line);
        let line = line.trim_end_matches(['\r', '\n']);
        if line.is_empty() {
            break;
        }
        let (name, value) = line.split_once(':')?;
        if name.trim().eq_ignore_ascii_case("Content-Length") {
            length = Some(value.trim().parse::<u64>().ok()?);
        }
    }
    let Some(length) = length else {
        eprintln!("tabula lsp: a message without a Content-Length; the session ends");
        return None;
    };
    if length > MAX_MESSAGE as u64 {
        eprintln!("tabula lsp: a message of {length} bytes was skipped (at most {MAX_MESSAGE})");
        let skipped = std::io::copy(&mut input.by_ref().take(length), &mut std::io::sink()).ok()?;
        return (skipped == length).then_some(None);
    }
    let mut body = vec![0; length as usize];
    input.read_exact(&mut body).ok()?;
    Some(Some(body))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_are_read_by_their_length_and_broken_framing_ends_the_input() {
        let text = b"Content-Length: 2\r\n\r\n{}content-length:3\r\nOther: x\r\n\r\nabc";
        let mut input = &text[..];
        assert_eq!(next_body(&mut input), Some(Some(b"{}".to_vec())));
        assert_eq!(next_body(&mut input), Some(Some(b"abc".to_vec())));
        assert_eq!(next_body(&mut input), None);
        let mut input = &b"Content-Length: x\r\n\r\n"[..];
        assert_eq!(next_body(&mut input), None);
        let mut input = &b"Nothing: here\r\n\r\n{}"[..];
        assert_eq!(next_body(&mut input), None);
        let long = format!("Content-Length: {}\r\n\r\n", MAX_MESSAGE + 1);
        let mut text = long.into_bytes();
        text.extend(std::iter::repeat_n(b' ', MAX_MESSAGE + 1));
        text.extend(b"Content-Length: 2\r\n\r\n{}");
        let mut input = &text[..];
        assert_eq!(next_body(&mut input), Some(None));
        assert_eq!(next_body(&mut input), Some(Some(b"{}".to_vec())));
    }
}
