fn main() {
    let args: Vec<String> = std::env::args().collect();
    let src = tabula::games::load_source(&args[1]).unwrap();
    let opts: Vec<String> = args[2..].to_vec();
    match tabula::compile(&src, &opts) {
        Ok(g) => println!("ok: {} cells, {} actions", g.board.cells.len(), g.actions.len()),
        Err(e) => { eprintln!("{e}"); std::process::exit(1) }
    }
}
