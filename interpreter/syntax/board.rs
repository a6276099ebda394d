//! Board declarations: their items, regions and cell lists.

use super::ast::*;
use super::expr::expr;
use super::grammar::Rule;
use super::pair::{missing, missing_expr, name, span};
use pest::iterators::Pair;

/// The items of one board line: one, or a leap each for `leap nne = 1, 2, ene = 2, 1`.
pub(super) fn board_items(pair: Pair<Rule>) -> Vec<BoardItem> {
    if pair.as_rule() == Rule::board_leap {
        // The first leap is placed from the keyword, the others at themselves.
        let start = span(&pair).start;
        let mut leaps: Vec<BoardItem> = pair
            .into_inner()
            .filter(|p| p.as_rule() == Rule::leap_one)
            .map(leap)
            .collect();
        if let Some(BoardItem::Leap { span, .. }) = leaps.first_mut() {
            span.start = start;
        }
        return leaps;
    }
    vec![board_item(pair)]
}

/// One leap, `nne = 1, 2`, placed at itself.
fn leap(pair: Pair<Rule>) -> BoardItem {
    let sp = span(&pair);
    let mut it = pair.into_inner();
    let n = it.next().map(name).unwrap_or_else(|| missing(sp));
    let files = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
    let ranks = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
    BoardItem::Leap {
        name: n,
        files,
        ranks,
        span: sp,
    }
}

fn board_item(pair: Pair<Rule>) -> BoardItem {
    let sp = span(&pair);
    let rule = pair.as_rule();
    let mut it = pair.into_inner();
    match rule {
        Rule::board_hex => BoardItem::Hex(it.map(expr).collect(), sp),
        Rule::board_grid => {
            let w = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            let h = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            BoardItem::Grid(w, h, sp)
        }
        Rule::board_rhombus => {
            let w = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            let h = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            BoardItem::Rhombus(w, h, sp)
        }
        Rule::board_line => {
            let a = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            let b = it.next().map(expr).unwrap_or_else(|| missing_expr(sp));
            BoardItem::Line(a, b, sp)
        }
        Rule::board_points => BoardItem::Points(
            it.filter(|p| p.as_rule() == Rule::point)
                .map(|p| {
                    let sp = span(&p);
                    let mut parts = p.into_inner();
                    let n = parts.next().map(name).unwrap_or_else(|| missing(sp));
                    let at = parts.next().map(|at| {
                        let sp = span(&at);
                        // A number too large for the board is refused by the compiler,
                        // as one out of its range.
                        let mut xy = at.into_inner().map(|v| v.as_str().parse().unwrap_or(-1));
                        let (x, y) = (xy.next().unwrap_or(-1), xy.next().unwrap_or(-1));
                        ((x, y), sp)
                    });
                    (n, at)
                })
                .collect(),
        ),
        Rule::board_cut_links => BoardItem::CutLinks(sp),
        Rule::board_links => BoardItem::Links(
            it.filter(|p| p.as_rule() == Rule::link_chain)
                .map(|chain| chain.into_inner().map(name).collect())
                .collect(),
        ),
        Rule::board_named_line => {
            let n = it.find(|p| p.as_rule() == Rule::ident).map(name);
            let cells = it.next().map(cell_list).unwrap_or_default();
            BoardItem::NamedLine {
                name: n.unwrap_or_else(|| missing(sp)),
                cells,
            }
        }
        Rule::board_layers => {
            BoardItem::Layers(it.next().map(expr).unwrap_or_else(|| missing_expr(sp)), sp)
        }
        Rule::board_zone => {
            let n = it.next().map(name).unwrap_or_else(|| missing(sp));
            BoardItem::Zone {
                name: n,
                per_player: it.next().is_some(),
            }
        }
        Rule::board_directions => {
            let mut names = it.filter(|p| p.as_rule() == Rule::ident).map(name);
            let n = names.next().unwrap_or_else(|| missing(sp));
            BoardItem::Directions {
                name: n,
                dirs: names.collect(),
            }
        }
        Rule::board_adjacency => {
            let n = it.find(|p| p.as_rule() == Rule::ident).map(name);
            BoardItem::Adjacency(n.unwrap_or_else(|| missing(sp)))
        }
        _ => {
            let n = it.next().map(name).unwrap_or_else(|| missing(sp));
            let mut map = Vec::new();
            if let Some(m) = it.next() {
                let names: Vec<Name> = m.into_inner().map(name).collect();
                for pair in names.chunks(2) {
                    if let [p, d] = pair {
                        map.push((p.clone(), d.clone()));
                    }
                }
            }
            BoardItem::Dir { name: n, map }
        }
    }
}

pub(super) fn region_body(pair: Pair<Rule>) -> RegionBody {
    let mut it = pair.into_inner().peekable();
    match it.peek().map(|p| p.as_rule()) {
        Some(Rule::player_cells) => RegionBody::PerPlayer(
            it.map(|pc| {
                let sp = span(&pc);
                let mut pc = pc.into_inner();
                let p = pc.next().map(name).unwrap_or_else(|| missing(sp));
                let cells = pc.next().map(cell_list).unwrap_or_default();
                (p, cells)
            })
            .collect(),
        ),
        _ => RegionBody::Shared(it.next().map(cell_list).unwrap_or_default()),
    }
}

pub(super) fn cell_list(pair: Pair<Rule>) -> Vec<CellEntry> {
    pair.into_inner().map(cell_entry).collect()
}

fn cell_entry(pair: Pair<Rule>) -> CellEntry {
    if pair.as_rule() != Rule::cell_where {
        return CellEntry::Cells(cell_item(pair));
    }
    let sp = span(&pair);
    let mut var = None;
    let mut cond = None;
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::ident => var = Some(name(p)),
            Rule::in_kw | Rule::cells_kw => {}
            _ => cond = Some(expr(p)),
        }
    }
    CellEntry::Where {
        var: var.unwrap_or_else(|| missing(sp)),
        cond: cond.unwrap_or_else(|| missing_expr(sp)),
        span: sp,
    }
}

pub(super) fn cell_item(pair: Pair<Rule>) -> CellItem {
    let sp = span(&pair);
    let mut it = pair.into_inner();
    let first = it.next().map(name).unwrap_or_else(|| missing(sp));
    CellItem {
        first,
        last: it.next().map(name),
    }
}
