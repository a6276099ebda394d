//! The options a game is compiled with: names of options that are on, and `NAME=VALUE`
//! for options that are numbers, checked against what the file declares.

use super::{CompileError, Compiler};
use crate::diagnostic::ErrorKind;
use crate::ir::NumberOption;
use crate::syntax::ast::{self, Item, OptionNumber};

/// The options asked for, checked and sorted: each a name the file declares, with a
/// value in its range for a number option (`target=50`) and none for one that is on
/// or off. A name given twice counts once; a number given two values is refused.
pub(super) fn choose(
    file: &ast::File,
    asked: &[String],
    source_name: &str,
) -> Result<Vec<String>, CompileError> {
    let declared: Vec<(&str, Option<&OptionNumber>)> = file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Option { name, number, .. } => Some((name.text.as_str(), number.as_ref())),
            _ => None,
        })
        .collect();
    let refuse = |message: String| Err(CompileError::Option(message));
    let mut chosen: Vec<String> = Vec::new();
    for o in asked {
        let (name, value) = match o.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (o.trim(), None),
        };
        let Some(&(_, number)) = declared.iter().find(|(n, _)| *n == name) else {
            let names: Vec<&str> = declared.iter().map(|(n, _)| *n).collect();
            let list = if names.is_empty() {
                "this game has no options".to_string()
            } else if let Some(s) = Compiler::suggest_any(name, names.iter().copied()) {
                s
            } else {
                format!("its options are: {}", names.join(", "))
            };
            return refuse(format!("unknown option `{name}` for {source_name}; {list}"));
        };
        let entry = match (number, value) {
            (None, None) => name.to_string(),
            (None, Some(_)) => {
                return refuse(format!(
                    "option `{name}` of {source_name} is on or off, not a number: write `{name}` to turn it on"
                ))
            }
            (Some(range), None) => {
                return refuse(format!(
                    "option `{name}` of {source_name} is a number {}: write `{name}=N`",
                    range_words(range)
                ))
            }
            (Some(range), Some(v)) => match v.parse::<i64>() {
                Ok(n) if (range.low..=range.high).contains(&n) => format!("{name}={n}"),
                _ => {
                    return refuse(format!(
                        "option `{name}` of {source_name} is a number {}; `{}` is not",
                        range_words(range),
                        crate::diagnostic::escape(v)
                    ))
                }
            },
        };
        let prefix = format!("{name}=");
        if let Some(other) = chosen
            .iter()
            .find(|c| c.starts_with(&prefix) && **c != entry)
        {
            return refuse(format!(
                "option `{name}` is given two values, `{}` and `{}`",
                &other[prefix.len()..],
                &entry[prefix.len()..]
            ));
        }
        if !chosen.contains(&entry) {
            chosen.push(entry);
        }
    }
    chosen.sort();
    Ok(chosen)
}

/// "from 20 to 200 (100 unless given)".
fn range_words(range: &OptionNumber) -> String {
    format!(
        "from {} to {} ({} unless given)",
        range.low, range.high, range.default
    )
}

/// The value of a number option among the chosen ones, if it was given one.
pub(super) fn chosen_value(chosen: &[String], name: &str) -> Option<i32> {
    chosen.iter().find_map(|c| {
        let (n, v) = c.split_once('=')?;
        if n == name {
            v.parse().ok()
        } else {
            None
        }
    })
}

/// The largest number an option may hold either way: far inside a value's 32 bits, so
/// that sums of a few options stay inside them too.
pub(super) const MAX_OPTION_NUMBER: i64 = 1_000_000_000;

impl Compiler<'_> {
    /// A number option declared: its range checked, its value the chosen one or its
    /// default.
    pub(super) fn number_option(&mut self, name: &ast::Name, range: &OptionNumber) {
        let numbers = [range.default, range.low, range.high];
        if numbers.iter().any(|n| n.abs() > MAX_OPTION_NUMBER) {
            let limit = MAX_OPTION_NUMBER;
            self.report(range.span, ErrorKind::OptionNumberTooLarge { limit });
        } else if range.low > range.high || !(range.low..=range.high).contains(&range.default) {
            let kind = ErrorKind::OptionRange {
                name: name.text.clone(),
                default: range.default,
                low: range.low,
                high: range.high,
            };
            self.report(range.span, kind);
        }
        // Kept a number even when refused, so that its uses are not refused as well.
        let [default, low, high] =
            numbers.map(|n| n.clamp(-MAX_OPTION_NUMBER, MAX_OPTION_NUMBER) as i32);
        let value = chosen_value(&self.game.chosen, &name.text).unwrap_or(default);
        self.game.numbers.push(NumberOption {
            name: name.text.clone(),
            default,
            low,
            high,
            value,
        });
    }

    /// The value of the number option `name` in this game, if it is one.
    pub(super) fn option_number(&self, name: &str) -> Option<i32> {
        self.game
            .numbers
            .iter()
            .find(|o| o.name == name)
            .map(|o| o.value)
    }
}
