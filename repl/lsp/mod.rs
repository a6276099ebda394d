//! `tabula lsp`: a language server over standard input and output. A thin loop over
//! `lsp-server`'s channels: it keeps the open texts, converts places between the
//! protocol's lines and UTF-16 characters and the library's byte offsets, and answers
//! each request from one table with a function of `tabula::services`. Diagnostics are
//! published when a file is opened and a moment after the last change. A request that
//! fails inside the library is answered with an error; the server goes on.

mod convert;
mod documents;
mod position;
mod transport;

use crate::error::{refused, CliError};
use documents::{game_of_uri, name_of_uri, Document, Documents};
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response, ResponseError};
use lsp_types as lsp;
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use position::Lines;
use serde_json::Value;
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tabula::services;

/// How long after the last change the diagnostics of a file are worked out, so that
/// typing is not slowed by checking every key.
const DEBOUNCE: Duration = Duration::from_millis(200);

/// The request a client sends for the text of a built-in game's served document.
const GAME_TEXT: &str = "tabula/gameText";

pub fn run() -> Result<(), CliError> {
    let (connection, [_reader, writer]) = transport::stdio();
    let capabilities = serde_json::to_value(capabilities())
        .map_err(|e| refused!("the server's capabilities: {e}"))?;
    let params = connection
        .initialize(capabilities)
        .map_err(|e| refused!("the editor did not start the session: {e}"))?;
    let mut server = Server {
        connection,
        documents: Documents::default(),
        pending: HashMap::new(),
    };
    if let Ok(params) = serde_json::from_value::<lsp::InitializeParams>(params) {
        // An editor of the protocol's first versions names one root, not folders.
        #[allow(deprecated)]
        let root = params.root_uri.iter().map(|u| u.as_str().to_string());
        let folders = params.workspace_folders.unwrap_or_default();
        server.documents.roots = folders
            .iter()
            .map(|f| f.uri.as_str().to_string())
            .chain(root)
            .filter_map(|u| documents::path_of_uri(&u))
            .collect();
    }
    server.serve()?;
    // The connection's end lets the thread writing to the editor finish what it has.
    drop(server);
    let _ = writer.join();
    Ok(())
}

fn capabilities() -> lsp::ServerCapabilities {
    lsp::ServerCapabilities {
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(
            lsp::TextDocumentSyncKind::FULL,
        )),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        definition_provider: Some(lsp::OneOf::Left(true)),
        references_provider: Some(lsp::OneOf::Left(true)),
        rename_provider: Some(lsp::OneOf::Left(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        document_formatting_provider: Some(lsp::OneOf::Left(true)),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Options(
            lsp::CodeActionOptions {
                code_action_kinds: Some(vec![lsp::CodeActionKind::QUICKFIX]),
                ..lsp::CodeActionOptions::default()
            },
        )),
        completion_provider: Some(lsp::CompletionOptions {
            trigger_characters: Some(vec!["(".to_string()]),
            ..lsp::CompletionOptions::default()
        }),
        semantic_tokens_provider: Some(
            lsp::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lsp::SemanticTokensOptions {
                    legend: lsp::SemanticTokensLegend {
                        token_types: convert::TOKEN_TYPES.to_vec(),
                        token_modifiers: convert::TOKEN_MODIFIERS.to_vec(),
                    },
                    full: Some(lsp::SemanticTokensFullOptions::Bool(true)),
                    range: None,
                    ..lsp::SemanticTokensOptions::default()
                },
            ),
        ),
        ..lsp::ServerCapabilities::default()
    }
}

struct Server {
    connection: Connection,
    documents: Documents,
    /// The files whose diagnostics are due, and when.
    pending: HashMap<String, Instant>,
}

/// What a request answers: a result, or an error with its code.
type Answer = Result<Value, ResponseError>;

/// A request's handler: its parameters to its answer.
type Handler = fn(&Server, Value) -> Answer;

/// Each request the server answers, by method.
const REQUESTS: &[(&str, Handler)] = &[
    (lsp::request::HoverRequest::METHOD, Server::hover),
    (lsp::request::GotoDefinition::METHOD, Server::definition),
    (lsp::request::References::METHOD, Server::references),
    (lsp::request::Rename::METHOD, Server::rename),
    (lsp::request::DocumentSymbolRequest::METHOD, Server::outline),
    (lsp::request::Completion::METHOD, Server::completion),
    (
        lsp::request::SemanticTokensFullRequest::METHOD,
        Server::semantic_tokens,
    ),
    (lsp::request::Formatting::METHOD, Server::formatting),
    (
        lsp::request::CodeActionRequest::METHOD,
        Server::code_actions,
    ),
    (GAME_TEXT, Server::game_text),
];

fn failure(code: ErrorCode, message: impl Into<String>) -> ResponseError {
    ResponseError {
        code: code as i32,
        message: message.into(),
        data: None,
    }
}

fn params<P: serde::de::DeserializeOwned>(value: Value) -> Result<P, ResponseError> {
    serde_json::from_value(value).map_err(|e| failure(ErrorCode::InvalidParams, e.to_string()))
}

fn to_value(v: impl serde::Serialize) -> Answer {
    serde_json::to_value(v).map_err(|e| failure(ErrorCode::InternalError, e.to_string()))
}

/// What a panic said, for the error that answers the request it broke.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

impl Server {
    fn send(&self, message: impl Into<Message>) -> Result<(), CliError> {
        self.connection
            .sender
            .send(message.into())
            .map_err(|_| refused!("the editor closed the connection"))
    }

    fn serve(&mut self) -> Result<(), CliError> {
        loop {
            let next = self.pending.values().min().copied();
            let message = match next {
                Some(due) => {
                    let wait = due.saturating_duration_since(Instant::now());
                    match self.connection.receiver.recv_timeout(wait) {
                        Ok(m) => Some(m),
                        Err(e) if e.is_timeout() => None,
                        Err(_) => return Ok(()),
                    }
                }
                None => match self.connection.receiver.recv() {
                    Ok(m) => Some(m),
                    Err(_) => return Ok(()),
                },
            };
            match message {
                Some(Message::Request(request)) => {
                    let done = self
                        .connection
                        .handle_shutdown(&request)
                        .map_err(|e| refused!("the editor's shutdown: {e}"))?;
                    if done {
                        return Ok(());
                    }
                    let response = self.answer(request);
                    self.send(response)?;
                }
                Some(Message::Notification(n)) => {
                    if n.method == lsp::notification::Exit::METHOD {
                        return Ok(());
                    }
                    self.notified(n)?;
                }
                Some(Message::Response(_)) | None => {}
            }
            self.publish_due()?;
        }
    }

    fn answer(&self, request: Request) -> Response {
        self.answer_from(REQUESTS, request)
    }

    /// The answer of the handler of `table` for the request's method.
    fn answer_from(&self, table: &[(&str, Handler)], request: Request) -> Response {
        let Some((_, handler)) = table.iter().find(|(m, _)| *m == request.method) else {
            return Response {
                id: request.id,
                response_result: Err(failure(
                    ErrorCode::MethodNotFound,
                    format!("`{}` is not a request this server answers", request.method),
                )),
            };
        };
        let run = std::panic::AssertUnwindSafe(|| handler(self, request.params));
        let answer = std::panic::catch_unwind(run).unwrap_or_else(|payload| {
            Err(failure(
                ErrorCode::InternalError,
                format!(
                    "the server failed on this request: {}",
                    panic_message(payload.as_ref())
                ),
            ))
        });
        Response {
            id: request.id,
            response_result: answer,
        }
    }

    fn notified(&mut self, n: Notification) -> Result<(), CliError> {
        use lsp::notification as N;
        match n.method.as_str() {
            N::DidOpenTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(n.params)
                else {
                    return Ok(());
                };
                let uri = p.text_document.uri.as_str().to_string();
                self.documents.open.insert(
                    uri.clone(),
                    Document {
                        text: p.text_document.text,
                    },
                );
                self.pending.insert(uri, Instant::now());
            }
            N::DidChangeTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(n.params)
                else {
                    return Ok(());
                };
                let uri = p.text_document.uri.as_str().to_string();
                // Full sync: the last change is the whole text.
                if let (Some(change), Some(doc)) = (
                    p.content_changes.into_iter().last(),
                    self.documents.open.get_mut(&uri),
                ) {
                    doc.text = change.text;
                    self.pending.insert(uri, Instant::now() + DEBOUNCE);
                }
            }
            N::DidCloseTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(n.params)
                else {
                    return Ok(());
                };
                let uri = p.text_document.uri.as_str().to_string();
                self.documents.open.remove(&uri);
                self.pending.remove(&uri);
                self.publish(&uri, Vec::new())?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Publishes the diagnostics of every file whose time has come.
    fn publish_due(&mut self) -> Result<(), CliError> {
        let now = Instant::now();
        let due: Vec<String> = self
            .pending
            .iter()
            .filter(|(_, t)| **t <= now)
            .map(|(u, _)| u.clone())
            .collect();
        for uri in due {
            self.pending.remove(&uri);
            let Some(doc) = self.documents.open.get(&uri) else {
                continue;
            };
            let text = doc.text.as_str();
            let name = name_of_uri(&uri);
            let found = std::panic::catch_unwind(|| services::diagnostics(&name, text));
            let Ok(problems) = found else {
                continue;
            };
            let lines = Lines::new(text);
            let spans: Vec<_> = problems.iter().map(|p| p.span).collect();
            let list = problems
                .iter()
                .zip(lines.ranges(&spans))
                .map(|(p, range)| convert::diagnostic(range, p, self.related(&uri, text, p)))
                .collect();
            self.publish(&uri, list)?;
        }
        Ok(())
    }

    /// The other places a problem of the document `uri` is about, in the protocol's terms.
    fn related(
        &self,
        uri: &str,
        text: &str,
        p: &services::Problem,
    ) -> Vec<lsp::DiagnosticRelatedInformation> {
        p.related
            .iter()
            .filter_map(|(at, label)| {
                Some(lsp::DiagnosticRelatedInformation {
                    location: self.location(uri, text, *at)?,
                    message: label.clone(),
                })
            })
            .collect()
    }

    /// The quick fixes of the problems in a range: each suggested edit of each problem.
    fn code_actions(&self, value: Value) -> Answer {
        let p: lsp::CodeActionParams = params(value)?;
        let uri = p.text_document.uri.as_str();
        let text = self.text(&p.text_document)?;
        let lines = Lines::new(text);
        let problems = services::diagnostics(&name_of_uri(uri), text);
        let mut actions = Vec::new();
        for problem in &problems {
            let range = lines.range(problem.span);
            if range.start > p.range.end || p.range.start > range.end {
                continue;
            }
            let diagnostic = convert::diagnostic(range, problem, self.related(uri, text, problem));
            for fix in &problem.suggestions {
                let edit = lsp::TextEdit::new(lines.range(fix.span), fix.text.clone());
                // Written by hand, as for a rename: the protocol's map of edits is keyed
                // by a type that clippy takes for mutable.
                actions.push(serde_json::json!({
                    "title": format!("Replace with `{}`", fix.text),
                    "kind": lsp::CodeActionKind::QUICKFIX,
                    "diagnostics": [diagnostic],
                    "isPreferred": true,
                    "edit": { "changes": { uri: [edit] } },
                }));
            }
        }
        to_value(actions)
    }

    fn publish(&self, uri: &str, diagnostics: Vec<lsp::Diagnostic>) -> Result<(), CliError> {
        let Ok(uri) = uri.parse::<lsp::Uri>() else {
            return Ok(());
        };
        let params = lsp::PublishDiagnosticsParams {
            uri,
            diagnostics,
            version: None,
        };
        self.send(Notification::new(
            lsp::notification::PublishDiagnostics::METHOD.to_string(),
            params,
        ))
    }

    /// The text of a document and the byte offset of a place in it.
    fn at(&self, place: &lsp::TextDocumentPositionParams) -> Result<(&str, usize), ResponseError> {
        let text = self.text(&place.text_document)?;
        Ok((text, Lines::new(text).offset(place.position)))
    }

    fn text(&self, doc: &lsp::TextDocumentIdentifier) -> Result<&str, ResponseError> {
        self.documents.text(doc.uri.as_str()).ok_or_else(|| {
            failure(
                ErrorCode::InvalidParams,
                format!("`{}` is not open", doc.uri.as_str()),
            )
        })
    }

    /// A location of the library as the protocol's: in the file asked about, or in the
    /// document of the built-in game it includes.
    fn location(&self, from: &str, text: &str, l: services::Location) -> Option<lsp::Location> {
        let (uri, text) = match l.place {
            services::Place::Own => (from.to_string(), text),
            services::Place::Game(game) => (
                self.documents.game_uri(from, game),
                tabula::games::built_in(game)?,
            ),
        };
        Some(lsp::Location {
            uri: uri.parse().ok()?,
            range: Lines::new(text).range(l.span),
        })
    }

    /// `location` of many, each text read once.
    fn locations(
        &self,
        from: &str,
        text: &str,
        found: &[services::Location],
    ) -> Vec<lsp::Location> {
        let mut out = Vec::with_capacity(found.len());
        let own: Vec<_> = found
            .iter()
            .filter(|l| l.place == services::Place::Own)
            .map(|l| l.span)
            .collect();
        let mut own = Lines::new(text).ranges(&own).into_iter();
        let Ok(from_uri) = from.parse::<lsp::Uri>() else {
            return out;
        };
        for l in found {
            match l.place {
                services::Place::Own => {
                    if let Some(range) = own.next() {
                        out.push(lsp::Location {
                            uri: from_uri.clone(),
                            range,
                        });
                    }
                }
                services::Place::Game(_) => out.extend(self.location(from, text, *l)),
            }
        }
        out
    }

    fn hover(&self, value: Value) -> Answer {
        let p: lsp::HoverParams = params(value)?;
        let (text, offset) = self.at(&p.text_document_position_params)?;
        let lines = Lines::new(text);
        to_value(services::hover(text, offset).map(|h| lsp::Hover {
            contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                kind: lsp::MarkupKind::Markdown,
                value: h.text,
            }),
            range: Some(lines.range(h.span)),
        }))
    }

    fn definition(&self, value: Value) -> Answer {
        let p: lsp::GotoDefinitionParams = params(value)?;
        let place = &p.text_document_position_params;
        let (text, offset) = self.at(place)?;
        let from = place.text_document.uri.as_str();
        to_value(
            services::definition(text, offset)
                .and_then(|l| self.location(from, text, l))
                .map(lsp::GotoDefinitionResponse::Scalar),
        )
    }

    fn references(&self, value: Value) -> Answer {
        let p: lsp::ReferenceParams = params(value)?;
        let place = &p.text_document_position;
        let (text, offset) = self.at(place)?;
        let from = place.text_document.uri.as_str();
        let found = services::references(text, offset, p.context.include_declaration);
        to_value(self.locations(from, text, &found))
    }

    fn rename(&self, value: Value) -> Answer {
        let p: lsp::RenameParams = params(value)?;
        let place = &p.text_document_position;
        let (text, offset) = self.at(place)?;
        let edits = services::rename(text, offset, &p.new_name)
            .map_err(|e| failure(ErrorCode::RequestFailed, e.to_string()))?;
        let spans: Vec<_> = edits.iter().map(|e| e.span).collect();
        let edits: Vec<lsp::TextEdit> = edits
            .into_iter()
            .zip(Lines::new(text).ranges(&spans))
            .map(|(e, range)| lsp::TextEdit::new(range, e.text))
            .collect();
        // Written by hand: the protocol's map of edits is keyed by a type that clippy
        // takes for mutable.
        to_value(serde_json::json!({
            "changes": { place.text_document.uri.as_str(): edits }
        }))
    }

    fn outline(&self, value: Value) -> Answer {
        let p: lsp::DocumentSymbolParams = params(value)?;
        let text = self.text(&p.text_document)?;
        let lines = Lines::new(text);
        let items = services::outline(text).unwrap_or_default();
        let symbols: Vec<lsp::DocumentSymbol> =
            items.iter().map(|i| convert::outline(&lines, i)).collect();
        to_value(lsp::DocumentSymbolResponse::Nested(symbols))
    }

    fn completion(&self, value: Value) -> Answer {
        let p: lsp::CompletionParams = params(value)?;
        let (text, offset) = self.at(&p.text_document_position)?;
        let items: Vec<lsp::CompletionItem> = services::completions(text, offset)
            .into_iter()
            .map(convert::completion)
            .collect();
        // A list cut at its most is asked for again as the word typed grows.
        to_value(lsp::CompletionResponse::List(lsp::CompletionList {
            is_incomplete: items.len() >= services::MAX_COMPLETIONS,
            items,
        }))
    }

    fn semantic_tokens(&self, value: Value) -> Answer {
        let p: lsp::SemanticTokensParams = params(value)?;
        let text = self.text(&p.text_document)?;
        let lines = Lines::new(text);
        let data = match services::highlights(text) {
            Ok(h) => convert::semantic_tokens(text, &lines, &h),
            Err(_) => Vec::new(),
        };
        to_value(lsp::SemanticTokensResult::Tokens(lsp::SemanticTokens {
            result_id: None,
            data,
        }))
    }

    fn formatting(&self, value: Value) -> Answer {
        let p: lsp::DocumentFormattingParams = params(value)?;
        let text = self.text(&p.text_document)?;
        let formatted =
            services::formatting(text).map_err(|d| failure(ErrorCode::RequestFailed, d.message))?;
        if formatted == text {
            return to_value(Vec::<lsp::TextEdit>::new());
        }
        let lines = Lines::new(text);
        let whole = lines.range(tabula::diagnostic::Span::new(0, text.len()));
        to_value(vec![lsp::TextEdit::new(whole, formatted)])
    }

    /// The text of a built-in game's served document (`tabula:games/NAME.tabula`).
    fn game_text(&self, value: Value) -> Answer {
        let p: lsp::TextDocumentIdentifier = params(value)?;
        let text = game_of_uri(p.uri.as_str())
            .and_then(tabula::games::built_in)
            .ok_or_else(|| {
                failure(
                    ErrorCode::InvalidParams,
                    format!("`{}` is not a built-in game's document", p.uri.as_str()),
                )
            })?;
        to_value(serde_json::json!({ "text": text }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn broken(_: &Server, _: Value) -> Answer {
        let list: Vec<u8> = Vec::new();
        Ok(Value::from(list[usize::from(list.is_empty())]))
    }

    #[test]
    fn a_request_that_fails_inside_is_answered_with_an_error_and_the_server_goes_on() {
        let (connection, _client) = Connection::memory();
        let server = Server {
            connection,
            documents: Documents::default(),
            pending: HashMap::new(),
        };
        let table: &[(&str, Handler)] = &[("broken", broken), (GAME_TEXT, Server::game_text)];
        let request = |id: i32, method: &str, params: Value| Request {
            id: id.into(),
            method: method.to_string(),
            params,
        };
        let answer = server.answer_from(table, request(1, "broken", Value::Null));
        let error = answer.response_result.expect_err("an error");
        assert_eq!(error.code, ErrorCode::InternalError as i32);
        assert!(
            error
                .message
                .starts_with("the server failed on this request: index out of bounds"),
            "{}",
            error.message
        );
        let uri = serde_json::json!({ "uri": "tabula:games/none.tabula" });
        let answer = server.answer_from(table, request(2, GAME_TEXT, uri));
        let error = answer.response_result.expect_err("an error");
        assert_eq!(
            error.message,
            "`tabula:games/none.tabula` is not a built-in game's document"
        );
    }
}
