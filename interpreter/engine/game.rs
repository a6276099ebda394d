//! A game ready to play: the checked rules (`ir::Rules`, plain data) and the closures
//! the engine compiles them to (`closure`), made once when the game is loaded.

use std::sync::{Arc, OnceLock};

use super::closure::{self, BlockFn, ExprFn, GensFn};
use super::eval::eval;
use super::{Engine, Step};
use crate::ir::*;

/// The rules of a game and their compiled form. Reads as its rules (`Deref`); the
/// engine alone reaches the closures.
#[derive(Clone)]
pub struct Game {
    pub(crate) rules: Rules,
    /// The compiled form of each `Expr::Numbered`, by its id: kept here rather than in
    /// `code`, one pointer nearer, as the evaluator reads it at every such expression.
    pub(crate) exprs: Arc<[ExprFn]>,
    pub(crate) code: Arc<Code>,
    /// For each chance event whose outcomes read no state (a roll of dice), its
    /// outcomes and weights, listed once when the game is made.
    pub(crate) chance_outcomes: Arc<Vec<FixedOutcomes>>,
}

/// A chance event's outcomes and their weights, when they read no state.
pub type FixedOutcomes = Option<Vec<(Step, u32)>>;

/// The closures of a game, indexed as its rules are.
pub(crate) struct Code {
    pub setup: BlockFn,
    pub actions: Vec<MoveCode>,
    pub chances: Vec<MoveCode>,
    pub phases: Vec<PhaseCode>,
    /// Whether expressions are evaluated by the tree walker (`Game::interpreted`).
    tree_walked: bool,
}

/// A move's generators and its body, compiled.
pub(crate) struct MoveCode {
    /// The generators as the engine runs them, loops fused with the tests after them.
    pub generators: GensFn,
    /// The same bindings from a chain that tells a watcher every test (`trace`, `why`),
    /// compiled when first asked for (`Game::watchable`), not for every game loaded.
    watchable: OnceLock<GensFn>,
    pub body: BlockFn,
    /// The argument slots the move's own names (`for`, `let`) are bound to: a step
    /// keeps those and zeros the others, which an aggregate in a `where` may have used
    /// as scratch, so that a step is the same however its conditions were evaluated.
    pub bound: ArgMask,
}

/// A phase's blocks of effects, compiled.
pub(crate) struct PhaseCode {
    pub turn_start: BlockFn,
    pub turn_end: BlockFn,
    /// The effects of a pass (none when the phase ends the game instead).
    pub pass: BlockFn,
}

impl Game {
    /// Not part of the API (front ends call [`crate::compile()`]): compiles checked
    /// rules to closures. Each compound expression at the top of a
    /// rule is numbered (`Expr::Numbered`) and its closure kept at that number.
    #[doc(hidden)]
    pub fn new(mut rules: Rules) -> Game {
        let mut exprs: Vec<ExprFn> = Vec::new();
        each_top_expr(&mut rules, &mut |e| number(e, &mut exprs));
        let code = Code::new(&rules, closure::compile_gens, false);
        let mut game = Game {
            exprs: exprs.into(),
            rules,
            code: Arc::new(code),
            chance_outcomes: Arc::default(),
        };
        game.chance_outcomes = Arc::new(Engine::fixed_chance_outcomes(&game));
        game
    }

    /// Not part of the API: the same game with every expression of its generators and scores evaluated by
    /// the tree walker (`eval`), no loop fused with the tests after it (the chains
    /// `trace` and `why` watch), and chance outcomes listed at each roll: a second
    /// evaluation path, for differential tests. Effects stay compiled.
    #[doc(hidden)]
    pub fn interpreted(mut rules: Rules) -> Game {
        each_top_expr(&mut rules, &mut |e| {
            if let Expr::Numbered { expr, .. } = e {
                *e = std::mem::replace(expr.as_mut(), Expr::Const(0));
            }
        });
        let code = Code::new(
            &rules,
            |gens| closure::compile_watchable(gens, &tree_walked),
            true,
        );
        Game {
            exprs: Arc::new([]),
            chance_outcomes: Arc::new(vec![None; rules.chances.len()]),
            rules,
            code: Arc::new(code),
        }
    }

    /// Action `a`'s generators as a chain that tells a watcher every test.
    pub(crate) fn watchable(&self, a: usize) -> &GensFn {
        self.code.actions[a].watchable.get_or_init(|| {
            let gens = &self.rules.actions[a].generators;
            if self.code.tree_walked {
                closure::compile_watchable(gens, &tree_walked)
            } else {
                closure::compile_watchable(gens, &closure::compile)
            }
        })
    }

    /// Not part of the API: the rules as plain data, for the white-box tests.
    #[doc(hidden)]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// For each chance event, its outcomes and weights when they read no state (a roll
    /// of dice), listed once; `None` for an event whose outcomes depend on the state.
    pub fn chance_outcomes(&self) -> &[FixedOutcomes] {
        &self.chance_outcomes
    }
}

impl Code {
    /// Every block of effects compiled, and each move's generators made by
    /// `generators`; `tree_walked` when expressions are left to the tree walker.
    fn new(rules: &Rules, generators: impl Fn(&[Gen]) -> GensFn, tree_walked: bool) -> Code {
        let moves = |defs: &[MoveDef]| -> Vec<MoveCode> {
            defs.iter()
                .map(|m| MoveCode {
                    generators: generators(&m.generators),
                    watchable: OnceLock::new(),
                    body: closure::compile_block(&m.body),
                    bound: bound_slots(&m.generators),
                })
                .collect()
        };
        let phases = rules
            .phases
            .iter()
            .map(|p| PhaseCode {
                turn_start: closure::compile_block(&p.turn_start),
                turn_end: closure::compile_block(&p.turn_end),
                pass: closure::compile_block(match &p.stuck {
                    Stuck::Pass { body, .. } => body.as_slice(),
                    Stuck::End(_) => &[],
                }),
            })
            .collect();
        Code {
            setup: closure::compile_block(&rules.setup),
            actions: moves(&rules.actions),
            chances: moves(&rules.chances),
            phases,
            tree_walked,
        }
    }
}

/// A mask of argument slots: all ones where a slot is kept, 0 where it is not (an and
/// with it keeps or zeroes each slot without a branch).
pub(crate) type ArgMask = [i32; MAX_ARGS];

/// The argument slots a move's generators bind by name (`MoveCode::bound`).
fn bound_slots(gens: &[Gen]) -> ArgMask {
    let mut mask = [0; MAX_ARGS];
    for g in gens {
        if let Gen::For(slot, _) | Gen::Let(slot, _) = g {
            if let Some(m) = mask.get_mut(*slot as usize) {
                *m = -1;
            }
        }
    }
    mask
}

/// An expression evaluated by the tree walker, as a closure.
fn tree_walked(e: &Expr) -> ExprFn {
    let e = e.clone();
    Box::new(move |g, st, l| eval(g, st, &e, l))
}

/// Numbers a compound expression and compiles it; leaves and two-leaf nodes, which the
/// tree walker evaluates without a call, stay as they are. An expression numbered
/// before (rules taken from another game) is numbered again.
fn number(e: &mut Expr, exprs: &mut Vec<ExprFn>) {
    match e {
        Expr::Operand(_) | Expr::Simple(..) | Expr::Const(_) | Expr::Local(_) | Expr::Mover => {}
        Expr::Numbered { id, expr } => {
            *id = exprs.len() as u32;
            exprs.push(closure::compile(expr));
        }
        _ => {
            let expr = Box::new(std::mem::replace(e, Expr::Const(0)));
            exprs.push(closure::compile(&expr));
            *e = Expr::Numbered {
                id: exprs.len() as u32 - 1,
                expr,
            };
        }
    }
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.rules.fmt(f)
    }
}
