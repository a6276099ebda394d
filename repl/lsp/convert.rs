//! The library's answers in the protocol's types: spans to ranges, kinds to the
//! protocol's kinds, highlights to the relative encoding of semantic tokens.

use super::position::Lines;
use lsp_types as lsp;
use tabula::diagnostic::Span;
use tabula::services::{
    self, CompletionKind, Highlight, HighlightKind, OutlineItem, Problem, Severity, SymbolKind,
};

/// A problem as the protocol's diagnostic, with the other places it is about.
pub fn diagnostic(
    range: lsp::Range,
    p: &Problem,
    related: Vec<lsp::DiagnosticRelatedInformation>,
) -> lsp::Diagnostic {
    lsp::Diagnostic {
        range,
        severity: Some(match p.severity {
            Severity::Error => lsp::DiagnosticSeverity::ERROR,
            Severity::Warning => lsp::DiagnosticSeverity::WARNING,
        }),
        source: Some("tabula".to_string()),
        message: p.text(),
        code: p.code.map(|c| lsp::NumberOrString::String(c.to_string())),
        related_information: (!related.is_empty()).then_some(related),
        ..lsp::Diagnostic::default()
    }
}

fn symbol_kind(kind: SymbolKind) -> lsp::SymbolKind {
    use lsp::SymbolKind as L;
    match kind {
        SymbolKind::Define => L::CONSTANT,
        SymbolKind::Piece => L::CLASS,
        SymbolKind::Counter => L::VARIABLE,
        SymbolKind::Pool => L::ARRAY,
        SymbolKind::Region | SymbolKind::Track | SymbolKind::DirectionSet => L::NAMESPACE,
        SymbolKind::Zone | SymbolKind::Cell | SymbolKind::Direction | SymbolKind::Player => {
            L::ENUM_MEMBER
        }
        SymbolKind::Action => L::FUNCTION,
        SymbolKind::Chance => L::EVENT,
        SymbolKind::Phase => L::ENUM,
        SymbolKind::Option => L::PROPERTY,
        SymbolKind::Local => L::VARIABLE,
    }
}

#[allow(deprecated)] // `deprecated` is a field the protocol keeps; it must be written.
pub fn outline(lines: &Lines, item: &OutlineItem) -> lsp::DocumentSymbol {
    use services::OutlineKind as O;
    let (kind, detail) = match item.kind {
        O::Symbol(k) => (symbol_kind(k), k.word()),
        O::Game => (lsp::SymbolKind::STRING, "game"),
        O::Include => (lsp::SymbolKind::PACKAGE, "include"),
        O::Players => (lsp::SymbolKind::ENUM, "players"),
        O::Board => (lsp::SymbolKind::STRUCT, "board"),
        O::Names => (lsp::SymbolKind::OBJECT, "names"),
        O::Layout => (lsp::SymbolKind::OBJECT, "layout"),
        O::Setup => (lsp::SymbolKind::CONSTRUCTOR, "setup"),
        O::End => (lsp::SymbolKind::EVENT, "end rule"),
        O::Score => (lsp::SymbolKind::FIELD, "score"),
        O::Show => (lsp::SymbolKind::FIELD, "show"),
        O::Test => (lsp::SymbolKind::METHOD, "test"),
        O::Strategy => (lsp::SymbolKind::FUNCTION, "strategy"),
        O::Rules => (lsp::SymbolKind::STRING, "rules"),
    };
    let name = if item.name.trim().is_empty() {
        detail.to_string()
    } else {
        item.name.clone()
    };
    lsp::DocumentSymbol {
        name,
        detail: Some(detail.to_string()),
        kind,
        tags: None,
        deprecated: None,
        range: lines.range(item.span),
        selection_range: lines.range(item.name_span),
        children: (!item.children.is_empty())
            .then(|| item.children.iter().map(|c| outline(lines, c)).collect()),
    }
}

pub fn completion(c: services::Completion) -> lsp::CompletionItem {
    use lsp::CompletionItemKind as L;
    let kind = match c.kind {
        CompletionKind::Keyword => L::KEYWORD,
        CompletionKind::Function => L::FUNCTION,
        CompletionKind::BuiltIn => L::CONSTANT,
        CompletionKind::Symbol(k) => match k {
            SymbolKind::Define => L::CONSTANT,
            SymbolKind::Piece => L::CLASS,
            SymbolKind::Counter | SymbolKind::Local => L::VARIABLE,
            SymbolKind::Pool => L::FIELD,
            SymbolKind::Region | SymbolKind::Track | SymbolKind::DirectionSet => L::MODULE,
            SymbolKind::Zone | SymbolKind::Cell | SymbolKind::Direction | SymbolKind::Player => {
                L::ENUM_MEMBER
            }
            SymbolKind::Action => L::METHOD,
            SymbolKind::Chance => L::EVENT,
            SymbolKind::Phase => L::ENUM,
            SymbolKind::Option => L::PROPERTY,
        },
    };
    lsp::CompletionItem {
        label: c.label,
        kind: Some(kind),
        detail: Some(c.detail),
        documentation: c.documentation.map(|d| {
            lsp::Documentation::MarkupContent(lsp::MarkupContent {
                kind: lsp::MarkupKind::Markdown,
                value: d,
            })
        }),
        ..lsp::CompletionItem::default()
    }
}

/// The token types of the legend, in the order their numbers refer to.
pub const TOKEN_TYPES: [lsp::SemanticTokenType; 16] = [
    lsp::SemanticTokenType::KEYWORD,
    lsp::SemanticTokenType::NUMBER,
    lsp::SemanticTokenType::STRING,
    lsp::SemanticTokenType::OPERATOR,
    lsp::SemanticTokenType::COMMENT,
    lsp::SemanticTokenType::FUNCTION,
    lsp::SemanticTokenType::VARIABLE,
    lsp::SemanticTokenType::MACRO,
    lsp::SemanticTokenType::TYPE,
    lsp::SemanticTokenType::STRUCT,
    lsp::SemanticTokenType::NAMESPACE,
    lsp::SemanticTokenType::ENUM_MEMBER,
    lsp::SemanticTokenType::EVENT,
    lsp::SemanticTokenType::ENUM,
    lsp::SemanticTokenType::PROPERTY,
    lsp::SemanticTokenType::PARAMETER,
];

/// The token modifiers of the legend, each a bit in that order.
pub const TOKEN_MODIFIERS: [lsp::SemanticTokenModifier; 2] = [
    lsp::SemanticTokenModifier::DECLARATION,
    lsp::SemanticTokenModifier::DEFAULT_LIBRARY,
];

fn token_type(kind: HighlightKind) -> u32 {
    match kind {
        HighlightKind::Keyword => 0,
        HighlightKind::Number => 1,
        HighlightKind::Text => 2,
        HighlightKind::Operator => 3,
        HighlightKind::Comment => 4,
        HighlightKind::Function | HighlightKind::Symbol(SymbolKind::Action) => 5,
        HighlightKind::BuiltIn | HighlightKind::Name => 6,
        HighlightKind::Symbol(k) => match k {
            SymbolKind::Counter => 6,
            SymbolKind::Define => 7,
            SymbolKind::Piece => 8,
            SymbolKind::Pool => 9,
            SymbolKind::Region | SymbolKind::Track | SymbolKind::DirectionSet => 10,
            SymbolKind::Zone | SymbolKind::Cell | SymbolKind::Direction | SymbolKind::Player => 11,
            SymbolKind::Chance => 12,
            SymbolKind::Phase => 13,
            SymbolKind::Option => 14,
            SymbolKind::Local => 15,
            SymbolKind::Action => 5,
        },
    }
}

/// Highlights as semantic tokens: each relative to the one before, in UTF-16 units, a
/// token that spans lines (a text with a line break) cut at each line's end.
pub fn semantic_tokens(
    text: &str,
    lines: &Lines,
    highlights: &[Highlight],
) -> Vec<lsp::SemanticToken> {
    // Each highlight cut into its pieces of one line.
    let mut pieces: Vec<(Span, &Highlight)> = Vec::with_capacity(highlights.len());
    for h in highlights {
        let mut start = h.span.start;
        while start < h.span.end {
            let end = text[start..h.span.end]
                .find('\n')
                .map_or(h.span.end, |i| start + i);
            if end > start {
                pieces.push((Span::new(start, end), h));
            }
            start = end + 1;
        }
    }
    let spans: Vec<Span> = pieces.iter().map(|(s, _)| *s).collect();
    let ranges = lines.ranges(&spans);
    let mut out = Vec::with_capacity(pieces.len());
    let (mut last_line, mut last_start) = (0u32, 0u32);
    for ((_, h), range) in pieces.iter().zip(ranges) {
        let modifiers = u32::from(h.declaration)
            | if h.kind == HighlightKind::BuiltIn {
                2
            } else {
                0
            };
        let at = range.start;
        let delta_line = at.line - last_line;
        let delta_start = if delta_line == 0 {
            at.character - last_start
        } else {
            at.character
        };
        out.push(lsp::SemanticToken {
            delta_line,
            delta_start,
            length: range.end.character - range.start.character,
            token_type: token_type(h.kind),
            token_modifiers_bitset: modifiers,
        });
        (last_line, last_start) = (at.line, at.character);
    }
    out
}
