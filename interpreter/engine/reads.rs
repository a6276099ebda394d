//! The words of the state an expression reads, and a block of effects reads and writes,
//! when they can be known before playing: the turn search uses them to tell that a step
//! left the end rules as they were, and that two turns end alike (`turn_end`).

use super::Game;
use crate::ir::*;

/// Adds to `out` every state word `e` may read; false when they cannot be told (a cell
/// given by a value computed while playing, a loop, a generation...).
pub(crate) fn words_read(game: &Game, e: &Expr, out: &mut Vec<usize>) -> bool {
    let players = game.rules.players.len();
    let counter = |base: usize, player: &Option<Box<Expr>>, out: &mut Vec<usize>| {
        out.extend(base..(base + players).min(game.rules.data_len));
        player.as_deref().is_none_or(|p| words_read(game, p, out))
    };
    match e {
        Expr::Const(_) | Expr::Local(_) | Expr::RelDir(_) => true,
        Expr::Mover => {
            out.push(SLOT_MOVER);
            true
        }
        Expr::Phase => {
            out.push(SLOT_PHASE);
            true
        }
        Expr::Opponent(a) | Expr::Not(a) | Expr::Neg(a) | Expr::Abs(a) | Expr::DirIn(a, _) => {
            words_read(game, a, out)
        }
        Expr::Counter { base, player } => counter(*base, player, out),
        Expr::ZoneCell { player, .. } => words_read(game, player, out),
        Expr::Owner(c) | Expr::Value(c) | Expr::Count(c) | Expr::Empty(c) | Expr::Is(c, _) => {
            cell_read(game, c, out)
        }
        Expr::PoolSize { pool, player } => {
            let def = &game.rules.pools[*pool];
            let n = if def.per_player { players } else { 1 };
            out.extend(def.base..(def.base + n * def.width()).min(game.rules.data_len));
            player.as_deref().is_none_or(|p| words_read(game, p, out))
        }
        Expr::Binary(_, a, b)
        | Expr::And(a, b)
        | Expr::Or(a, b)
        | Expr::Min(a, b)
        | Expr::Max(a, b) => words_read(game, a, out) && words_read(game, b, out),
        Expr::If(c, a, b) => {
            words_read(game, c, out) && words_read(game, a, out) && words_read(game, b, out)
        }
        Expr::Operand(o) => operand_read(game, *o, out),
        Expr::Simple(_, a, b) => operand_read(game, *a, out) && operand_read(game, *b, out),
        Expr::Numbered { expr, .. } => words_read(game, expr, out),
        // A loop over the players reads what its filter and value read for each.
        Expr::Aggregate {
            domain,
            filter,
            value,
            ..
        } if matches!(**domain, Domain::Players) => {
            filter.as_deref().is_none_or(|f| words_read(game, f, out))
                && value.as_deref().is_none_or(|v| words_read(game, v, out))
        }
        _ => false,
    }
}

/// The words a read of cell `c` (its top layer) may look at: known for a fixed cell or
/// an off-board zone's cells.
fn cell_read(game: &Game, c: &Expr, out: &mut Vec<usize>) -> bool {
    let cells = game.rules.board.cells.len();
    let mut cell = |c: i32| {
        if c >= 0 && (c as usize) < cells {
            out.push(game.rules.cells_base + c as usize);
        }
    };
    match c {
        Expr::Const(c) | Expr::Operand(Operand::Const(c)) => {
            cell(*c);
            true
        }
        Expr::ZoneCell { zone, player } => {
            game.rules.board.zones[*zone]
                .cells
                .iter()
                .for_each(|&c| cell(c));
            words_read(game, player, out)
        }
        Expr::Operand(Operand::ZoneMover(zone)) => {
            game.rules.board.zones[*zone as usize]
                .cells
                .iter()
                .for_each(|&c| cell(c));
            out.push(SLOT_MOVER);
            true
        }
        _ => false,
    }
}

fn operand_read(game: &Game, o: Operand, out: &mut Vec<usize>) -> bool {
    let players = game.rules.players.len();
    match o {
        Operand::Const(_) | Operand::Local(_) | Operand::Step(..) => true,
        Operand::Mover | Operand::Opponent | Operand::ZoneMover(_) | Operand::TrackPosMover(..) => {
            out.push(SLOT_MOVER);
            true
        }
        Operand::Counter(slot) => {
            out.push(slot);
            true
        }
        Operand::CounterMover(base) => {
            out.push(SLOT_MOVER);
            out.extend(base..(base + players).min(game.rules.data_len));
            true
        }
        Operand::Owner(_) | Operand::Value(_) | Operand::Count(_) | Operand::Empty(_) => false,
    }
}

/// Adds to `reads` every state word the statements may read and to `writes` every word
/// they may write; false when they cannot be told (a cell given by a value computed while
/// playing, a loop, a statement on the board...).
pub(crate) fn block_words(
    game: &Game,
    stmts: &[Stmt],
    reads: &mut Vec<usize>,
    writes: &mut Vec<usize>,
) -> bool {
    block_words_on(game, stmts, true, reads, writes)
}

/// `block_words`, for statements that run on every path (`certain`) or only on some
/// (inside an `if`). A word that is written on some paths only keeps its old value on
/// the others, so the value after the block depends on it: it is read as well. So is a
/// word listed as written that a statement may leave alone (the other players' word of
/// a per-player counter or pool). Then every word written comes out as a function of
/// the words read, which is what ending turns by a patch needs.
fn block_words_on(
    game: &Game,
    stmts: &[Stmt],
    certain: bool,
    reads: &mut Vec<usize>,
    writes: &mut Vec<usize>,
) -> bool {
    stmts.iter().all(|s| {
        let mark = writes.len();
        let ok = stmt_words(game, &s.kind, reads, writes);
        if !certain {
            reads.extend_from_slice(&writes[mark..]);
        }
        ok
    })
}

fn stmt_words(game: &Game, s: &StmtKind, reads: &mut Vec<usize>, writes: &mut Vec<usize>) -> bool {
    let players = game.rules.players.len();
    let opt = |e: &Option<Expr>, out: &mut Vec<usize>| {
        e.as_ref().is_none_or(|e| words_read(game, e, out))
    };
    let pool_words = |pool: usize| {
        let def = &game.rules.pools[pool];
        let n = if def.per_player { players } else { 1 };
        def.base..(def.base + n * def.width()).min(game.rules.data_len)
    };
    match s {
        StmtKind::If(c, a, b) => {
            words_read(game, c, reads)
                && block_words_on(game, a, false, reads, writes)
                && block_words_on(game, b, false, reads, writes)
        }
        StmtKind::Let(_, e) => words_read(game, e, reads),
        StmtKind::Continue => true,
        StmtKind::ContinueWith { at, value, .. } => {
            writes.extend([*at, *at + 1]);
            words_read(game, value, reads)
        }
        StmtKind::Chance(_) => {
            writes.push(SLOT_CHANCE);
            true
        }
        StmtKind::SetMover(p) => {
            writes.extend([SLOT_MOVER, SLOT_OWNER]);
            words_read(game, p, reads)
        }
        StmtKind::HandTo(p) => {
            writes.push(SLOT_MOVER);
            words_read(game, p, reads)
        }
        StmtKind::HandBack => {
            reads.push(SLOT_OWNER);
            writes.push(SLOT_MOVER);
            true
        }
        StmtKind::Clear { pool, player } => {
            writes.extend(pool_words(*pool));
            // One player's part of a per-player pool: the others' stay as they were.
            if game.rules.pools[*pool].per_player {
                reads.extend(pool_words(*pool));
            }
            opt(player, reads)
        }
        // Adding looks at the pool's size first; taking, at the copies held.
        StmtKind::AddPool {
            pool,
            player,
            value,
            times,
        } => {
            reads.extend(pool_words(*pool));
            writes.extend(pool_words(*pool));
            opt(player, reads) && words_read(game, value, reads) && opt(times, reads)
        }
        StmtKind::Take {
            pool,
            player,
            value,
        } => {
            reads.extend(pool_words(*pool));
            writes.extend(pool_words(*pool));
            opt(player, reads) && words_read(game, value, reads)
        }
        StmtKind::Assign {
            counter,
            player,
            op,
            value,
        } => {
            let def = &game.rules.counters[*counter];
            let n = if def.per_player { players } else { 1 };
            let words = def.base..(def.base + n).min(game.rules.data_len);
            // A per-player counter is written for one player: the others' words stay.
            if *op != AssignOp::Set || def.per_player {
                reads.extend(words.clone());
            }
            writes.extend(words);
            opt(player, reads) && words_read(game, value, reads)
        }
        StmtKind::For(..)
        | StmtKind::Move(..)
        | StmtKind::Put { .. }
        | StmtKind::Remove(_)
        | StmtKind::Link(..)
        | StmtKind::SetValue(..) => false,
    }
}

/// The words the `when` of every end rule may read, if they can all be told.
pub(crate) fn end_rules_read(game: &Game) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    for rule in &game.rules.ends {
        if !words_read(game, &rule.when, &mut out) {
            return None;
        }
    }
    out.sort_unstable();
    out.dedup();
    out.retain(|&w| w < game.rules.data_len);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A race of two stones into each player's tray, given up by setting `resigned`.
    const TRAY: &str = r#"game "Tray"
players north, south
board {
  line 1..4
  zone tray per player
}
piece stone
counter resigned: player
setup {
  put stone of north at #1
  put stone of south at #4
}
action walk "{from}" for from in cells where owner(from) == mover {
  move from -> tray[mover]
}
phase play {
  starts north
  actions walk
}
end "home" for p in players when count(tray[p]) == 1
  winner p
end "resigned" when resigned != none
  winner opponent(resigned)
"#;

    fn game(text: &str) -> Game {
        crate::compile(&crate::Source::new("t.tabula", text), &[]).expect("the rules compile")
    }

    #[test]
    fn end_rules_on_zones_and_counters_read_those_words_only() {
        // `count(tray[p])` for each player reads the two tray cells; `resigned != none`
        // reads the counter.
        let g = game(TRAY);
        let tray = g
            .rules()
            .board
            .zones
            .iter()
            .find(|z| z.name == "tray")
            .expect("zone tray");
        let resigned = g
            .rules
            .counters
            .iter()
            .find(|c| c.name == "resigned")
            .expect("resigned");
        let mut want: Vec<usize> = tray
            .cells
            .iter()
            .map(|&c| g.rules().cells_base + c as usize)
            .collect();
        want.push(resigned.base);
        want.sort_unstable();
        assert_eq!(want.len(), 3);
        assert_eq!(end_rules_read(&g), Some(want));
    }

    #[test]
    fn a_loop_over_the_cells_cannot_be_told() {
        // An end rule that looks for a stone anywhere on the board: `exists` over cells.
        let text = TRAY.replace(
            "end \"resigned\" when resigned != none",
            "end \"resigned\" when not exists(c in cells where owner(c) == north)",
        );
        assert_eq!(end_rules_read(&game(&text)), None);
    }
}
