//! `test "name" { ... }` blocks: their names checked (players, options) and lowered to
//! the IR's `RulesTest`, which `tabula test` runs and play ignores.

use super::Compiler;
use crate::diagnostic::ErrorKind;
use crate::ir::{MovesCheck, RulesTest, TestCheck, TestStep};
use crate::syntax::ast::{MovesMode, Name, TestDecl, TestKind};

/// The deepest perft a test may ask for (a count grows fast; a test stays quick).
pub(crate) const MAX_TEST_PERFT: u32 = 8;

impl Compiler<'_> {
    fn test_player(&mut self, name: &Name) -> usize {
        match self.player(&name.text) {
            Some(p) => p,
            None => {
                let players = &self.game.players;
                let kind = ErrorKind::TestNotAPlayer {
                    name: name.text.clone(),
                    close: self.close_name(&name.text, players.iter().map(String::as_str)),
                    players: players.clone(),
                };
                self.report(name.span, kind);
                0
            }
        }
    }

    pub(super) fn rules_test(&mut self, t: &TestDecl) -> RulesTest {
        if t.name.trim().is_empty() {
            self.report(t.span, ErrorKind::TestWithoutName);
        }
        let mut options = Vec::new();
        for (o, value) in &t.options {
            if self.game.options.iter().any(|(n, _)| n == &o.text) {
                // A value's fit to the option is checked when the test's game is made.
                options.push(match value {
                    Some(v) => format!("{}={v}", o.text),
                    None => o.text.clone(),
                });
            } else {
                let options: Vec<String> =
                    self.game.options.iter().map(|(n, _)| n.clone()).collect();
                let kind = ErrorKind::TestNotAnOption {
                    name: o.text.clone(),
                    close: self.close_name(&o.text, options.iter().map(String::as_str)),
                    options,
                };
                self.report(o.span, kind);
            }
        }
        let mut steps = Vec::new();
        for s in &t.stmts {
            let check = match &s.kind {
                TestKind::FromState(text) => {
                    if !steps.is_empty() {
                        self.report(s.span, ErrorKind::FromStateNotFirst);
                    }
                    TestCheck::FromState(text.clone())
                }
                TestKind::Play(list) => TestCheck::Play(list.clone()),
                TestKind::Moves(mode, list) => TestCheck::Moves(
                    match mode {
                        None => MovesCheck::Exactly,
                        Some(MovesMode::Include) => MovesCheck::Include,
                        Some(MovesMode::Exclude) => MovesCheck::Exclude,
                    },
                    list.clone(),
                ),
                TestKind::Count(n) => TestCheck::Count(*n),
                TestKind::Perft(depth, n) => {
                    if *depth > MAX_TEST_PERFT {
                        let max = MAX_TEST_PERFT;
                        self.report(s.span, ErrorKind::TestPerftTooDeep { max });
                    }
                    TestCheck::Perft((*depth).min(MAX_TEST_PERFT) as usize, *n)
                }
                TestKind::Winner(p, points) => {
                    let p = self.test_player(p);
                    let points = points.map(|v| i32::try_from(v).unwrap_or(i32::MAX));
                    TestCheck::Winner(p, points)
                }
                TestKind::Draw => TestCheck::Draw,
                TestKind::Ongoing => TestCheck::Ongoing,
                TestKind::Illegal(m, rule) => TestCheck::Illegal(m.clone(), rule.clone()),
                TestKind::Score(p, v, per) => TestCheck::Score(self.test_player(p), *v, *per),
                TestKind::ToMove(p) => TestCheck::ToMove(self.test_player(p)),
            };
            steps.push(TestStep {
                check,
                span: s.span,
            });
        }
        RulesTest {
            name: t.name.clone(),
            span: t.span,
            options,
            steps,
        }
    }
}
