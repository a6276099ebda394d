//! A game record: the game, its options and seed, and every step as the game writes
//! it (chance outcomes included), so that loading it replays the identical game.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Record {
    /// A built-in game's name or a rules file's path.
    pub game: String,
    #[serde(default)]
    pub options: Vec<String>,
    #[serde(default)]
    pub seed: u64,
    /// The state the game started from, when it was not the initial one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<serde_json::Value>,
    #[serde(default)]
    pub moves: Vec<String>,
    /// Players the computer plays, with its level.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub computer: BTreeMap<String, String>,
}

impl Record {
    pub fn to_yaml(&self) -> Result<String, String> {
        serde_yaml_ng::to_string(self).map_err(|e| format!("cannot write the record: {e}"))
    }

    pub fn from_yaml(text: &str) -> Result<Record, String> {
        serde_yaml_ng::from_str(text).map_err(|e| format!("this is not a game record: {e}"))
    }
}
