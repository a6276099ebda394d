//! Top-level declarations: one `Item` per declaration of the file.

use super::ast::*;
use super::board::{board_items, cell_item, region_body};
use super::expr::expr;
use super::grammar::Rule;
use super::move_decl::{generator, move_decl};
use super::pair::{missing, missing_cell, missing_expr, name, span, string};
use super::phase::{phase_item, result};
use super::stmt::block;
use super::test_decl::test_decl;
use crate::diagnostic::Span;
use pest::iterators::Pair;

/// The items of one declaration: one, or a piece each for `piece rook, bishop`.
pub(super) fn items(pair: Pair<Rule>) -> Vec<Item> {
    if pair.as_rule() != Rule::piece_decl {
        return vec![item(pair)];
    }
    let names: Vec<Name> = pair
        .clone()
        .into_inner()
        .filter(|p| p.as_rule() == Rule::ident)
        .map(name)
        .collect();
    let Item::Piece(shared) = item(pair) else {
        return Vec::new();
    };
    names
        .into_iter()
        .map(|n| {
            Item::Piece(PieceDecl {
                name: n,
                ..shared.clone()
            })
        })
        .collect()
}

fn item(pair: Pair<Rule>) -> Item {
    let rule = pair.as_rule();
    let pair_span = span(&pair);
    let mut it = pair.into_inner();
    match rule {
        Rule::game_decl => {
            let (s, sp) = it.next().map(string).unwrap_or_default();
            Item::Game(s, sp)
        }
        Rule::include_decl => {
            let (s, sp) = it.next().map(string).unwrap_or_default();
            Item::Include(s, sp)
        }
        Rule::players_decl => Item::Players(it.map(name).collect()),
        Rule::option_decl => {
            let n = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let mut number = None;
            let mut description = String::new();
            for p in it {
                if p.as_rule() == Rule::option_number {
                    number = Some(option_number(p));
                } else {
                    description = string(p).0;
                }
            }
            Item::Option {
                name: n,
                description,
                number,
            }
        }
        Rule::define_decl => {
            let n = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let mut params = Vec::new();
            let mut value = missing_expr(pair_span);
            for p in it {
                match p.as_rule() {
                    Rule::define_params => params = p.into_inner().map(name).collect(),
                    Rule::dir_list => {
                        value = Expr {
                            span: span(&p),
                            kind: ExprKind::Dirs(p.into_inner().map(name).collect()),
                        }
                    }
                    _ => value = expr(p),
                }
            }
            Item::Define {
                name: n,
                params,
                value,
            }
        }
        Rule::board_decl => Item::Board(it.flat_map(board_items).collect()),
        Rule::piece_decl => {
            let mut piece = PieceDecl {
                name: missing(pair_span),
                values: None,
                neutral: false,
            };
            for attr in it {
                match attr.as_rule() {
                    Rule::ident => {}
                    Rule::piece_value => {
                        let sp = span(&attr);
                        let mut r = attr.into_inner();
                        let lo = r.next().map(expr).unwrap_or_else(|| missing_expr(sp));
                        let hi = r.next().map(expr).unwrap_or_else(|| missing_expr(sp));
                        piece.values = Some((lo, hi));
                    }
                    _ => piece.neutral = true,
                }
            }
            Item::Piece(piece)
        }
        Rule::counter_decl => {
            let n = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let mut c = CounterDecl {
                name: n,
                ty: None,
                per_player: false,
                init: None,
                per_turn: false,
                hidden: false,
            };
            for p in it {
                match p.as_rule() {
                    Rule::counter_type => c.ty = p.into_inner().next().map(name),
                    Rule::per_player => c.per_player = true,
                    Rule::turn_local => c.per_turn = true,
                    Rule::hidden => c.hidden = true,
                    _ => c.init = Some(expr(p)),
                }
            }
            Item::Counter(c)
        }
        Rule::pool_decl => {
            let n = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let mut per_player = false;
            let mut nums = Vec::new();
            for p in it {
                match p.as_rule() {
                    Rule::per_player => per_player = true,
                    _ => nums.push(expr(p)),
                }
            }
            let mut nums = nums.into_iter();
            Item::Pool(PoolDecl {
                name: n,
                per_player,
                low: nums.next().unwrap_or_else(|| missing_expr(pair_span)),
                high: nums.next().unwrap_or_else(|| missing_expr(pair_span)),
                span: pair_span,
            })
        }
        Rule::region_decl | Rule::track_decl => {
            let n = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let body = it
                .next()
                .map(region_body)
                .unwrap_or(RegionBody::Shared(Vec::new()));
            let decl = RegionDecl { name: n, body };
            if rule == Rule::region_decl {
                Item::Region(decl)
            } else {
                Item::Track(decl)
            }
        }
        Rule::names_decl => {
            let player = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let maps = it
                .map(|m| {
                    let mut m = m.into_inner();
                    let a = m
                        .next()
                        .map(cell_item)
                        .unwrap_or_else(|| missing_cell(pair_span));
                    let mut b: Vec<CellItem> = m.map(cell_item).collect();
                    if b.is_empty() {
                        b.push(missing_cell(pair_span));
                    }
                    (a, b)
                })
                .collect();
            Item::Names { player, maps }
        }
        Rule::layout_decl => {
            let kind = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let hints = it
                .map(|h| {
                    let mut h = h.into_inner();
                    let k = h.next().map(name).unwrap_or_else(|| missing(pair_span));
                    let v = h
                        .next()
                        .map(|v| {
                            if v.as_rule() == Rule::string {
                                string(v).0
                            } else {
                                v.as_str().to_string()
                            }
                        })
                        .unwrap_or_default();
                    (k, v)
                })
                .collect();
            Item::Layout { kind, hints }
        }
        Rule::setup_decl => Item::Setup(
            it.next().map(block).unwrap_or_default(),
            Span::new(pair_span.start, pair_span.start + "setup".len()),
        ),
        Rule::replace_decl => {
            let word = it.next().map(|w| span(&w)).unwrap_or(pair_span);
            match it.next() {
                Some(inner) => Item::Replace(Box::new(item(inner)), word),
                None => Item::Game(String::new(), pair_span),
            }
        }
        Rule::chance_decl => Item::Chance(move_decl(it, pair_span)),
        Rule::action_decl => Item::Action(move_decl(it, pair_span)),
        Rule::phase_decl => {
            let n = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            Item::Phase(PhaseDecl {
                name: n,
                items: it.map(phase_item).collect(),
            })
        }
        Rule::end_decl => {
            let (n, sp) = it.next().map(string).unwrap_or_default();
            let mut quantifier = None;
            let mut when = None;
            let mut result_spec = ResultSpec::ByScore;
            for p in it {
                match p.as_rule() {
                    Rule::ident => quantifier = Some(name(p)),
                    Rule::result => result_spec = result(p),
                    _ => when = Some(expr(p)),
                }
            }
            Item::End(EndDecl {
                name: n,
                span: sp,
                quantifier,
                when: when.unwrap_or_else(|| missing_expr(pair_span)),
                result: result_spec,
            })
        }
        Rule::show_decl => {
            let (label, span) = it.next().map(string).unwrap_or_default();
            if let Some(shown) = it.peek().filter(|p| p.as_rule() == Rule::show_text) {
                let mut when = None;
                let (mut text, mut text_span) = (String::new(), Span::default());
                for p in shown.into_inner() {
                    match p.as_rule() {
                        Rule::string => (text, text_span) = string(p),
                        _ => when = Some(expr(p)),
                    }
                }
                return Item::ShowText {
                    label,
                    span,
                    when,
                    text,
                    text_span,
                };
            }
            let player = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let value = it
                .next()
                .map(expr)
                .unwrap_or_else(|| missing_expr(pair_span));
            Item::Show {
                label,
                span,
                player,
                value,
            }
        }
        Rule::score_decl => {
            let player = it.next().map(name).unwrap_or_else(|| missing(pair_span));
            let value = it
                .next()
                .map(expr)
                .unwrap_or_else(|| missing_expr(pair_span));
            let scale = it.next().and_then(|p| p.into_inner().next()).map(expr);
            Item::Score {
                player,
                value,
                scale,
            }
        }
        Rule::test_decl => Item::Test(test_decl(it, pair_span)),
        Rule::rules_decl => {
            let word = Span::new(pair_span.start, pair_span.start + "rules".len());
            let mut decl = RulesDecl {
                span: word,
                option: None,
                text: String::new(),
                text_span: word,
            };
            for p in it {
                match p.as_rule() {
                    Rule::rules_with => decl.option = p.into_inner().next().map(name),
                    _ => {
                        // The span of the text itself: `span()` would trim a last line
                        // holding `//` as a comment, which inside a text it is not.
                        if let Some(inner) = p.into_inner().next() {
                            let s = inner.as_span();
                            decl.text = inner.as_str().to_string();
                            decl.text_span = Span::new(s.start(), s.end());
                        }
                    }
                }
            }
            Item::Rules(decl)
        }
        Rule::strategy_decl => Item::Strategy(strategy_decl(it, pair_span)),
        _ => Item::Game(String::new(), pair_span),
    }
}

/// `strategy NAME "description" { play ... }`.
fn strategy_decl(mut it: pest::iterators::Pairs<Rule>, decl_span: Span) -> StrategyDecl {
    // The keyword `strategy` first.
    it.next();
    let n = it.next().map(name).unwrap_or_else(|| missing(decl_span));
    let (description, _) = it.next().map(string).unwrap_or_default();
    let rules = it
        .filter(|p| p.as_rule() == Rule::strategy_rule)
        .map(strategy_rule)
        .collect();
    StrategyDecl {
        name: n,
        description,
        span: decl_span,
        rules,
    }
}

/// One `play ACTIONS [where|let ...] [avoid EXPR] [by EXPR then ...]`.
fn strategy_rule(pair: Pair<Rule>) -> StrategyRule {
    let rule_span = span(&pair);
    let mut rule = StrategyRule {
        span: rule_span,
        actions: Vec::new(),
        tests: Vec::new(),
        avoid: None,
        by: Vec::new(),
    };
    for p in pair.into_inner() {
        match p.as_rule() {
            Rule::play_kw => rule.span = span(&p),
            Rule::ident => rule.actions.push(name(p)),
            Rule::gen_let | Rule::gen_where => rule.tests.push(generator(p)),
            Rule::strategy_avoid => {
                rule.avoid = p.into_inner().nth(1).map(expr);
            }
            Rule::strategy_by => rule.by = p.into_inner().map(expr).collect(),
            _ => {}
        }
    }
    rule
}

/// `= DEFAULT in LOW..HIGH` of a number option. A number too long for 64 bits reads as
/// the largest there is, which the checker then finds out of range.
fn option_number(pair: Pair<Rule>) -> OptionNumber {
    let at = span(&pair);
    let mut numbers = pair.into_inner().map(|p| {
        let t = p.as_str();
        t.parse::<i64>().unwrap_or(if t.starts_with('-') {
            i64::MIN
        } else {
            i64::MAX
        })
    });
    let mut next = || numbers.next().unwrap_or(0);
    OptionNumber {
        default: next(),
        low: next(),
        high: next(),
        span: at,
    }
}
