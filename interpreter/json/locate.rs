//! Where a value of a state document stands in its text, given its path (`cells`, `d4`,
//! `owner`): the place a problem with that value is shown. The path is followed through
//! the document's own structure, so a name given twice is found where the path goes, not
//! where the name first appears.

use crate::diagnostic::Span;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::cell::Cell;
use std::fmt;

/// One step of a path: the `nth` key (counting from 0) of that name in an object, or
/// an item of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seg<'a> {
    Key(&'a str, usize),
    Index(usize),
}

/// What of the path's end is pointed at: the key that names it or the value it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    Key,
    Value,
}

/// The span of the key or value at `path` in a document that parses, or `None` if the
/// path goes nowhere. A container is pointed at by its first character.
pub(crate) fn locate(text: &str, yaml: bool, path: &[Seg], target: Target) -> Option<Span> {
    let start = if yaml {
        yaml_start(text, path, target)?
    } else {
        json_start(text.as_bytes(), path, target)?
    };
    let start = start.min(text.len());
    if !text.is_char_boundary(start) {
        return None;
    }
    Some(Span::new(start, start + token_len(&text[start..], yaml)))
}

// ------------------------------------------------------------------------------ JSON

/// The offset of the key or value at `path` in JSON text.
fn json_start(text: &[u8], path: &[Seg], target: Target) -> Option<usize> {
    let mut at = skip_space(text, 0);
    for (i, seg) in path.iter().enumerate() {
        let last = i + 1 == path.len();
        match *seg {
            Seg::Key(name, nth) => {
                if text.get(at) != Some(&b'{') {
                    return None;
                }
                let mut seen = 0;
                at = skip_space(text, at + 1);
                loop {
                    if text.get(at) != Some(&b'"') {
                        return None;
                    }
                    let key_start = at;
                    let key_end = string_end(text, at)?;
                    let key: String = serde_json::from_slice(&text[key_start..key_end]).ok()?;
                    at = skip_space(text, key_end);
                    if text.get(at) != Some(&b':') {
                        return None;
                    }
                    at = skip_space(text, at + 1);
                    if key == name {
                        if seen == nth {
                            if last && target == Target::Key {
                                return Some(key_start);
                            }
                            break;
                        }
                        seen += 1;
                    }
                    at = skip_space(text, value_end(text, at)?);
                    match text.get(at) {
                        Some(b',') => at = skip_space(text, at + 1),
                        _ => return None,
                    }
                }
            }
            Seg::Index(n) => {
                if text.get(at) != Some(&b'[') {
                    return None;
                }
                at = skip_space(text, at + 1);
                for _ in 0..n {
                    at = skip_space(text, value_end(text, at)?);
                    match text.get(at) {
                        Some(b',') => at = skip_space(text, at + 1),
                        _ => return None,
                    }
                }
                if text.get(at) == Some(&b']') {
                    return None;
                }
            }
        }
    }
    Some(at)
}

fn skip_space(text: &[u8], mut at: usize) -> usize {
    while matches!(text.get(at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        at += 1;
    }
    at
}

/// The end (one past the closing quote) of the string starting at `at`.
fn string_end(text: &[u8], at: usize) -> Option<usize> {
    let mut i = at + 1;
    loop {
        match text.get(i)? {
            b'"' => return Some(i + 1),
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
}

/// The end of the value starting at `at`: a string, a number or a word, or a whole
/// list or object (counted by depth, strings skipped).
fn value_end(text: &[u8], at: usize) -> Option<usize> {
    match text.get(at)? {
        b'"' => string_end(text, at),
        b'{' | b'[' => {
            let mut depth = 0usize;
            let mut i = at;
            loop {
                match text.get(i)? {
                    b'"' => {
                        i = string_end(text, i)?;
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(i + 1);
                        }
                    }
                    _ => {}
                }
                i += 1;
            }
        }
        _ => {
            let mut i = at;
            while text
                .get(i)
                .is_some_and(|b| !matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'))
            {
                i += 1;
            }
            Some(i)
        }
    }
}

// ------------------------------------------------------------------------------ YAML

/// The offset of the key or value at `path` in YAML text. The document is read again
/// by the parser that read its values, by a reader that follows the path and, at its
/// end, stops with an error: the parser places the error at the event it was reading,
/// which is the start of that key or value. So the place is the parser's own, aliases,
/// flow and block styles alike.
fn yaml_start(text: &str, path: &[Seg], target: Target) -> Option<usize> {
    let reached = Cell::new(false);
    let probe = Probe {
        path,
        target,
        reached: &reached,
    };
    let result = probe.deserialize(serde_yaml_ng::Deserializer::from_str(text));
    match result {
        Err(e) if reached.get() => e.location().map(|l| l.index()),
        _ => None,
    }
}

/// The message of the probe's own error, which is never shown.
const HERE: &str = "here";

/// Follows `path` through a document and fails where it ends.
struct Probe<'p, 'a> {
    path: &'p [Seg<'a>],
    target: Target,
    reached: &'p Cell<bool>,
}

impl<'de> DeserializeSeed<'de> for Probe<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl Probe<'_, '_> {
    fn here<E: de::Error>(&self) -> Result<(), E> {
        if self.path.is_empty() {
            self.reached.set(true);
            Err(E::custom(HERE))
        } else {
            Ok(())
        }
    }
}

impl<'de> Visitor<'de> for Probe<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any value")
    }

    fn visit_bool<E: de::Error>(self, _: bool) -> Result<(), E> {
        self.here()
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<(), E> {
        self.here()
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<(), E> {
        self.here()
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<(), E> {
        self.here()
    }
    fn visit_str<E: de::Error>(self, _: &str) -> Result<(), E> {
        self.here()
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.here()
    }
    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.here()
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.here()?;
        let Some(&Seg::Index(n)) = self.path.first() else {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            return Ok(());
        };
        for _ in 0..n {
            if seq.next_element::<IgnoredAny>()?.is_none() {
                return Ok(());
            }
        }
        let rest = Probe {
            path: &self.path[1..],
            ..self
        };
        seq.next_element_seed(rest)?;
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.here()?;
        let Some(&Seg::Key(name, nth)) = self.path.first() else {
            while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
            return Ok(());
        };
        let mut seen = 0;
        let point_at_key = self.path.len() == 1 && self.target == Target::Key;
        loop {
            let key = KeyProbe {
                name,
                stop: point_at_key && seen == nth,
                reached: self.reached,
            };
            match map.next_key_seed(key)? {
                None => return Ok(()),
                Some(true) if seen == nth => {
                    let rest = Probe {
                        path: &self.path[1..],
                        ..self
                    };
                    map.next_value_seed(rest)?;
                    break;
                }
                Some(same) => {
                    seen += usize::from(same);
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }
}

/// Reads a key: whether it is `name`; fails at it when it is the one pointed at.
struct KeyProbe<'a, 'p> {
    name: &'a str,
    stop: bool,
    reached: &'p Cell<bool>,
}

impl<'de> DeserializeSeed<'de> for KeyProbe<'_, '_> {
    type Value = bool;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<bool, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl Visitor<'_> for KeyProbe<'_, '_> {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<bool, E> {
        if key != self.name {
            return Ok(false);
        }
        if self.stop {
            self.reached.set(true);
            return Err(E::custom(HERE));
        }
        Ok(true)
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> Result<bool, E> {
        self.visit_str(&b.to_string())
    }
    fn visit_i64<E: de::Error>(self, n: i64) -> Result<bool, E> {
        self.visit_str(&n.to_string())
    }
    fn visit_u64<E: de::Error>(self, n: u64) -> Result<bool, E> {
        self.visit_str(&n.to_string())
    }
    fn visit_f64<E: de::Error>(self, x: f64) -> Result<bool, E> {
        self.visit_str(&x.to_string())
    }
    fn visit_unit<E: de::Error>(self) -> Result<bool, E> {
        self.visit_str("null")
    }
}

// ----------------------------------------------------------------------------- tokens

/// How many bytes of `rest` the caret goes under: a quoted string or a word whole, one
/// character of anything else (the bracket that opens a list or an object).
fn token_len(rest: &str, yaml: bool) -> usize {
    let bytes = rest.as_bytes();
    let end = match bytes.first() {
        None => return 0,
        Some(b'"') => string_end(bytes, 0),
        Some(b'\'') if yaml => single_quoted_end(bytes),
        Some(b'{' | b'[') => None,
        Some(_) if !yaml => value_end(bytes, 0),
        Some(b'-' | b'?' | b'|' | b'>')
            if yaml && bytes.get(1).is_none_or(|b| *b == b' ' || *b == b'\n') =>
        {
            None
        }
        Some(_) => Some(plain_end(rest)),
    };
    let first = rest.chars().next().map_or(0, char::len_utf8);
    end.filter(|&e| e > 0 && e <= rest.len() && rest.is_char_boundary(e))
        .unwrap_or(first)
}

/// The end of a single-quoted YAML scalar (a quote doubled is one quote).
fn single_quoted_end(bytes: &[u8]) -> Option<usize> {
    let mut i = 1;
    loop {
        match bytes.get(i)? {
            b'\'' if bytes.get(i + 1) == Some(&b'\'') => i += 2,
            b'\'' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// The end of a plain YAML scalar on its line: before a comment, a `: ` that makes it
/// a key, or the punctuation that ends it in a flow collection.
fn plain_end(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    let mut end = 0;
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let next_is_space = bytes
            .get(i + 1)
            .is_none_or(|n| matches!(n, b' ' | b'\t' | b'\n' | b'\r'));
        match b {
            b'\n' | b'\r' | b',' | b']' | b'}' => break,
            b':' if next_is_space => break,
            b'#' if i > 0 && matches!(bytes[i - 1], b' ' | b'\t') => break,
            b' ' | b'\t' => {}
            _ => end = i + 1,
        }
        i += 1;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn under<'t>(text: &'t str, yaml: bool, path: &[Seg], target: Target) -> Option<&'t str> {
        locate(text, yaml, path, target).map(|s| &text[s.start..s.end])
    }

    #[test]
    fn a_json_path_is_followed_to_its_value_or_key() {
        let text = r#"{"a": {"b": "x", "c": [1, {"d": "red"}]}, "e": "red"}"#;
        let d = [
            Seg::Key("a", 0),
            Seg::Key("c", 0),
            Seg::Index(1),
            Seg::Key("d", 0),
        ];
        assert_eq!(under(text, false, &d, Target::Value), Some("\"red\""));
        assert_eq!(locate(text, false, &d, Target::Value).unwrap().start, 32);
        assert_eq!(under(text, false, &d, Target::Key), Some("\"d\""));
        assert_eq!(
            under(text, false, &[Seg::Key("e", 0)], Target::Value),
            Some("\"red\"")
        );
        assert_eq!(
            locate(text, false, &[Seg::Key("e", 0)], Target::Value)
                .unwrap()
                .start,
            47
        );
        assert_eq!(
            under(text, false, &[Seg::Key("a", 0)], Target::Value),
            Some("{")
        );
        assert_eq!(under(text, false, &[], Target::Value), Some("{"));
        assert_eq!(under(text, false, &[Seg::Key("z", 0)], Target::Value), None);
        assert_eq!(under(text, false, &[Seg::Key("a", 1)], Target::Value), None);
    }

    #[test]
    fn a_json_key_given_twice_is_found_at_the_time_asked() {
        let text = "{\"k\": 1, \"k\": -25}";
        assert_eq!(
            locate(text, false, &[Seg::Key("k", 1)], Target::Value),
            Some(Span::new(14, 17))
        );
        assert_eq!(
            locate(text, false, &[Seg::Key("k", 1)], Target::Key),
            Some(Span::new(9, 12))
        );
        // A key is compared with its escapes read.
        let text = r#"{"\u0061": "x\"y"}"#;
        assert_eq!(
            under(text, false, &[Seg::Key("a", 0)], Target::Value),
            Some(r#""x\"y""#)
        );
    }

    #[test]
    fn a_yaml_path_is_followed_in_block_and_flow_style() {
        let text =
            "a:\n  b: x\n  c: [1, {d: red}]\ne: 'it''s'\nf: \"q\" # note\ng: plain words # c\n";
        let d = [
            Seg::Key("a", 0),
            Seg::Key("c", 0),
            Seg::Index(1),
            Seg::Key("d", 0),
        ];
        assert_eq!(under(text, true, &d, Target::Value), Some("red"));
        assert_eq!(locate(text, true, &d, Target::Value).unwrap().start, 23);
        assert_eq!(under(text, true, &d, Target::Key), Some("d"));
        assert_eq!(
            under(text, true, &[Seg::Key("e", 0)], Target::Value),
            Some("'it''s'")
        );
        assert_eq!(
            under(text, true, &[Seg::Key("f", 0)], Target::Value),
            Some("\"q\"")
        );
        assert_eq!(
            under(text, true, &[Seg::Key("g", 0)], Target::Value),
            Some("plain words")
        );
        assert_eq!(
            under(
                text,
                true,
                &[Seg::Key("a", 0), Seg::Key("b", 0)],
                Target::Key
            ),
            Some("b")
        );
        assert_eq!(under(text, true, &[Seg::Key("z", 0)], Target::Value), None);
    }

    #[test]
    fn a_yaml_key_that_looks_like_a_number_is_a_name() {
        let text = "cells:\n  24: {owner: black}\n  \"24\": {owner: white}\n";
        let second = [
            Seg::Key("cells", 0),
            Seg::Key("24", 1),
            Seg::Key("owner", 0),
        ];
        assert_eq!(under(text, true, &second, Target::Value), Some("white"));
        assert_eq!(
            locate(text, true, &second, Target::Value).unwrap().start,
            44
        );
    }
}
