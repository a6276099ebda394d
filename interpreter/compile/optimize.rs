//! Rewrites of the IR that keep its meaning and make generation cheaper: a loop over
//! cells followed by `where owner(c) == P` becomes a loop over the cells P occupies.

use crate::ir::*;

pub fn game(g: &mut Rules) {
    for m in g.actions.iter_mut().chain(g.chances.iter_mut()) {
        generators(&mut m.generators);
        for gen in &mut m.generators {
            match gen {
                Gen::For(_, d) => domain(d),
                Gen::Let(_, e) | Gen::Where(e, _) => expr(e),
            }
        }
        block(&mut m.body);
        if let Some(w) = &mut m.weight {
            expr(w);
        }
        if let Some(w) = &mut m.playout_weight {
            expr(w);
            // A weight known now is stored as the number the engine would compute.
            if let Some(c) = const_of(w) {
                *w = Expr::Operand(Operand::Const(c.clamp(0, MAX_PLAYOUT_WEIGHT)));
            }
        }
        template(&mut m.says);
        for part in &mut m.template {
            match part {
                TemplatePart::Value(e, _) | TemplatePart::Mark(e, _) => expr(e),
                TemplatePart::Text(_) => {}
            }
        }
    }
    for m in g.actions.iter_mut().chain(g.chances.iter_mut()) {
        hoist(&mut m.generators);
    }
    block(&mut g.setup);
    for p in &mut g.phases {
        block(&mut p.turn_start);
        block(&mut p.turn_end);
        p.maximize.iter_mut().for_each(expr);
        if let Some(u) = &mut p.until {
            expr(u);
        }
        if let Stuck::Pass { body, .. } = &mut p.stuck {
            block(body);
        }
    }
    for e in &mut g.ends {
        expr(&mut e.when);
        result(&mut e.result);
    }
    if let Some(s) = &mut g.score {
        expr(s);
    }
    for s in &mut g.shows {
        match &mut s.what {
            Shows::PerPlayer { value, .. } => expr(value),
            Shows::Text { when, parts } => {
                if let Some(w) = when {
                    expr(w);
                }
                template(parts)
            }
        }
    }
}

fn result(r: &mut ResultSpec) {
    if let ResultSpec::Winner {
        player,
        points,
        named,
    } = r
    {
        expr(player);
        if let Some(p) = points {
            expr(p);
        }
        template(named);
    }
}

fn template(parts: &mut [TemplatePart]) {
    for part in parts {
        match part {
            TemplatePart::Value(e, _) | TemplatePart::Mark(e, _) => expr(e),
            TemplatePart::Text(_) => {}
        }
    }
}

fn block(b: &mut [Stmt]) {
    for s in b {
        match &mut s.kind {
            StmtKind::If(c, a, e) => {
                expr(c);
                block(a);
                block(e);
            }
            StmtKind::For(_, d, f, body) => {
                domain(d);
                if let Some(f) = f {
                    expr(f);
                }
                block(body);
            }
            StmtKind::Let(_, e) | StmtKind::Remove(e) | StmtKind::SetMover(e) => expr(e),
            StmtKind::Move(a, b) | StmtKind::SetValue(a, b) | StmtKind::Link(_, a, b) => {
                expr(a);
                expr(b);
            }
            _ => {}
        }
    }
}

fn domain(d: &mut Domain) {
    d.exprs_mut(&mut expr);
}

fn expr(e: &mut Expr) {
    children(e);
    cap_liberties(e);
    simplify(e);
}

/// `liberties(c)` compared with a number needs only count up to one past it:
/// `liberties(n) == 0` stops at the first liberty found, `liberties(n) > 1` at the
/// second. The count, capped so, compares as the whole count would.
fn cap_liberties(e: &mut Expr) {
    let Expr::Binary(op, a, b) = e else {
        return;
    };
    // The comparison as `liberties OP k`, the reading on the left.
    let (op, reading, k) = match (const_of(a), const_of(b)) {
        (None, Some(k)) => (*op, a.as_mut(), k),
        (Some(k), None) => {
            let mirrored = match op {
                BinOp::Lt => BinOp::Gt,
                BinOp::Le => BinOp::Ge,
                BinOp::Gt => BinOp::Lt,
                BinOp::Ge => BinOp::Le,
                other => *other,
            };
            (mirrored, b.as_mut(), k)
        }
        _ => return,
    };
    let Expr::Reach(ReachOp::Liberties(_, cap), _) = reading else {
        return;
    };
    if !(0..i32::MAX).contains(&k) {
        return;
    }
    let needed = match op {
        // Whether the count reaches k.
        BinOp::Ge | BinOp::Lt => k.max(1),
        // Whether it goes past k, or is k.
        BinOp::Gt | BinOp::Le | BinOp::Eq | BinOp::Ne => k + 1,
        _ => return,
    };
    *cap = (*cap).min(needed);
}

/// Folds leaves and two-leaf operations into `Operand` / `Simple` nodes.
fn simplify(e: &mut Expr) {
    fold_constants(e);
    if let Some(o) = as_operand(e) {
        *e = Expr::Operand(o);
        return;
    }
    if let Expr::Binary(op, a, b) = e {
        if let (Some(x), Some(y)) = (as_operand(a), as_operand(b)) {
            *e = Expr::Simple(*op, x, y);
        }
    }
}

/// The value of an expression known when compiling (options are constants by then).
fn const_of(e: &Expr) -> Option<i32> {
    match e {
        Expr::Const(c) | Expr::Operand(Operand::Const(c)) => Some(*c),
        _ => None,
    }
}

/// The values of two expressions known when compiling.
fn both(a: &Expr, b: &Expr) -> Option<(i32, i32)> {
    Some((const_of(a)?, const_of(b)?))
}

/// Folds what options and literals decide: `if option(x) then a else b` becomes a or b,
/// `not true` false, `false and ...` false, `1 + 2` 3.
fn fold_constants(e: &mut Expr) {
    let folded = match e {
        Expr::Not(a) => const_of(a).map(|c| Expr::Const((c == 0) as i32)),
        Expr::And(a, b) => match (const_of(a), const_of(b)) {
            (Some(0), _) | (_, Some(0)) => Some(Expr::Const(0)),
            (Some(_), _) => Some(std::mem::replace(b.as_mut(), Expr::Const(0))),
            (_, Some(_)) => Some(std::mem::replace(a.as_mut(), Expr::Const(0))),
            _ => None,
        },
        Expr::Or(a, b) => match (const_of(a), const_of(b)) {
            (Some(c), _) | (_, Some(c)) if c != 0 => Some(Expr::Const(1)),
            (Some(_), _) => Some(std::mem::replace(b.as_mut(), Expr::Const(0))),
            (_, Some(_)) => Some(std::mem::replace(a.as_mut(), Expr::Const(0))),
            _ => None,
        },
        Expr::If(c, a, b) => const_of(c).map(|c| {
            std::mem::replace(if c != 0 { a.as_mut() } else { b.as_mut() }, Expr::Const(0))
        }),
        // Arithmetic of numbers, by the engine's own operations, so the value is the one
        // evaluating it would give.
        Expr::Binary(op, a, b) => both(a, b).map(|(x, y)| Expr::Const(op.apply(x, y))),
        Expr::Min(a, b) => both(a, b).map(|(x, y)| Expr::Const(x.min(y))),
        Expr::Max(a, b) => both(a, b).map(|(x, y)| Expr::Const(x.max(y))),
        Expr::Neg(a) => const_of(a).map(|c| Expr::Const(c.wrapping_neg())),
        Expr::Abs(a) => const_of(a).map(|c| Expr::Const(c.wrapping_abs())),
        Expr::DirIn(a, mask) => const_of(a).map(|d| Expr::Const(crate::ir::dir_in(d, *mask))),
        _ => None,
    };
    if let Some(f) = folded {
        *e = f;
    }
}

fn is_mover(e: &Expr) -> bool {
    matches!(e, Expr::Mover | Expr::Operand(Operand::Mover))
}

fn as_operand(e: &Expr) -> Option<Operand> {
    let local = |c: &Expr| match c {
        Expr::Local(s) => Some(*s),
        Expr::Operand(Operand::Local(s)) => Some(*s),
        _ => None,
    };
    Some(match e {
        Expr::Operand(o) => *o,
        Expr::Const(c) => Operand::Const(*c),
        Expr::Local(s) => Operand::Local(*s),
        Expr::Mover => Operand::Mover,
        Expr::Opponent(p) if matches!(p.as_ref(), Expr::Mover | Expr::Operand(Operand::Mover)) => {
            Operand::Opponent
        }
        Expr::Owner(c) => Operand::Owner(local(c)?),
        Expr::Value(c) => Operand::Value(local(c)?),
        Expr::Count(c) => Operand::Count(local(c)?),
        Expr::Empty(c) => Operand::Empty(local(c)?),
        Expr::Counter { base, player: None } => Operand::Counter(*base),
        Expr::Step(c, d) => Operand::Step(local(c)?, local(d)?),
        Expr::ZoneCell { zone, player } if is_mover(player) => {
            Operand::ZoneMover(u16::try_from(*zone).ok()?)
        }
        Expr::Counter {
            base,
            player: Some(p),
        } if is_mover(p) => Operand::CounterMover(*base),
        Expr::TrackPos {
            track,
            player: Some(p),
            cell,
        } if is_mover(p) => Operand::TrackPosMover(u16::try_from(*track).ok()?, local(cell)?),
        _ => return None,
    })
}

fn children(e: &mut Expr) {
    e.children_mut(&mut expr);
    // `count(c in D where owner(c) == P and ...)` loops over the cells P occupies.
    // Not `all`: its condition is the property tested, not a filter, so a cell P does
    // not own counts against it and must stay in the domain.
    if let Expr::Aggregate {
        op,
        slot,
        domain: d,
        filter: Some(f),
        ..
    } = e
    {
        let owner = match op {
            AggOp::All => None,
            _ => take_owner_test(f, *slot),
        };
        if let Some(owner) = owner {
            let inner = std::mem::replace(d.as_mut(), Domain::Cells);
            **d = Domain::Owned {
                inner: Box::new(inner),
                owner,
            };
        }
    }
    if let Expr::Aggregate { filter, .. } = e {
        if filter
            .as_deref()
            .is_some_and(|f| matches!(f, Expr::Const(1) | Expr::Operand(Operand::Const(1))))
        {
            *filter = None;
        }
    }
}

/// `where a and b` becomes `where a` then `where b` (generators are pure and `and`
/// stops at the first false, so the moves are the same): each part is then tested
/// without a call for the `and`, folded into its loop or hoisted on its own.
fn split_wheres(gens: &mut Vec<Gen>) {
    fn push(out: &mut Vec<Gen>, g: Gen) {
        match g {
            Gen::Where(Expr::And(a, b), span) => {
                push(out, Gen::Where(*a, span));
                push(out, Gen::Where(*b, span));
            }
            g => out.push(g),
        }
    }
    let mut out = Vec::with_capacity(gens.len());
    for g in std::mem::take(gens) {
        push(&mut out, g);
    }
    *gens = out;
}

/// Loop-invariant code motion: a `let` or `where` moves up to just after the last loop
/// it depends on, so it is evaluated once per value of that loop rather than once per
/// value of every inner one. Generators are pure, so the moves are the same.
fn hoist(gens: &mut Vec<Gen>) {
    let mut level_of_slot = [-1i64; MAX_LOCALS];
    let mut keyed: Vec<(i64, u8, usize, Gen)> = Vec::with_capacity(gens.len());
    for (i, g) in std::mem::take(gens).into_iter().enumerate() {
        let (level, is_loop) = match &g {
            Gen::For(slot, d) => {
                level_of_slot[*slot as usize] = i as i64;
                let _ = d;
                (i as i64, 0)
            }
            Gen::Let(slot, e) => {
                let level = deps_level(e, &level_of_slot);
                level_of_slot[*slot as usize] = level;
                (level, 1)
            }
            Gen::Where(e, _) => (deps_level(e, &level_of_slot), 1),
        };
        keyed.push((level, is_loop, i, g));
    }
    keyed.sort_by_key(|(level, is_loop, i, _)| (*level, *is_loop, *i));
    *gens = keyed.into_iter().map(|(_, _, _, g)| g).collect();
}

/// The level (index of the innermost loop) an expression depends on; -1 for none.
fn deps_level(e: &Expr, level_of_slot: &[i64; MAX_LOCALS]) -> i64 {
    let mut slots = 0u64;
    reads_slots(e, &mut slots);
    (0..MAX_LOCALS)
        .filter(|s| slots & (1 << s) != 0)
        .map(|s| level_of_slot[s])
        .max()
        .unwrap_or(-1)
}

fn operand_slots(o: Operand, out: &mut u64) {
    match o {
        Operand::Local(s)
        | Operand::Owner(s)
        | Operand::Value(s)
        | Operand::Count(s)
        | Operand::Empty(s) => *out |= 1 << s,
        Operand::Step(a, b) => *out |= (1 << a) | (1 << b),
        Operand::TrackPosMover(_, s) => *out |= 1 << s,
        _ => {}
    }
}

/// Every local slot an expression reads (a loop's own variable included).
fn reads_slots(e: &Expr, out: &mut u64) {
    match e {
        Expr::Local(s) => *out |= 1 << s,
        Expr::Operand(o) => operand_slots(*o, out),
        Expr::Simple(_, a, b) => {
            operand_slots(*a, out);
            operand_slots(*b, out);
        }
        _ => e.children(&mut |x| reads_slots(x, out)),
    }
}

/// In a generator list, `for c in CELLS` then `where owner(c) == P and ...` becomes
/// `for c in CELLS owned by P` then `where ...`.
fn generators(gens: &mut Vec<Gen>) {
    split_wheres(gens);
    let mut i = 0;
    while i + 1 < gens.len() {
        let slot = match &gens[i] {
            Gen::For(s, d) if cell_domain(d) => *s,
            _ => {
                i += 1;
                continue;
            }
        };
        let owner = match &mut gens[i + 1] {
            Gen::Where(e, _) => take_owner_test(e, slot),
            _ => None,
        };
        if let Some(owner) = owner {
            if let Gen::For(_, d) = &mut gens[i] {
                let inner = std::mem::replace(d, Domain::Cells);
                *d = Domain::Owned {
                    inner: Box::new(inner),
                    owner,
                };
            }
            if matches!(&gens[i + 1], Gen::Where(Expr::Const(1), _)) {
                gens.remove(i + 1);
            }
        }
        i += 1;
    }
}

fn cell_domain(d: &Domain) -> bool {
    matches!(
        d,
        Domain::Cells
            | Domain::Region { .. }
            | Domain::Track { .. }
            | Domain::Neighbours(..)
            | Domain::CellRange(..)
    )
}

/// Removes a leading conjunct `owner(Local(slot)) == P` (P not reading the slot) from
/// `e`, returning P; what is left of `e` stays (Const(1) when nothing).
fn take_owner_test(e: &mut Expr, slot: u8) -> Option<Expr> {
    match e {
        Expr::Binary(BinOp::Eq, a, b) => {
            let owner = match (a.as_ref(), b.as_ref()) {
                (Expr::Owner(c), p)
                    if matches!(c.as_ref(), Expr::Local(s) if *s == slot) && !reads(p, slot) =>
                {
                    p.clone()
                }
                (p, Expr::Owner(c))
                    if matches!(c.as_ref(), Expr::Local(s) if *s == slot) && !reads(p, slot) =>
                {
                    p.clone()
                }
                _ => return None,
            };
            *e = Expr::Const(1);
            Some(owner)
        }
        Expr::Simple(BinOp::Eq, a, b) => {
            let owner = match (*a, *b) {
                (Operand::Owner(s), o) | (o, Operand::Owner(s))
                    if s == slot && !operand_reads(o, slot) =>
                {
                    Expr::Operand(o)
                }
                _ => return None,
            };
            *e = Expr::Const(1);
            Some(owner)
        }
        Expr::And(a, b) => {
            let owner = take_owner_test(a, slot)?;
            if matches!(
                a.as_ref(),
                Expr::Const(1) | Expr::Operand(Operand::Const(1))
            ) {
                let rest = std::mem::replace(b.as_mut(), Expr::Const(1));
                *e = rest;
            }
            Some(owner)
        }
        _ => None,
    }
}

/// Whether a leaf reads a local slot.
fn operand_reads(o: Operand, slot: u8) -> bool {
    let mut slots = 0u64;
    operand_slots(o, &mut slots);
    slots & (1 << slot) != 0
}

/// Whether an expression reads a local slot.
fn reads(e: &Expr, slot: u8) -> bool {
    let mut slots = 0u64;
    reads_slots(e, &mut slots);
    slots & (1 << slot) != 0
}
