//! Walks a game's rules to each expression at the top of a rule (not into its
//! subexpressions): the expressions the engine compiles one by one.

use super::*;

/// Calls `f` on every expression the game holds at the top (not on subexpressions).
pub(crate) fn each_top_expr(g: &mut Rules, f: &mut impl FnMut(&mut Expr)) {
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
        p.forbids.iter_mut().for_each(|x| f(&mut x.when));
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
    for rule in g.strategies.iter_mut().flat_map(|s| s.rules.iter_mut()) {
        for r in &mut rule.actions {
            for t in &mut r.tests {
                match t {
                    Gen::For(_, d) => domain(d, f),
                    Gen::Let(_, e) | Gen::Where(e, _) => f(e),
                }
            }
            if let Some(e) = &mut r.avoid {
                f(e);
            }
            r.by.iter_mut().for_each(&mut *f);
        }
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
            | StmtKind::HandTo(e)
            | StmtKind::ContinueWith { value: e, .. } => f(e),
            StmtKind::Move(a, b) | StmtKind::SetValue(a, b) | StmtKind::Link(_, a, b) => {
                f(a);
                f(b);
            }
            StmtKind::Put {
                count,
                piece,
                owner,
                value,
                at,
            } => {
                f(count);
                f(piece);
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
