//! The problems of a rules text as the checker finds them: every error at once and the
//! warnings of a file that compiles, each worded as `tabula check` words it.

use super::navigate::Edit;
use super::symbols::{Location, Place};
use crate::compile::Rewrites;
use crate::diagnostic::{Diagnostic, Source, Span};
use crate::CompileError;

/// How bad a problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    /// The file does not compile.
    Error,
    /// The file compiles but probably does not say what was meant.
    Warning,
}

/// A problem of a rules text, at a byte range of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where the problem is (where `tabula check` puts its caret).
    pub span: Span,
    /// The sentence `tabula check` prints after `error:` or `warning:`.
    pub message: String,
    /// What `tabula check` prints after `= hint:`, if anything.
    pub hint: Option<String>,
    /// Whether it stops the file from compiling.
    pub severity: Severity,
    /// The stable name of the problem's kind (docs/errors.md), when it has one.
    pub code: Option<&'static str>,
    /// Other places the problem is about, each with what it is there.
    pub related: Vec<(Location, String)>,
    /// Edits of the text that would put it right.
    pub suggestions: Vec<Edit>,
}

impl Problem {
    /// The message with its hint on a line of its own, as an editor shows it.
    pub fn text(&self) -> String {
        match &self.hint {
            Some(h) => format!("{}\nhint: {h}", self.message),
            None => self.message.clone(),
        }
    }

    fn of(d: Diagnostic, text: &str) -> Problem {
        // A span past the text ("and N more problems") is put at its end.
        let inside = |span: Span, text: &str| {
            let end = floor(text, span.end.min(text.len()));
            Span::new(floor(text, span.start.min(end)), end)
        };
        let related = d
            .related
            .iter()
            .filter_map(|r| {
                let (place, text) = match &r.game {
                    None => (Place::Own, text),
                    Some(name) => {
                        let (name, text) =
                            crate::games::BUILT_IN.iter().find(|(n, _)| n == name)?;
                        (Place::Game(name), *text)
                    }
                };
                let span = inside(r.span, text);
                Some((Location { place, span }, r.label.to_string()))
            })
            .collect();
        let suggestions = d
            .suggestions
            .iter()
            .map(|e| Edit {
                span: inside(e.span, text),
                text: e.replacement.clone(),
            })
            .collect();
        Problem {
            span: inside(d.span, text),
            code: d.code(),
            related,
            suggestions,
            message: d.message,
            hint: d.hint,
            severity: if d.warning {
                Severity::Warning
            } else {
                Severity::Error
            },
        }
    }
}

fn floor(text: &str, mut at: usize) -> usize {
    while at > 0 && !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Every problem the checker finds in `text`, named `name` in its messages, in the
/// order of the text: the syntax error, or every error of the checker, or the warnings
/// of a file that compiles. The options are left off, as `tabula check` leaves them
/// without `-o`; the setup is not run and no game is played (`tabula check` does both).
///
/// ```
/// use tabula::services::{diagnostics, Severity};
///
/// let text = r#"
/// players a, b
/// board { grid 3 x 3 }
/// piece stone
/// action place "{to}" for to in cells where empty(to) { put stnoe of mover at to }
/// phase play { starts a actions place stuck end draw }
/// "#;
/// let problems = diagnostics("fill.tabula", text);
/// assert_eq!(problems.len(), 1);
/// let p = &problems[0];
/// assert_eq!(&text[p.span.start..p.span.end], "stnoe");
/// assert_eq!(p.severity, Severity::Error);
/// // The edit an editor offers: the name meant.
/// assert_eq!(p.suggestions[0].text, "stone");
/// ```
pub fn diagnostics(name: &str, text: &str) -> Vec<Problem> {
    let source = Source::new(name, text);
    // The parse the other services read too, so that asking them next parses nothing.
    let read = super::analysis::analysis(text);
    let compiled = match &*read {
        Ok(a) => crate::compile::rules_of_file(&source, a.file.clone(), &[], Rewrites::On),
        Err(_) => crate::compile::rules(&source, &[]),
    };
    match compiled {
        Ok(rules) => rules
            .warnings
            .into_iter()
            .map(|d| Problem::of(d, text))
            .collect(),
        Err(CompileError::Rules(d)) => d.list.into_iter().map(|d| Problem::of(d, text)).collect(),
        Err(CompileError::Option(m)) => {
            vec![Problem::of(Diagnostic::new(Span::default(), m), text)]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_is_listed_with_its_place_and_hint() {
        let text = "game \"t\"\nplayers a, b\nboard { grid 2 x 2 }\npiece p\n\
                    action go \"{c}\" for c in cells where empty(cc) { put p of mover at c }\n\
                    phase play { starts a actions go, stay }\n";
        let problems = diagnostics("t.tabula", text);
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!(problems[0].message, "unknown name `cc`");
        assert_eq!(problems[0].hint.as_deref(), Some("did you mean `c`?"));
        assert_eq!(&text[problems[0].span.start..problems[0].span.end], "cc");
        assert_eq!(problems[0].code, Some("unknown-name"));
        let fix = Edit {
            span: problems[0].span,
            text: "c".to_string(),
        };
        assert_eq!(problems[0].suggestions, vec![fix]);
        assert_eq!(problems[1].message, "unknown action `stay`");
        assert_eq!(problems[1].hint.as_deref(), Some("the actions are: go"));
        assert_eq!(&text[problems[1].span.start..problems[1].span.end], "stay");
        assert!(problems.iter().all(|p| p.severity == Severity::Error));
        // No action is close to `stay`: nothing to put in its place.
        assert_eq!(problems[1].code, Some("unknown-action"));
        assert_eq!(problems[1].suggestions, Vec::new());
    }

    #[test]
    fn a_name_declared_twice_points_at_its_first_declaration() {
        let text = "game \"t\"\nplayers a, b\nboard { grid 2 x 2 }\npiece p\npiece p\n\
                    action go \"{c}\" for c in cells where empty(c) { put p of mover at c }\n\
                    phase play { starts a actions go }\n";
        let problems = diagnostics("t.tabula", text);
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].code, Some("declared-twice"));
        let first = text.find("p\n").expect("the first piece");
        assert_eq!(
            problems[0].span.start,
            text.rfind("piece p").expect("two") + 6
        );
        let (at, label) = &problems[0].related[0];
        assert_eq!(
            (at.place, at.span),
            (Place::Own, Span::new(first, first + 1))
        );
        assert_eq!(label, "first declared here");
    }

    #[test]
    fn a_syntax_error_is_one_problem_and_a_good_file_none() {
        let problems = diagnostics("t.tabula", "game \"t\"\nplayers a b\n");
        assert_eq!(problems.len(), 1);
        let good = crate::games::built_in(crate::games::names()[0]).expect("a game");
        assert_eq!(diagnostics("g.tabula", good), Vec::new());
    }
}
