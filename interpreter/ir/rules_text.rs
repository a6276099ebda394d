//! The rules in plain words that a rules file carries (`rules """ ... """`).

/// The game's rules text and its options' paragraphs, each laid out as written: its
/// common indentation and the blank lines around it removed (compile/rules_text.rs).
/// Untrusted text: shown through `rules_text::render`, which escapes it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RulesText {
    /// The game's rules in words.
    pub text: String,
    /// The paragraph of each option that has one (`rules with OPTION """ ... """`):
    /// the option's name and its text, in the order the file gives them.
    pub options: Vec<(String, String)>,
}

impl RulesText {
    /// The paragraph of an option, if it has one.
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, text)| text.as_str())
    }
}
