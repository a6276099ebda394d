//! The shape of a state document (docs/state-format.md): its fields and the kind of
//! value each holds, read by serde alike from JSON and YAML. Names stay text here: what
//! they name is the game's, and `read.rs` looks them up. A value of another kind than
//! the one expected is kept as what was found ([`Found`]), and a field the format does
//! not have, or one given again, is kept aside ([`Stray`]) with its value skipped, so
//! that every problem of a document is reported together.

use serde::de::{self, Deserializer, EnumAccess, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::collections::HashMap;
use std::fmt;

/// A state document: every field is optional here, so that a missing `phase` is
/// reported with the other problems.
#[derive(Default)]
pub(crate) struct Document {
    pub game: Option<Given<Name>>,
    pub options: Option<Given<List<Given<Name>>>>,
    pub phase: Option<Given<Name>>,
    pub to_move: Option<Given<Name>>,
    pub turn_of: Option<Given<Name>>,
    pub chance: Option<Given<Name>>,
    pub in_turn: Option<Given<Flag>>,
    pub cells: Option<Given<Entries<Given<Cell>>>>,
    pub pools: Option<Given<Entries<Given<PoolValues>>>>,
    pub counters: Option<Given<Entries<Given<CounterValue>>>>,
    /// The links cut in play, on a board whose links may be cut (`a1 -- a2`).
    pub cut: Option<Given<List<Given<Name>>>>,
    pub strays: Vec<Stray>,
}

/// The fields of a document, in the order messages list them; the three after the
/// first `READ_FIELDS` (`over`, `scores`, `formats`) are written for the reader and
/// skipped when read; the last, `cut`, is a state's only on a board whose links may be
/// cut, and listed only for such a game.
pub(crate) const DOCUMENT_FIELDS: [&str; 14] = [
    "game", "options", "phase", "to_move", "turn_of", "chance", "in_turn", "cells", "pools",
    "counters", "over", "scores", "formats", "cut",
];

/// The fields of a document a message lists: those that are read.
pub(crate) const READ_FIELDS: usize = 10;

/// A layer of a cell: the top one, which may cover others (`under`), or one under it.
#[derive(Default)]
pub(crate) struct LayerFields {
    pub owner: Option<Given<Name>>,
    pub piece: Option<Given<Name>>,
    pub value: Option<Given<Whole>>,
    pub count: Option<Given<Whole>>,
    pub under: Option<Given<List<Given<Layer>>>>,
    pub strays: Vec<Stray>,
}

/// The keys of a cell's top layer.
pub(crate) const TOP_LAYER_FIELDS: [&str; 5] = ["owner", "piece", "value", "count", "under"];

/// The keys of a layer under the top one.
pub(crate) const LAYER_FIELDS: [&str; 4] = ["owner", "piece", "value", "count"];

/// A key of an object of fixed fields that is not read: one the object does not have,
/// or the `nth` time (counting from 0) a field is given.
pub(crate) enum Stray {
    Unknown { key: String },
    Twice { key: String, nth: usize },
}

/// Reads the keys of an object of fixed fields, keeping aside those that are not
/// among `fields` and those given again (their values skipped).
struct Fields {
    fields: &'static [&'static str],
    seen: HashMap<String, usize>,
    strays: Vec<Stray>,
}

impl Fields {
    fn new(fields: &'static [&'static str]) -> Fields {
        Fields {
            fields,
            seen: HashMap::new(),
            strays: Vec::new(),
        }
    }

    /// The next field to read, whose value the caller reads next.
    fn next<'de, A: MapAccess<'de>>(
        &mut self,
        map: &mut A,
    ) -> Result<Option<&'static str>, A::Error> {
        while let Some(Key(key)) = map.next_key()? {
            let times = self.seen.entry(key.clone()).or_insert(0);
            let nth = *times;
            *times += 1;
            match self.fields.iter().find(|f| **f == key) {
                Some(field) if nth == 0 => return Ok(Some(field)),
                Some(_) => self.strays.push(Stray::Twice { key, nth }),
                // An unknown key is reported once, at its first place.
                None if nth == 0 => self.strays.push(Stray::Unknown { key }),
                None => {}
            }
            map.next_value::<IgnoredAny>()?;
        }
        Ok(None)
    }
}

/// A value where another kind was expected, as a message quotes it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Found {
    Null,
    Flag(bool),
    Number(String),
    Text(String),
    List,
    Object,
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Null => f.write_str("null"),
            Found::Flag(b) => write!(f, "{b}"),
            Found::Number(n) => f.write_str(n),
            Found::Text(s) => f.write_str(&crate::diagnostic::escape(s)),
            Found::List => f.write_str("a list"),
            Found::Object => f.write_str("an object"),
        }
    }
}

/// A value of a document: of the kind expected, or what was found instead.
pub(crate) struct Given<T>(pub Result<T, Found>);

/// The kinds of value a reader takes; any other is `Found`. A list or an object that is
/// not taken is skipped whole.
pub(crate) trait Kinds<'de>: Sized {
    fn text(_: &str) -> Option<Self> {
        None
    }
    fn whole(_: i128) -> Option<Self> {
        None
    }
    fn flag(_: bool) -> Option<Self> {
        None
    }
    fn null() -> Option<Self> {
        None
    }
    fn list<A: SeqAccess<'de>>(mut seq: A) -> Result<Option<Self>, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(None)
    }
    fn object<A: MapAccess<'de>>(mut map: A) -> Result<Option<Self>, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(None)
    }
}

impl<'de, T: Kinds<'de>> Deserialize<'de> for Given<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(GivenVisitor(std::marker::PhantomData))
    }
}

struct GivenVisitor<T>(std::marker::PhantomData<T>);

impl<'de, T: Kinds<'de>> Visitor<'de> for GivenVisitor<T> {
    type Value = Given<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a name, a number, true, false, null, a list or an object")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Given<T>, E> {
        Ok(Given(T::flag(b).ok_or(Found::Flag(b))))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Given<T>, E> {
        Ok(Given(
            T::whole(n.into()).ok_or_else(|| Found::Number(n.to_string())),
        ))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Given<T>, E> {
        Ok(Given(
            T::whole(n.into()).ok_or_else(|| Found::Number(n.to_string())),
        ))
    }

    fn visit_f64<E>(self, x: f64) -> Result<Given<T>, E> {
        Ok(Given(Err(Found::Number(format!("{x:?}")))))
    }

    fn visit_str<E>(self, s: &str) -> Result<Given<T>, E> {
        Ok(Given(T::text(s).ok_or_else(|| Found::Text(s.to_string()))))
    }

    fn visit_unit<E>(self) -> Result<Given<T>, E> {
        Ok(Given(T::null().ok_or(Found::Null)))
    }

    fn visit_none<E>(self) -> Result<Given<T>, E> {
        Ok(Given(T::null().ok_or(Found::Null)))
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Given<T>, D::Error> {
        Given::deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Given<T>, A::Error> {
        Ok(Given(T::list(seq)?.ok_or(Found::List)))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Given<T>, A::Error> {
        Ok(Given(T::object(map)?.ok_or(Found::Object)))
    }
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<Given<T>, A::Error> {
        // A YAML value with a tag (`!name value`) comes as an enum.
        let (tag, _) = data.variant::<String>()?;
        Err(de::Error::custom(format!(
            "a tag (`!{}`) means nothing in a state",
            crate::diagnostic::escape(&tag)
        )))
    }
}

/// The whole document: an object of [`Document`]'s fields.
pub(crate) struct Root(pub Document);

impl<'de> Kinds<'de> for Root {
    fn object<A: MapAccess<'de>>(mut map: A) -> Result<Option<Root>, A::Error> {
        let mut doc = Document::default();
        let mut fields = Fields::new(&DOCUMENT_FIELDS);
        while let Some(field) = fields.next(&mut map)? {
            match field {
                "game" => doc.game = Some(map.next_value()?),
                "options" => doc.options = Some(map.next_value()?),
                "phase" => doc.phase = Some(map.next_value()?),
                "to_move" => doc.to_move = Some(map.next_value()?),
                "turn_of" => doc.turn_of = Some(map.next_value()?),
                // `null` is no chance event pending, as the writer puts it.
                "chance" => doc.chance = map.next_value()?,
                "in_turn" => doc.in_turn = Some(map.next_value()?),
                "cells" => doc.cells = Some(map.next_value()?),
                "pools" => doc.pools = Some(map.next_value()?),
                "counters" => doc.counters = Some(map.next_value()?),
                "cut" => doc.cut = Some(map.next_value()?),
                // Written for the reader of a state (`over`, `scores`, `formats`).
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        doc.strays = fields.strays;
        Ok(Some(Root(doc)))
    }
}

/// The fields of a layer, `under` among them when `fields` has it.
fn layer_fields<'de, A: MapAccess<'de>>(
    mut map: A,
    fields: &'static [&'static str],
) -> Result<LayerFields, A::Error> {
    let mut layer = LayerFields::default();
    let mut keys = Fields::new(fields);
    while let Some(field) = keys.next(&mut map)? {
        match field {
            "owner" => layer.owner = Some(map.next_value()?),
            "piece" => layer.piece = Some(map.next_value()?),
            "value" => layer.value = Some(map.next_value()?),
            "count" => layer.count = Some(map.next_value()?),
            _ => layer.under = Some(map.next_value()?),
        }
    }
    layer.strays = keys.strays;
    Ok(layer)
}

/// A name: text, whose meaning is the game's.
pub(crate) struct Name(pub String);

impl<'de> Kinds<'de> for Name {
    fn text(s: &str) -> Option<Name> {
        Some(Name(s.to_string()))
    }
}

/// A whole number.
pub(crate) struct Whole(pub i128);

impl<'de> Kinds<'de> for Whole {
    fn whole(n: i128) -> Option<Whole> {
        Some(Whole(n))
    }
}

/// `true` or `false`.
pub(crate) struct Flag(pub bool);

impl<'de> Kinds<'de> for Flag {
    fn flag(b: bool) -> Option<Flag> {
        Some(Flag(b))
    }
}

/// A list of values.
pub(crate) struct List<T>(pub Vec<T>);

impl<'de, T: Deserialize<'de>> Kinds<'de> for List<T> {
    fn list<A: SeqAccess<'de>>(mut seq: A) -> Result<Option<List<T>>, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Some(List(items)))
    }
}

/// One key of an object, with how many times the same key came before it in that
/// object (a key given twice is a problem the reader reports).
pub(crate) struct Entry<T> {
    pub key: String,
    pub nth: usize,
    pub value: T,
}

/// An object from names to values, in the order of the document.
pub(crate) struct Entries<T>(pub Vec<Entry<T>>);

impl<'de, T: Deserialize<'de>> Kinds<'de> for Entries<T> {
    fn object<A: MapAccess<'de>>(mut map: A) -> Result<Option<Entries<T>>, A::Error> {
        let mut entries = Vec::new();
        let mut seen: HashMap<String, usize> = HashMap::new();
        while let Some(Key(key)) = map.next_key()? {
            let value = map.next_value()?;
            let times = seen.entry(key.clone()).or_insert(0);
            entries.push(Entry {
                key,
                nth: *times,
                value,
            });
            *times += 1;
        }
        Ok(Some(Entries(entries)))
    }
}

/// An object's key, read as text whatever it looks like (a YAML key `24` is the name
/// `"24"`).
struct Key(String);

impl<'de> Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Key, D::Error> {
        struct KeyVisitor;
        impl Visitor<'_> for KeyVisitor {
            type Value = Key;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a name")
            }
            fn visit_str<E>(self, s: &str) -> Result<Key, E> {
                Ok(Key(s.to_string()))
            }
            fn visit_bool<E>(self, b: bool) -> Result<Key, E> {
                Ok(Key(b.to_string()))
            }
            fn visit_i64<E>(self, n: i64) -> Result<Key, E> {
                Ok(Key(n.to_string()))
            }
            fn visit_u64<E>(self, n: u64) -> Result<Key, E> {
                Ok(Key(n.to_string()))
            }
            fn visit_f64<E>(self, x: f64) -> Result<Key, E> {
                Ok(Key(x.to_string()))
            }
            fn visit_unit<E>(self) -> Result<Key, E> {
                Ok(Key("null".into()))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

/// What a cell holds: nothing (`null`), or a top layer.
pub(crate) enum Cell {
    Empty,
    Layer(LayerFields),
}

impl<'de> Kinds<'de> for Cell {
    fn null() -> Option<Cell> {
        Some(Cell::Empty)
    }
    fn object<A: MapAccess<'de>>(map: A) -> Result<Option<Cell>, A::Error> {
        layer_fields(map, &TOP_LAYER_FIELDS).map(|l| Some(Cell::Layer(l)))
    }
}

/// A layer under a cell's top one (it has no `under` of its own).
pub(crate) struct Layer(pub LayerFields);

impl<'de> Kinds<'de> for Layer {
    fn object<A: MapAccess<'de>>(map: A) -> Result<Option<Layer>, A::Error> {
        layer_fields(map, &LAYER_FIELDS).map(|l| Some(Layer(l)))
    }
}

/// The copies in a pool: a list of values, or, for a pool kept per player, an object
/// from player to list.
pub(crate) enum PoolValues {
    Shared(Vec<Given<Whole>>),
    PerPlayer(Entries<Given<List<Given<Whole>>>>),
}

impl<'de> Kinds<'de> for PoolValues {
    fn list<A: SeqAccess<'de>>(seq: A) -> Result<Option<PoolValues>, A::Error> {
        Ok(List::list(seq)?.map(|List(v)| PoolValues::Shared(v)))
    }
    fn object<A: MapAccess<'de>>(map: A) -> Result<Option<PoolValues>, A::Error> {
        Ok(Entries::object(map)?.map(PoolValues::PerPlayer))
    }
}

/// A counter's value, of any of the kinds a counter can have (its kind is the game's).
#[derive(Clone)]
pub(crate) enum Scalar {
    Null,
    Flag(bool),
    Whole(i128),
    Text(String),
}

impl<'de> Kinds<'de> for Scalar {
    fn text(s: &str) -> Option<Scalar> {
        Some(Scalar::Text(s.to_string()))
    }
    fn whole(n: i128) -> Option<Scalar> {
        Some(Scalar::Whole(n))
    }
    fn flag(b: bool) -> Option<Scalar> {
        Some(Scalar::Flag(b))
    }
    fn null() -> Option<Scalar> {
        Some(Scalar::Null)
    }
}

/// A counter: one value, or, for a counter kept per player, an object from player to
/// value.
pub(crate) enum CounterValue {
    One(Scalar),
    PerPlayer(Entries<Given<Scalar>>),
}

impl<'de> Kinds<'de> for CounterValue {
    fn text(s: &str) -> Option<CounterValue> {
        Scalar::text(s).map(CounterValue::One)
    }
    fn whole(n: i128) -> Option<CounterValue> {
        Scalar::whole(n).map(CounterValue::One)
    }
    fn flag(b: bool) -> Option<CounterValue> {
        Scalar::flag(b).map(CounterValue::One)
    }
    fn null() -> Option<CounterValue> {
        Some(CounterValue::One(Scalar::Null))
    }
    fn object<A: MapAccess<'de>>(map: A) -> Result<Option<CounterValue>, A::Error> {
        Ok(Entries::object(map)?.map(CounterValue::PerPlayer))
    }
}
