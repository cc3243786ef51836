//! A bounded, deterministic mutation fuzz of the .docx reader: every committed fixture is
//! mutated thousands of times (bytes flipped, truncated, spliced; XML inside the zip cut,
//! duplicated, and spiked with hostile elements, then re-zipped) and `read` must answer with a
//! manuscript or a refusal, never panic, each within a bounded time. Plain `cargo test`.

mod read_support;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use quire_formats::docx::read::read;
use quire_formats::options::ImportOptions;
use read_support::{entries, fixture, fixture_names, zip_with};

/// xorshift64*: small, seeded, the same sequence on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Elements a hostile or careless writer might put anywhere.
const SPIKES: &[&str] = &[
    "<w:p>",
    "</w:p>",
    "<w:r>",
    "</w:r>",
    "<w:tbl>",
    "</w:tbl>",
    "<w:tr>",
    "<w:tc>",
    "</w:tc>",
    "<w:tc/>",
    "<w:txbxContent>",
    "</w:txbxContent>",
    "<w:hyperlink r:id=\"rId999\">",
    "</w:hyperlink>",
    "<w:br w:type=\"page\"/>",
    "<w:br/>",
    "<w:tab/>",
    "<w:sym w:char=\"ZZZZ\"/>",
    "<w:sym w:char=\"D800\"/>",
    "<w:numPr><w:ilvl w:val=\"250\"/><w:numId w:val=\"-1\"/></w:numPr>",
    "<w:pPr><w:numPr><w:ilvl w:val=\"99999999999\"/><w:numId w:val=\"1\"/></w:numPr></w:pPr>",
    "<w:pPr><w:outlineLvl w:val=\"300\"/></w:pPr>",
    "<w:pPr><w:pStyle w:val=\"Heading1\"/></w:pPr>",
    "<w:tcPr><w:gridSpan w:val=\"99999999999999\"/><w:vMerge/></w:tcPr>",
    "<w:rPr><w:sz w:val=\"NaN\"/><w:b w:val=\"maybe\"/></w:rPr>",
    "<w:footnoteReference w:id=\"\"/>",
    "<w:commentRangeStart w:id=\"0\"/>",
    "<w:commentRangeEnd w:id=\"0\"/>",
    "<w:fldChar w:fldCharType=\"separate\"/>",
    "<w:fldChar w:fldCharType=\"end\"/>",
    "<w:instrText>HYPERLINK \"javascript:x\"</w:instrText>",
    "<w:del><w:r><w:t>gone</w:t></w:r></w:del>",
    "<w:drawing><a:blip r:embed=\"rId1\"/></w:drawing>",
    "<a:blip r:embed=\"\"/>",
    "<m:oMath><m:r><m:t>x</m:t></m:r></m:oMath>",
    "<mc:Fallback>",
    "&#0;",
    "&#xD800;",
    "&amp;",
    "&unknown;",
    "<![CDATA[raw]]>",
    "<!DOCTYPE x>",
    "<?pi data?>",
    "<!-- comment -->",
    "\u{0}",
    "\u{FFFF}",
    "<w:t>",
    "</w:t>",
];

fn mutate_bytes(rng: &mut Rng, input: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    match rng.below(5) {
        0 => {
            for _ in 0..=rng.below(8) {
                let at = rng.below(out.len());
                if let Some(byte) = out.get_mut(at) {
                    *byte ^= 1 << rng.below(8);
                }
            }
        }
        1 => out.truncate(rng.below(out.len())),
        2 => {
            let at = rng.below(out.len());
            let noise: Vec<u8> = (0..rng.below(64)).map(|_| rng.next() as u8).collect();
            out.splice(at..at, noise);
        }
        3 => {
            let start = rng.below(out.len());
            let end = (start + rng.below(4096)).min(out.len());
            out.drain(start..end);
        }
        _ => {
            let start = rng.below(out.len());
            let end = (start + rng.below(512)).min(out.len());
            let copy = out[start..end].to_vec();
            let at = rng.below(out.len());
            out.splice(at..at, copy);
        }
    }
    out
}

fn mutate_xml(rng: &mut Rng, input: &[u8]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..=rng.below(4) {
        let len = out.len();
        match rng.below(6) {
            0 | 1 => {
                let spike = SPIKES[rng.below(SPIKES.len())].as_bytes();
                let at = rng.below(len);
                out.splice(at..at, spike.iter().copied());
            }
            2 => {
                let start = rng.below(len);
                let end = (start + rng.below(200)).min(len);
                out.drain(start..end);
            }
            3 => {
                let start = rng.below(len);
                let end = (start + rng.below(2000)).min(len);
                let copy = out[start..end].to_vec();
                let at = rng.below(len);
                out.splice(at..at, copy);
            }
            4 => out.truncate(rng.below(len)),
            _ => {
                if let Some(byte) = out.get_mut(rng.below(len)) {
                    *byte = b"<>/=\"&;: x"[rng.below(10)];
                }
            }
        }
    }
    out
}

#[test]
fn mutated_fixtures_never_panic_nor_hang() {
    let started = Instant::now();
    let mut rng = Rng(0x5EED_D0C5_2026_0018);
    let mut cases = 0usize;
    let mut answers = [0usize; 2];
    let mut slowest = Duration::ZERO;
    for name in fixture_names() {
        let original = fixture(&name);
        let parts = entries(&original);
        for round in 0..112 {
            let input = if round < 37 {
                mutate_bytes(&mut rng, &original)
            } else {
                // Mostly document.xml; sometimes another XML part (styles, numbering, notes,
                // comments, relationships).
                let xml_parts: Vec<usize> = parts
                    .iter()
                    .enumerate()
                    .filter(|(_, (n, _))| n.ends_with(".xml") || n.ends_with(".rels"))
                    .map(|(i, _)| i)
                    .collect();
                let target = if round % 4 != 0 {
                    parts.iter().position(|(n, _)| n == "word/document.xml")
                } else {
                    xml_parts.get(rng.below(xml_parts.len())).copied()
                };
                let changed: Vec<(&str, Vec<u8>)> = parts
                    .iter()
                    .enumerate()
                    .map(|(i, (n, d))| {
                        let data = if Some(i) == target {
                            mutate_xml(&mut rng, d)
                        } else {
                            d.clone()
                        };
                        (n.as_str(), data)
                    })
                    .collect();
                let refs: Vec<(&str, &[u8])> =
                    changed.iter().map(|(n, d)| (*n, d.as_slice())).collect();
                // Stored, half the time: the mutation reaches the reader's XML as it is.
                let method = if round % 2 == 0 {
                    zip::CompressionMethod::Stored
                } else {
                    zip::CompressionMethod::Deflated
                };
                zip_with(&refs, method)
            };
            let options = ImportOptions {
                h2_as_subchapters: round % 3 == 0,
            };
            let one = Instant::now();
            let result = catch_unwind(AssertUnwindSafe(|| read(&input, options)));
            let took = one.elapsed();
            slowest = slowest.max(took);
            match result {
                Ok(Ok(_)) => answers[0] += 1,
                Ok(Err(_)) => answers[1] += 1,
                Err(_) => panic!("{name}: mutation {round} panicked"),
            }
            assert!(
                took < Duration::from_secs(5),
                "{name}: mutation {round} took {took:?}"
            );
            cases += 1;
        }
    }
    eprintln!(
        "{cases} mutated inputs: {} read, {} refused, slowest {slowest:?}, all in {:?}",
        answers[0],
        answers[1],
        started.elapsed()
    );
    assert!(cases >= 2000);
    assert!(answers[0] > 0 && answers[1] > 0, "both outcomes exercised");
}
