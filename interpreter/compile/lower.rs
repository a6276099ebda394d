//! The last step of compiling: every compound expression of the game is compiled to
//! closures (`engine::closure`), so the engine evaluates it with a short call per node;
//! the outcomes of chance events that read no state are listed once.

use crate::engine::closure;
use crate::ir::*;

pub fn game(g: &mut Game) {
    each_expr(g, &mut closure::lower);
    for m in g.actions.iter_mut().chain(g.chances.iter_mut()) {
        let gens = closure::compile_gens(&m.generators);
        m.compiled = Some(std::sync::Arc::new(CompiledGens(gens)));
        m.compiled_body = Some(std::sync::Arc::new(CompiledBlock(closure::compile_block(
            &m.body,
        ))));
    }
    g.compiled_setup = Some(std::sync::Arc::new(CompiledBlock(closure::compile_block(
        &g.setup,
    ))));
    for p in &mut g.phases {
        p.weighted = p
            .actions
            .iter()
            .any(|&a| g.actions[a].playout_weight.is_some());
        let pass = match &p.stuck {
            Stuck::Pass { body, .. } => body.as_slice(),
            Stuck::End(_) => &[],
        };
        p.compiled_hooks = Some(std::sync::Arc::new(PhaseBlocks {
            turn_start: CompiledBlock(closure::compile_block(&p.turn_start)),
            turn_end: CompiledBlock(closure::compile_block(&p.turn_end)),
            pass: CompiledBlock(closure::compile_block(pass)),
        }));
    }
    g.chance_outcomes = crate::engine::Engine::fixed_chance_outcomes(g);
}

/// Calls `f` on every expression the game holds at the top (not on subexpressions).
fn each_expr(g: &mut Game, f: &mut impl FnMut(&mut Expr)) {
    for c in &mut g.counters {
        if let Some(e) = &mut c.init {
            f(e);
        }
    }
    for m in g.actions.iter_mut().chain(g.chances.iter_mut()) {
        for gen in &mut m.generators {
            match gen {
                Gen::For(_, d) => domain(d, f),
                Gen::Let(_, e) | Gen::Where(e, _) => f(e),
            }
        }
        if let Some(w) = &mut m.weight {
            f(w);
        }
        if let Some(w) = &mut m.playout_weight {
            f(w);
        }
        block(&mut m.body, f);
        template(&mut m.says, f);
        for part in &mut m.template {
            match part {
                TemplatePart::Value(e, _) | TemplatePart::Mark(e, _) => f(e),
                TemplatePart::Text(_) => {}
            }
        }
    }
    block(&mut g.setup, f);
    for p in &mut g.phases {
        if let Some(e) = &mut p.starts {
            f(e);
        }
        p.maximize.iter_mut().for_each(&mut *f);
        if let Some(e) = &mut p.until {
            f(e);
        }
        block(&mut p.turn_start, f);
        block(&mut p.turn_end, f);
        match &mut p.stuck {
            Stuck::Pass { body, .. } => block(body, f),
            Stuck::End(r) => result(r, f),
        }
    }
    for e in &mut g.ends {
        f(&mut e.when);
        result(&mut e.result, f);
    }
    if let Some(s) = &mut g.score {
        f(s);
    }
    for s in &mut g.shows {
        match &mut s.what {
            Shows::PerPlayer { value, .. } => f(value),
            Shows::Text { when, parts } => {
                if let Some(w) = when {
                    f(w);
                }
                template(parts, f)
            }
        }
    }
}

fn result(r: &mut ResultSpec, f: &mut impl FnMut(&mut Expr)) {
    if let ResultSpec::Winner {
        player,
        points,
        named,
    } = r
    {
        f(player);
        if let Some(p) = points {
            f(p);
        }
        template(named, f);
    }
}

fn template(parts: &mut [TemplatePart], f: &mut impl FnMut(&mut Expr)) {
    for part in parts {
        match part {
            TemplatePart::Value(e, _) | TemplatePart::Mark(e, _) => f(e),
            TemplatePart::Text(_) => {}
        }
    }
}

fn block(b: &mut [Stmt], f: &mut impl FnMut(&mut Expr)) {
    for s in b {
        match &mut s.kind {
            StmtKind::If(c, a, e) => {
                f(c);
                block(a, f);
                block(e, f);
            }
            StmtKind::For(_, d, filter, body) => {
                domain(d, f);
                if let Some(e) = filter {
                    f(e);
                }
                block(body, f);
            }
            StmtKind::Let(_, e)
            | StmtKind::Remove(e)
            | StmtKind::SetMover(e)
            | StmtKind::HandTo(e) => f(e),
            StmtKind::Move(a, b) | StmtKind::SetValue(a, b) => {
                f(a);
                f(b);
            }
            StmtKind::Put {
                count,
                owner,
                value,
                at,
                ..
            } => {
                f(count);
                if let Some(e) = owner {
                    f(e);
                }
                if let Some(e) = value {
                    f(e);
                }
                f(at);
            }
            StmtKind::Take { player, value, .. } | StmtKind::Assign { player, value, .. } => {
                if let Some(e) = player {
                    f(e);
                }
                f(value);
            }
            StmtKind::AddPool {
                player,
                value,
                times,
                ..
            } => {
                if let Some(e) = player {
                    f(e);
                }
                f(value);
                if let Some(e) = times {
                    f(e);
                }
            }
            StmtKind::Clear {
                player: Some(e), ..
            } => f(e),
            StmtKind::Clear { player: None, .. }
            | StmtKind::Continue
            | StmtKind::Chance(_)
            | StmtKind::HandBack => {}
        }
    }
}

fn domain(d: &mut Domain, f: &mut impl FnMut(&mut Expr)) {
    d.exprs_mut(f);
}
