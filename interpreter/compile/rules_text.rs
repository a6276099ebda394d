//! `rules """ ... """`: the rules in plain words, checked (one text for the game, one
//! paragraph for an option it declares) and laid out as written.

use super::Compiler;
use crate::diagnostic::ErrorKind;
use crate::ir::RulesText;
use crate::syntax::ast::{self, Item};

impl<'a> Compiler<'a> {
    /// The game's rules text and its options' paragraphs; after the options are declared.
    pub(super) fn rules_text(&mut self, file: &'a ast::File) {
        let mut text: Option<String> = None;
        let mut options: Vec<(String, String)> = Vec::new();
        let mut first_paragraph = None;
        for item in &file.items {
            let Item::Rules(r) = item else {
                continue;
            };
            let laid_out = dedent(&r.text);
            let Some(option) = &r.option else {
                if text.is_some() {
                    self.report(r.span, ErrorKind::RulesTextTwice);
                } else if laid_out.is_empty() {
                    self.report(r.span, ErrorKind::EmptyRulesText);
                }
                text = Some(laid_out);
                continue;
            };
            first_paragraph.get_or_insert(r.span);
            let declared = self.game.options.iter().map(|(n, _)| n.as_str());
            if !self.game.options.iter().any(|(n, _)| *n == option.text) {
                let kind = ErrorKind::NotAnOption {
                    name: option.text.clone(),
                    close: self.close_name(&option.text, declared),
                    options: self.game.options.iter().map(|(n, _)| n.clone()).collect(),
                };
                self.report(option.span, kind);
            } else if options.iter().any(|(n, _)| *n == option.text) {
                let kind = ErrorKind::OptionRulesTextTwice {
                    option: option.text.clone(),
                };
                self.report(option.span, kind);
            } else if laid_out.is_empty() {
                self.report(r.span, ErrorKind::EmptyRulesText);
            } else {
                options.push((option.text.clone(), laid_out));
            }
        }
        match (text, first_paragraph) {
            (Some(text), _) => self.game.rules_text = Some(RulesText { text, options }),
            (None, Some(span)) => self.report(span, ErrorKind::OptionRulesWithoutGameRules),
            (None, None) => {}
        }
    }
}

/// A text as written between triple quotes, laid out for showing: line ends as `\n`,
/// trailing spaces and the blank lines before and after the text dropped, and the
/// indentation its lines share removed. Text on the line of the opening quotes starts
/// the first line and does not count for the indentation (so `rules """Some words`
/// followed by indented lines is laid out as if the words began a line of their own).
pub(crate) fn dedent(raw: &str) -> String {
    let mut lines: Vec<&str> = raw.split('\n').map(str::trim_end).collect();
    let first = lines[0].trim_start();
    let rest = &mut lines[1..];
    let leading = |l: &str| l.len() - l.trim_start_matches([' ', '\t']).len();
    // The indentation the lines share: the longest prefix of white space all of them
    // begin with (a tab and spaces are told apart).
    let mut shared: Option<&str> = None;
    for line in rest.iter().filter(|l| !l.is_empty()) {
        let own = &line[..leading(line)];
        shared = Some(match shared {
            None => own,
            Some(s) => {
                let n = s
                    .bytes()
                    .zip(own.bytes())
                    .take_while(|(a, b)| a == b)
                    .count();
                &s[..n]
            }
        });
    }
    let cut = shared.map_or(0, str::len);
    for line in rest.iter_mut() {
        *line = line.get(cut..).unwrap_or("");
    }
    lines[0] = first;
    let start = lines.iter().position(|l| !l.is_empty());
    let end = lines.iter().rposition(|l| !l.is_empty());
    match (start, end) {
        (Some(a), Some(b)) => lines[a..=b].join("\n"),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::dedent;

    #[test]
    fn a_text_loses_its_shared_indentation_and_the_blank_lines_around_it() {
        assert_eq!(
            dedent("\n    One.\n      Two.\n\n    Three.\n  "),
            "One.\n  Two.\n\nThree."
        );
        // Text on the line of the quotes begins the first line.
        assert_eq!(dedent("One.\n    Two.\n    Three."), "One.\nTwo.\nThree.");
        // Windows line ends and trailing spaces go; blank lines inside stay.
        assert_eq!(dedent("\r\n  a  \r\n\r\n  b\r\n"), "a\n\nb");
        // A tab and spaces are not the same indentation.
        assert_eq!(dedent("\n\ta\n  b\n"), "\ta\n  b");
        assert_eq!(dedent("  \n \n"), "");
    }
}
