//! The loops over a domain that both ways of running the rules share: the tree walker
//! (`eval`) and the compiled closures call `for_each_in` for a `for` and `aggregate`
//! for `count`, `sum`, `min`, `max`, `exists` and `all`. Because a bug here would land
//! on both sides of the differential test, these are tested on their own below, with
//! counts worked out by hand.

use super::eval::{eval, player_slot, Locals};
use super::state::State;
use super::Game;
use crate::ir::*;

#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn aggregate<V: Evaluate + ?Sized>(
    game: &Game,
    state: &State,
    op: AggOp,
    slot: u8,
    domain: &Domain,
    filter: Option<&V>,
    value: Option<&V>,
    locals: &mut Locals,
) -> i32 {
    if let Domain::Pool { pool, player } = domain {
        return pool_aggregate(
            game,
            state,
            op,
            slot,
            *pool,
            player.as_ref(),
            filter,
            value,
            locals,
        );
    }
    let mut acc: Option<i32> = None;
    let mut count = 0i32;
    let slot = slot as usize;
    let mut stop = false;
    for_each_in(
        game,
        state,
        domain,
        locals,
        &mut |game, state, x, locals| {
            locals[slot] = x;
            if let Some(f) = filter {
                if f.evaluate(game, state, locals) == 0 {
                    if op == AggOp::All {
                        // A counterexample: not all hold.
                        stop = true;
                        return false;
                    }
                    return true;
                }
            }
            count += 1;
            match op {
                AggOp::Exists => {
                    stop = true;
                    false
                }
                AggOp::Count | AggOp::All => true,
                AggOp::Sum | AggOp::Min | AggOp::Max => {
                    let v = value.map_or(x, |v| v.evaluate(game, state, locals));
                    acc = Some(match (op, acc) {
                        (_, None) => v,
                        (AggOp::Sum, Some(a)) => a.wrapping_add(v),
                        (AggOp::Min, Some(a)) => a.min(v),
                        (_, Some(a)) => a.max(v),
                    });
                    true
                }
            }
        },
    );
    match op {
        AggOp::Count => count,
        AggOp::Exists => stop as i32,
        AggOp::All => (!stop) as i32,
        _ => acc.unwrap_or(0),
    }
}

/// An aggregate over a pool counts every item: a pool [6, 6, 1] has count 3, sum 13.
#[allow(clippy::too_many_arguments)]
fn pool_aggregate<V: Evaluate + ?Sized>(
    game: &Game,
    state: &State,
    op: AggOp,
    slot: u8,
    pool: usize,
    player: Option<&Expr>,
    filter: Option<&V>,
    value: Option<&V>,
    locals: &mut Locals,
) -> i32 {
    let Some(p) = player_slot(game, player, state, locals) else {
        return 0;
    };
    let def = &game.rules.pools[pool];
    let base = def.base + p * def.width();
    let (mut count, mut acc): (i32, Option<i32>) = (0, None);
    for i in 0..def.width() {
        let n = state.data[base + i];
        if n <= 0 {
            continue;
        }
        let x = def.low + i as i32;
        locals[slot as usize] = x;
        let pass = filter.is_none_or(|f| f.evaluate(game, state, locals) != 0);
        match op {
            AggOp::All if !pass => return 0,
            AggOp::Exists if pass => return 1,
            _ if !pass => continue,
            AggOp::Count => count = count.wrapping_add(n),
            AggOp::Sum => {
                let v = value.map_or(x, |v| v.evaluate(game, state, locals));
                acc = Some(acc.unwrap_or(0).wrapping_add(v.wrapping_mul(n)));
            }
            AggOp::Min | AggOp::Max => {
                let v = value.map_or(x, |v| v.evaluate(game, state, locals));
                acc = Some(match (op, acc) {
                    (_, None) => v,
                    (AggOp::Min, Some(a)) => a.min(v),
                    (_, Some(a)) => a.max(v),
                });
            }
            _ => {}
        }
    }
    match op {
        AggOp::Count => count,
        AggOp::Exists => 0,
        AggOp::All => 1,
        _ => acc.unwrap_or(0),
    }
}

/// What an aggregate evaluates for each element: an expression, by the tree walker,
/// or its compiled closure.
pub(crate) trait Evaluate {
    fn evaluate(&self, game: &Game, state: &State, locals: &mut Locals) -> i32;
}

impl Evaluate for Expr {
    #[inline]
    fn evaluate(&self, game: &Game, state: &State, locals: &mut Locals) -> i32 {
        eval(game, state, self, locals)
    }
}

impl Evaluate for super::closure::ExprFn {
    #[inline]
    fn evaluate(&self, game: &Game, state: &State, locals: &mut Locals) -> i32 {
        self(game, state, locals)
    }
}

/// The cells of a region or track domain, for the player it names (none when the
/// player is none).
pub(crate) fn listed_cells<'g>(
    game: &'g Game,
    state: &State,
    domain: &Domain,
    locals: &mut Locals,
) -> &'g [i32] {
    let (lists, player) = match domain {
        Domain::Region { region, player } => (&game.rules.board.regions[*region].lists, player),
        Domain::Track { track, player } => (&game.rules.board.tracks[*track].lists, player),
        _ => return &[],
    };
    player_slot(game, player.as_ref(), state, locals).map_or(&[][..], |p| lists[p].as_slice())
}

/// What a loop over a domain may cost, before evaluating anything (ranges are charged
/// once their bounds are known).
fn domain_size(game: &Game, d: &Domain) -> u64 {
    match d {
        Domain::Range(..) | Domain::CellRange(..) => 1,
        Domain::Dirs(ds) => ds.len() as u64,
        Domain::FixedDirs(t) => t.first().map_or(0, Vec::len) as u64,
        // The neighbours of one owner are tested one by one: the neighbours' own cost.
        Domain::Owned { inner, .. } if matches!(**inner, Domain::Neighbours(..)) => 0,
        Domain::Cells | Domain::Owned { .. } | Domain::Group(..) => {
            game.rules.board.cells.len() as u64
        }
        Domain::Players => game.rules.players.len() as u64,
        Domain::Region { .. }
        | Domain::Track { .. }
        | Domain::Neighbours(..)
        | Domain::LineCells(_)
        | Domain::LinesThrough(_)
        | Domain::Pool { .. } => 8,
    }
}

fn for_each_in_dyn(
    game: &Game,
    state: &State,
    domain: &Domain,
    locals: &mut Locals,
    f: &mut dyn FnMut(&Game, &State, i32, &mut Locals) -> bool,
) -> bool {
    for_each_in(game, state, domain, locals, f)
}

/// Calls `f` with each element of a domain, in the domain's order, after spending
/// the loop's size from the run's budget; stops early when `f` returns false. Returns
/// false when stopped early or when the budget is gone.
pub(crate) fn for_each_in<F: FnMut(&Game, &State, i32, &mut Locals) -> bool + ?Sized>(
    game: &Game,
    state: &State,
    domain: &Domain,
    locals: &mut Locals,
    f: &mut F,
) -> bool {
    // Every loop spends from a budget, so nested loops over huge ranges end.
    if !locals.spend(domain_size(game, domain)) {
        return false;
    }
    match domain {
        Domain::Range(a, b) => {
            let a = eval(game, state, a, locals);
            let b = eval(game, state, b, locals);
            // Ranges are bounded so a rules file cannot loop for ever.
            let b = b.min(a.saturating_add(100_000));
            if b >= a && !locals.spend((b - a) as u64) {
                return false;
            }
            for x in a..=b {
                if !f(game, state, x, locals) {
                    return false;
                }
            }
        }
        Domain::CellRange(a, b) => {
            let a = eval(game, state, a, locals);
            let b = eval(game, state, b, locals);
            let cells = 0..game.rules.board.cells.len() as i32;
            if !cells.contains(&a) || !cells.contains(&b) {
                return true;
            }
            if !locals.spend(a.abs_diff(b) as u64) {
                return false;
            }
            let step = if a <= b { 1 } else { -1 };
            let mut x = a;
            loop {
                if !f(game, state, x, locals) {
                    return false;
                }
                if x == b {
                    break;
                }
                x += step;
            }
        }
        Domain::Dirs(ds) => {
            for d in ds {
                let x = eval(game, state, d, locals);
                if x >= 0 && !f(game, state, x, locals) {
                    return false;
                }
            }
        }
        Domain::FixedDirs(per_player) => {
            for &d in &per_player[state.mover().index().min(per_player.len() - 1)] {
                if !f(game, state, d, locals) {
                    return false;
                }
            }
        }
        Domain::Cells => {
            for c in 0..game.rules.board.cells.len() as i32 {
                if !f(game, state, c, locals) {
                    return false;
                }
            }
        }
        Domain::Players => {
            for p in 0..game.rules.players.len() as i32 {
                if !f(game, state, p, locals) {
                    return false;
                }
            }
        }
        Domain::Region { .. } | Domain::Track { .. } => {
            for &c in listed_cells(game, state, domain, locals) {
                if !f(game, state, c, locals) {
                    return false;
                }
            }
        }
        Domain::Neighbours(c, adjacency) => {
            let c = eval(game, state, c, locals);
            let each = super::reach::each_open_neighbour;
            if !each(game, state, *adjacency, c, |n| f(game, state, n, locals)) {
                return false;
            }
        }
        Domain::LineCells(l) => {
            let l = eval(game, state, l, locals);
            for &c in game.rules.board.line_cells.of(l) {
                if !f(game, state, c, locals) {
                    return false;
                }
            }
        }
        Domain::LinesThrough(c) => {
            let c = eval(game, state, c, locals);
            for &l in game.rules.board.lines_through.of(c) {
                if !f(game, state, l, locals) {
                    return false;
                }
            }
        }
        Domain::Group(c, adjacency) => {
            let c = eval(game, state, c, locals);
            // Through a trait object, as for `Owned` below.
            let mut each = |g: &Game, s: &State, x: i32, l: &mut Locals| f(g, s, x, l);
            return super::reach::for_each_in_group(game, state, c, *adjacency, locals, &mut each);
        }
        Domain::Owned { inner, owner } => {
            let who = eval(game, state, owner, locals);
            let base = game.rules.cells_base;
            let owned =
                |c: i32| super::state::CellWord(state.data[base + c as usize]).owner() == who;
            match inner.as_ref() {
                Domain::Cells => {
                    for c in 0..game.rules.board.cells.len() as i32 {
                        if owned(c) && !f(game, state, c, locals) {
                            return false;
                        }
                    }
                }
                listed @ (Domain::Region { .. } | Domain::Track { .. }) => {
                    for &c in listed_cells(game, state, listed, locals) {
                        if owned(c) && !f(game, state, c, locals) {
                            return false;
                        }
                    }
                }
                other => {
                    // Through a trait object: a generic call here would nest closure
                    // types without end.
                    return for_each_in_dyn(
                        game,
                        state,
                        other,
                        locals,
                        &mut |game, state, c, locals| {
                            if c >= 0 && owned(c) {
                                f(game, state, c, locals)
                            } else {
                                true
                            }
                        },
                    );
                }
            }
        }
        Domain::Pool { pool, player } => {
            let Some(p) = player_slot(game, player.as_ref(), state, locals) else {
                return true;
            };
            let def = &game.rules.pools[*pool];
            let base = def.base + p * def.width();
            for i in 0..def.width() {
                if state.data[base + i] > 0 && !f(game, state, def.low + i as i32, locals) {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    //! Each loop's elements, their order and the budget it spends, counted by hand on a
    //! 3 × 3 board: a1 b1 c1 on the first row, a2 b2 c2, a3 b3 c3; stones of `a` on
    //! a1 and b2 and of `b` on c3; `a`'s pool holds 6, 6 and 1.
    use super::*;
    use crate::{compile, Engine, Source};

    const RULES: &str = r#"
game "loops"
players a, b
board { grid 3 x 3 }
piece stone
region side { a: a1..c1; b: a3..c3 }
pool hand per player of 1..6
setup {
  put stone of a at a1
  put stone of a at b2
  put stone of b at c3
  add 6 x 2 to hand[a]
  add 1 x 1 to hand[a]
}
action place "{to}"
  for to in cells
  where empty(to)
{
  put stone of mover at to
}
phase play {
  starts a
  actions place
  stuck end draw
}
"#;

    fn c(n: i32) -> Expr {
        Expr::Operand(Operand::Const(n))
    }

    /// What `domain` visits into slot 0, and whether the loop ran to its end, with a
    /// budget of `steps`.
    fn visit(domain: &Domain, steps: u64) -> (Vec<i32>, bool) {
        let game = compile(&Source::new("loops.tabula", RULES), &[]).expect("the rules compile");
        let mut engine = Engine::new(&game);
        let state = engine.initial_state().expect("the game sets up");
        let run = engine.meter.open(steps);
        let mut locals = run.locals();
        let mut seen = Vec::new();
        let whole = for_each_in(&game, &state, domain, &mut locals, &mut |_, _, x, _| {
            seen.push(x);
            true
        });
        (seen, whole)
    }

    fn names(cells: &[i32]) -> Vec<String> {
        let game = compile(&Source::new("loops.tabula", RULES), &[]).expect("the rules compile");
        cells
            .iter()
            .map(|&c| game.rules().board.cells[c as usize].clone())
            .collect()
    }

    fn cell(name: &str) -> Expr {
        let game = compile(&Source::new("loops.tabula", RULES), &[]).expect("the rules compile");
        c(game.rules().board.cell(name).expect("a cell of the board"))
    }

    #[test]
    fn a_range_visits_each_number_and_spends_one_and_its_length() {
        let range = Domain::Range(c(2), c(5));
        assert_eq!(visit(&range, 4), (vec![2, 3, 4, 5], true));
        assert_eq!(visit(&range, 3), (vec![], false));
        assert_eq!(visit(&Domain::Range(c(5), c(2)), 1), (vec![], true));
    }

    #[test]
    fn a_cell_range_runs_backwards_when_its_first_cell_comes_later() {
        let (cells, whole) = visit(&Domain::CellRange(cell("c1"), cell("a1")), 3);
        assert!(whole);
        assert_eq!(names(&cells), ["c1", "b1", "a1"]);
        assert!(!visit(&Domain::CellRange(cell("c1"), cell("a1")), 2).1);
        assert_eq!(
            visit(&Domain::CellRange(c(-1), cell("a1")), 1),
            (vec![], true)
        );
    }

    #[test]
    fn every_cell_costs_the_board_and_a_region_eight() {
        assert_eq!(visit(&Domain::Cells, 9).0.len(), 9);
        assert_eq!(visit(&Domain::Cells, 8), (vec![], false));
        let side_of = |p: i32| Domain::Region {
            region: 0,
            player: Some(c(p)),
        };
        let (cells, whole) = visit(&side_of(1), 8);
        assert!(whole);
        assert_eq!(names(&cells), ["a3", "b3", "c3"]);
        // A player out of range names no list.
        assert_eq!(visit(&side_of(7), 8), (vec![], true));
        assert_eq!(visit(&side_of(0), 7), (vec![], false));
    }

    #[test]
    fn owned_cells_and_neighbours_in_board_order() {
        let owned = Domain::Owned {
            inner: Box::new(Domain::Cells),
            owner: c(0),
        };
        assert_eq!(names(&visit(&owned, 9).0), ["a1", "b2"]);
        let around = |name: &str| {
            visit(
                &Domain::Neighbours(cell(name), crate::board::ALL_DIRECTIONS),
                8,
            )
            .0
            .len()
        };
        assert_eq!(around("b2"), 8);
        assert_eq!(around("a1"), 3);
        assert_eq!(around("b1"), 5);
    }

    #[test]
    fn a_pool_is_visited_once_a_value_in_increasing_order() {
        let hand = |p: i32| Domain::Pool {
            pool: 0,
            player: Some(c(p)),
        };
        assert_eq!(visit(&hand(0), 8), (vec![1, 6], true));
        assert_eq!(visit(&hand(1), 8), (vec![], true));
    }

    #[test]
    fn a_loop_stops_when_told_and_says_so() {
        let game = compile(&Source::new("loops.tabula", RULES), &[]).expect("the rules compile");
        let mut engine = Engine::new(&game);
        let state = engine.initial_state().expect("the game sets up");
        let run = engine.meter.open(1000);
        let mut locals = run.locals();
        let mut seen = Vec::new();
        let whole = for_each_in(
            &game,
            &state,
            &Domain::Range(c(1), c(10)),
            &mut locals,
            &mut |_, _, x, _| {
                seen.push(x);
                x < 3
            },
        );
        assert_eq!((seen, whole), (vec![1, 2, 3], false));
    }

    /// `op` over `domain` into slot 0, with `filter` and `value` written on slot 0.
    fn fold(op: AggOp, domain: &Domain, filter: Option<Expr>, value: Option<Expr>) -> i32 {
        let game = compile(&Source::new("loops.tabula", RULES), &[]).expect("the rules compile");
        let mut engine = Engine::new(&game);
        let state = engine.initial_state().expect("the game sets up");
        let run = engine.meter.open(1000);
        let mut locals = run.locals();
        aggregate(
            &game,
            &state,
            op,
            0,
            domain,
            filter.as_ref(),
            value.as_ref(),
            &mut locals,
        )
    }

    #[test]
    fn aggregates_count_sum_and_compare_what_passes_the_filter() {
        let empty = || Some(Expr::Operand(Operand::Empty(0)));
        let even = || {
            Some(Expr::Simple(
                BinOp::Eq,
                Operand::Local(0),
                Operand::Const(4),
            ))
        };
        let range = Domain::Range(c(1), c(5));
        assert_eq!(fold(AggOp::Count, &Domain::Cells, empty(), None), 6);
        assert_eq!(fold(AggOp::Exists, &Domain::Cells, empty(), None), 1);
        assert_eq!(fold(AggOp::All, &Domain::Cells, empty(), None), 0);
        assert_eq!(fold(AggOp::Sum, &range, None, None), 15);
        assert_eq!(fold(AggOp::Count, &range, even(), None), 1);
        // The value of each element: 10 - x, so 9 down to 5.
        let ten_less = || {
            Some(Expr::Simple(
                BinOp::Sub,
                Operand::Const(10),
                Operand::Local(0),
            ))
        };
        assert_eq!(fold(AggOp::Min, &range, None, ten_less()), 5);
        assert_eq!(fold(AggOp::Max, &range, None, ten_less()), 9);
        assert_eq!(fold(AggOp::Sum, &range, None, ten_less()), 35);
        // Nothing passes: a sum, a minimum and a maximum of nothing are 0; all of
        // nothing holds, and nothing exists.
        let never = || Some(c(0));
        assert_eq!(fold(AggOp::Min, &range, never(), None), 0);
        assert_eq!(fold(AggOp::All, &range, never(), None), 0);
        assert_eq!(
            fold(AggOp::All, &Domain::Range(c(3), c(1)), never(), None),
            1
        );
        assert_eq!(fold(AggOp::Exists, &range, never(), None), 0);
    }

    #[test]
    fn an_aggregate_over_a_pool_counts_every_item() {
        let hand = Domain::Pool {
            pool: 0,
            player: Some(c(0)),
        };
        assert_eq!(fold(AggOp::Count, &hand, None, None), 3);
        assert_eq!(fold(AggOp::Sum, &hand, None, None), 13);
        assert_eq!(fold(AggOp::Min, &hand, None, None), 1);
        assert_eq!(fold(AggOp::Max, &hand, None, None), 6);
        let sixes = Some(Expr::Simple(
            BinOp::Eq,
            Operand::Local(0),
            Operand::Const(6),
        ));
        assert_eq!(fold(AggOp::Count, &hand, sixes, None), 2);
    }
}
