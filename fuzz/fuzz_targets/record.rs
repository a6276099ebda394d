//! A game record: read it, then load it into a session of a built-in game (which
//! replays its moves).
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabula::session::{Record, Session};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::from_yaml(text) else {
        return;
    };
    // Only built-in games: a fuzzed path must not send the fuzzer through the disk.
    if tabula::games::built_in(&record.game).is_none() {
        return;
    }
    if let Ok(mut session) = Session::open(&record.game, &[], 1) {
        let _ = session.load_record(&record);
    }
});
