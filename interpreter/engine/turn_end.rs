//! Ending a turn as a patch: when the words that a phase's `turn end`, the hand-over and
//! the next turn's start read and write can be told when compiling, two turns that
//! agree on the words read end alike, so the turn search ends the first of its complete
//! turns by running the rules and each further one that agrees by copying the words
//! written.

use super::reads::{block_words, words_read};
use super::Game;
use crate::ir::*;

/// What ending a turn in one phase reads and writes: sorted word lists.
#[derive(Debug)]
pub(crate) struct TurnEndPlan {
    reads: Vec<usize>,
    writes: Vec<usize>,
}

/// The plan of ending a turn of each phase, `None` where it cannot be told: a phase
/// whose `until` may hand over to another phase, or whose hooks move pieces, loop or
/// read cells found while playing. `per_turn`: the counters reset at each turn's start
/// (first word, words, starting value), as the engine keeps them.
pub(crate) fn plans(
    game: &Game,
    per_turn: &[(usize, usize, Option<&Expr>)],
) -> Vec<Option<TurnEndPlan>> {
    (0..game.rules.phases.len())
        .map(|p| plan(game, p, per_turn))
        .collect()
}

fn plan(game: &Game, p: usize, per_turn: &[(usize, usize, Option<&Expr>)]) -> Option<TurnEndPlan> {
    let phase = &game.rules.phases[p];
    // The engine's own reads and writes (`Engine::end_turn`, `begin_turn`): the phase
    // and the turn's owner decide what runs and who is next.
    let mut reads = vec![SLOT_PHASE, SLOT_IN_TURN, SLOT_MOVER, SLOT_OWNER];
    let mut writes = vec![SLOT_IN_TURN, SLOT_MOVER, SLOT_OWNER];
    if !block_words(game, &phase.turn_end, &mut reads, &mut writes) {
        return None;
    }
    if let Some(until) = &phase.until {
        // In the last phase `until` changes nothing when a turn ends.
        if p + 1 < game.rules.phases.len() || !words_read(game, until, &mut reads) {
            return None;
        }
    }
    for &(base, n, init) in per_turn {
        writes.extend(base..base + n);
        if init.is_some_and(|e| !words_read(game, e, &mut reads)) {
            return None;
        }
    }
    if !block_words(game, &phase.turn_start, &mut reads, &mut writes) {
        return None;
    }
    for list in [&mut reads, &mut writes] {
        list.sort_unstable();
        list.dedup();
        list.retain(|&w| w < game.rules.data_len);
    }
    Some(TurnEndPlan { reads, writes })
}

impl TurnEndPlan {
    /// The words ending a turn may write: a turn settled by this plan differs from the
    /// position it was settled from in these words only.
    pub(crate) fn writes(&self) -> &[usize] {
        &self.writes
    }
}

/// The last turn ended by running the rules: the words its plan reads, as they were
/// before, and the words it writes, as they came out.
#[derive(Debug, Default)]
pub(crate) struct TurnEndMemo {
    phase: Option<usize>,
    read: Vec<i32>,
    written: Vec<i32>,
}

impl TurnEndMemo {
    pub(crate) fn clear(&mut self) {
        self.phase = None;
    }

    /// Ends the turn of `data` by copying the words written by the turn remembered, if
    /// it was of the same phase and read the same values; returns whether it did.
    pub(crate) fn patch(&self, plan: &TurnEndPlan, phase: usize, data: &mut [i32]) -> bool {
        if self.phase != Some(phase)
            || plan
                .reads
                .iter()
                .zip(&self.read)
                .any(|(&w, &v)| data[w] != v)
        {
            return false;
        }
        for (&w, &v) in plan.writes.iter().zip(&self.written) {
            data[w] = v;
        }
        true
    }

    /// Notes the words `plan` reads in `data`, before its turn is ended by the rules.
    pub(crate) fn before(&mut self, plan: &TurnEndPlan, data: &[i32]) {
        self.phase = None;
        self.read.clear();
        self.read.extend(plan.reads.iter().map(|&w| data[w]));
    }

    /// Notes the words `plan` writes in `data`, the turn ended by the rules.
    pub(crate) fn after(&mut self, plan: &TurnEndPlan, phase: usize, data: &[i32]) {
        self.written.clear();
        self.written.extend(plan.writes.iter().map(|&w| data[w]));
        self.phase = Some(phase);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each turn rolls a die into a pool, plays it, and clears it at the turn's end.
    const RACE: &str = r#"game "Race"
players north, south
board {
  line 1..4
}
piece stone
pool die of 1..6
counter moved per turn
counter turns
setup {
  put stone of north at #1
}
action walk "walk" where moved == 0 {
  moved = 1
}
phase play {
  starts north
  decide turn
  actions walk
  turn start {
    if turns > 2 { add 3 to die }
  }
  turn end {
    clear die
    turns += 1
  }
}
"#;

    fn game(text: &str) -> Game {
        crate::compile(&crate::Source::new("t.tabula", text), &[]).expect("the rules compile")
    }

    fn counter(g: &Game, name: &str) -> usize {
        g.rules
            .counters
            .iter()
            .find(|c| c.name == name)
            .expect("counter")
            .base
    }

    fn plan_of(g: &Game) -> Option<TurnEndPlan> {
        let per_turn: Vec<_> = g
            .rules
            .counters
            .iter()
            .filter(|c| c.per_turn)
            .map(|c| (c.base, 1, c.init.as_ref()))
            .collect();
        plans(g, &per_turn).into_iter().next().flatten()
    }

    #[test]
    fn hooks_on_pools_and_counters_have_a_plan() {
        let g = game(RACE);
        let plan = plan_of(&g).expect("a plan");
        let die = &g.rules().pools[0];
        let (turns, moved) = (counter(&g, "turns"), counter(&g, "moved"));
        // `turns += 1` and `turns > 2` read the counter; adding to the die reads the
        // pool's size; nothing reads `moved`, which the turn's start resets.
        for w in [turns, die.base, die.base + 5, SLOT_OWNER, SLOT_PHASE] {
            assert!(plan.reads.contains(&w), "reads {w}: {:?}", plan.reads);
        }
        assert!(!plan.reads.contains(&moved));
        for w in [
            turns,
            moved,
            die.base,
            die.base + 5,
            SLOT_IN_TURN,
            SLOT_MOVER,
        ] {
            assert!(plan.writes.contains(&w), "writes {w}: {:?}", plan.writes);
        }
        // No cell is read or written.
        let cells = g.board_words();
        assert!(plan
            .reads
            .iter()
            .chain(&plan.writes)
            .all(|w| !cells.contains(w)));
    }

    #[test]
    fn a_hook_that_moves_pieces_has_none() {
        let text = RACE.replace("clear die", "clear die\n    move #1 -> #2");
        assert!(plan_of(&game(&text)).is_none());
    }

    #[test]
    fn a_patch_needs_the_same_words_read() {
        let g = game(RACE);
        let plan = plan_of(&g).expect("a plan");
        let turns = counter(&g, "turns");
        let mut memo = TurnEndMemo::default();
        let mut data = vec![0; g.rules().data_len];
        memo.before(&plan, &data);
        data[turns] = 1;
        memo.after(&plan, 0, &data);
        // Same words read: the words written are copied.
        let mut same = vec![0; g.rules().data_len];
        assert!(memo.patch(&plan, 0, &mut same));
        assert_eq!(same[turns], 1);
        // Another count of turns: no patch, nothing written.
        let mut other = vec![0; g.rules().data_len];
        other[turns] = 5;
        assert!(!memo.patch(&plan, 0, &mut other));
        assert_eq!(other[turns], 5);
        // Another phase: no patch.
        assert!(!memo.patch(&plan, 1, &mut vec![0; g.rules().data_len]));
    }
}
