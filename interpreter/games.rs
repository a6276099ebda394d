//! Rules files built into the binary, so a built-in game is named rather than found on
//! disk. The list is made by build.rs from the files in games/: this code names none.

// Name and text of each built-in rules file (`BUILT_IN`), sorted by name.
include!(concat!(env!("OUT_DIR"), "/built_in.rs"));

/// The text of a built-in game.
pub fn built_in(name: &str) -> Option<&'static str> {
    BUILT_IN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Reads a rules file: a built-in game by name, or a path.
pub fn load_source(name_or_path: &str) -> Result<crate::Source, String> {
    if let Some(text) = built_in(name_or_path) {
        return Ok(crate::Source::new(
            format!("games/{name_or_path}.tabula"),
            text,
        ));
    }
    match std::fs::read_to_string(name_or_path) {
        Ok(text) => Ok(crate::Source::new(name_or_path, text)),
        Err(e) => {
            let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
            let error = e.to_string().to_lowercase();
            match closest_built_in(name_or_path) {
                Some(near) => Err(format!(
                    "cannot read `{name_or_path}`: {error}; did you mean the built-in game `{near}`?"
                )),
                None => Err(format!(
                    "cannot read `{name_or_path}`: {error}; it is not a built-in game either (those are: {})",
                    names.join(", ")
                )),
            }
        }
    }
}

/// The built-in game whose name is closest to a misspelt one, if one is close (the
/// same measure as the checker's "did you mean" for names in a rules file).
fn closest_built_in(name: &str) -> Option<&'static str> {
    BUILT_IN
        .iter()
        .map(|(n, _)| (strsim::jaro_winkler(name, n), *n))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, n)| n)
}
