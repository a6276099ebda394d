//! `tabula test`: runs the tests that rules files carry and says which failed, where.

use crate::error::{refused, CliError};

use tabula::testing::{render, run_file};

/// Runs the tests of each game; an error (and a failing exit) when any test fails or
/// a file has none.
pub fn run(games: &[String], options: &[String], color: bool) -> Result<(), CliError> {
    let (mut passed, mut failed) = (0usize, 0usize);
    for name in games {
        let source = tabula::games::load_source(name)?;
        let results = run_file(&source, options)?;
        if results.is_empty() {
            return Err(refused!(
                "{} has no tests; write one as `test \"name\" {{ play \"...\" expect count 3 }}`",
                source.name
            ));
        }
        println!(
            "{}: {} test{}",
            source.name,
            results.len(),
            if results.len() == 1 { "" } else { "s" }
        );
        for r in &results {
            let with = if r.options.is_empty() {
                String::new()
            } else {
                format!(" (with {})", r.options.join(", "))
            };
            match &r.failure {
                None => {
                    passed += 1;
                    println!("  ok    {}{with}", r.name);
                }
                Some(f) => {
                    failed += 1;
                    println!("  FAIL  {}{with}", r.name);
                    let (line, col) = source.line_col(f.span.start);
                    println!("        failed at {}:{line}:{col}", source.name);
                    for l in render(&source, f, color).trim_end().lines() {
                        println!("        {l}");
                    }
                }
            }
        }
    }
    println!(
        "{passed} passed, {failed} failed{}",
        if games.len() > 1 {
            format!(" in {} files", games.len())
        } else {
            String::new()
        }
    );
    if failed > 0 {
        Err(CliError::Reported)
    } else {
        Ok(())
    }
}
