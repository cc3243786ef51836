//! Times the standard-manuscript PDF of a generated novel (150,000 words in 60 chapters unless
//! given): `cargo run --release -p quire-typeset --example novel_pdf -- [words] [out.pdf]`.

#[path = "../tests/support/mod.rs"]
mod support;

use std::time::Instant;

use quire_formats::options::{ExportOptions, PageSetup};

fn main() {
    let mut args = std::env::args().skip(1);
    let words = args
        .next()
        .map_or(150_000, |w| w.parse().expect("a number of words"));
    let out = args.next();
    let m = support::novel(words, 60);
    let options = ExportOptions::default();
    let page = PageSetup::default();
    for run in 1..=3 {
        let started = Instant::now();
        let pdf = quire_typeset::pdf(&m, &options, &page).expect("the novel typesets");
        println!(
            "run {run}: {words} words, {} bytes of PDF in {:.2} s",
            pdf.len(),
            started.elapsed().as_secs_f64()
        );
        if let Some(path) = &out {
            std::fs::write(path, &pdf).expect("the PDF is written");
        }
    }
}
