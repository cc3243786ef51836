//! A forward edit: an older client's whole-chapter HTML (`PUT chapters/put/content/{id}`, or a
//! version restore) turned into a Yjs update against the current document, never an overwrite.
//!
//! The document's top-level blocks are compared by their plain text with the HTML's top-level
//! blocks (common prefix and suffix first, then a longest common subsequence of the middle).
//! Blocks whose text is unchanged are left alone — their marks, comments and anything another
//! device typed into them concurrently survive. Blocks that are gone are deleted; new or
//! changed blocks are inserted as paragraphs (headings keep their level), with the HTML's text
//! but not its inline formatting. Concurrent edits to other blocks merge as any Yjs edits do.

use yrs::{
    Any, ClientID, Doc, Options, Transact, WriteTxn, Xml, XmlElementPrelim, XmlFragment,
    XmlTextPrelim,
};

use crate::compact;
use crate::derive::{DeriveError, FRAGMENT, block_texts_in};

pub use quire_core::manuscript::{HtmlBlock as Block, html_blocks as blocks_from_html};

/// Past this many cells the middle of the diff is replaced wholesale (memory bound).
const MAX_LCS_CELLS: usize = 4_000_000;

/// The update that carries an older client's edit — from `base` (the text it last had, `None`
/// when unknown: then the document's current text) to `target` — into the document `state`
/// (a v1 full state), as a three-way merge by block: blocks the client deleted or changed are
/// removed where the document still has them; its new and changed blocks are inserted after the
/// block they followed in its text. Blocks only the document has (another device's, written
/// since) are never touched. `None` when nothing changes.
pub fn forward_edit(
    state: &[u8],
    base: Option<&[Block]>,
    target: &[Block],
) -> Result<Option<Vec<u8>>, DeriveError> {
    let doc = Doc::with_options(Options {
        cleanup_formatting: false,
        ..Options::default()
    });
    edit_in(doc, state, base, target)
}

/// The first state of a chapter's document from text it had before it had a document (a
/// content row written by an older client): the blocks as [`forward_edit`] writes them, made by
/// a client id derived from `doc_name` alone. So every instance that seeds the same chapter from
/// the same text makes the very same items, and a seed stored twice (two instances opening the
/// chapter at once) is applied once. `None` when the text has no block.
pub fn seed(doc_name: &str, target: &[Block]) -> Result<Option<Vec<u8>>, DeriveError> {
    let doc = Doc::with_options(Options {
        client_id: ClientID::new(seed_client_id(doc_name)),
        cleanup_formatting: false,
        ..Options::default()
    });
    edit_in(doc, &[], None, target)
}

/// A client id of 53 bits (what a JavaScript number holds) with bit 52 set, so it is never one
/// of the 32-bit ids Yjs clients draw; FNV-1a of the document's name.
fn seed_client_id(doc_name: &str) -> u64 {
    let hash = doc_name
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3)
        });
    (hash & ((1 << 52) - 1)) | (1 << 52)
}

fn edit_in(
    doc: Doc,
    state: &[u8],
    base: Option<&[Block]>,
    target: &[Block],
) -> Result<Option<Vec<u8>>, DeriveError> {
    {
        let mut txn = doc.transact_mut();
        if !state.is_empty() {
            let update = compact::decode_update_v1(state).map_err(|e| e.0)?;
            compact::apply_update(&mut txn, update)?;
        }
    }
    let current = block_texts_in(&doc.transact());
    // Into an empty document (a chapter whose text was only ever a content row) every block is
    // new: a three-way merge from the client's base would take the blocks it kept to be there.
    let base: Vec<String> = match base {
        Some(blocks) if !current.is_empty() => blocks.iter().map(|b| b.text.clone()).collect(),
        _ => current.clone(),
    };
    let wanted: Vec<&str> = target.iter().map(|b| b.text.as_str()).collect();
    let kept = matching(&base, &wanted);
    let base_refs: Vec<&str> = base.iter().map(String::as_str).collect();
    let in_document = matching(&current, &base_refs);
    // base index → current index, for base blocks the document still has.
    let mut located = vec![None; base.len()];
    for &(c, b) in &in_document {
        located[b] = Some(c);
    }
    let mut kept_base = vec![false; base.len()];
    let mut kept_new = vec![false; wanted.len()];
    for &(b, n) in &kept {
        kept_base[b] = true;
        kept_new[n] = true;
    }
    let mut remove = vec![false; current.len()];
    for (b, &kept) in kept_base.iter().enumerate() {
        if !kept && let Some(c) = located[b] {
            remove[c] = true;
        }
    }
    // New blocks go after the current block their predecessor in `target` maps to (through the
    // base), or at the start.
    let mut after: Vec<Vec<&Block>> = vec![Vec::new(); current.len() + 1];
    let mut anchor = 0usize; // slot: 0 = the start, c + 1 = after current block c
    let mut pairs = kept.iter().peekable();
    for (n, block) in target.iter().enumerate() {
        if kept_new[n] {
            while let Some(&&(b, pn)) = pairs.peek() {
                pairs.next();
                if pn == n {
                    if let Some(c) = (0..=b).rev().find_map(|i| located[i]) {
                        anchor = anchor.max(c + 1);
                    }
                    break;
                }
            }
        } else {
            after[anchor].push(block);
        }
    }
    if !remove.contains(&true) && after.iter().all(Vec::is_empty) {
        return Ok(None);
    }
    let mut txn = doc.transact_mut();
    let fragment = txn.get_or_insert_xml_fragment(FRAGMENT);
    // Backwards, so that the indices still to visit stay valid.
    for slot in (0..=current.len()).rev() {
        for (offset, block) in after[slot].iter().enumerate() {
            insert_block(&fragment, &mut txn, (slot + offset) as u32, block);
        }
        if slot > 0 && remove[slot - 1] {
            fragment.remove_range(&mut txn, (slot - 1) as u32, 1);
        }
    }
    Ok(Some(txn.encode_update_v1()))
}

fn insert_block(
    fragment: &yrs::XmlFragmentRef,
    txn: &mut yrs::TransactionMut<'_>,
    index: u32,
    block: &Block,
) {
    // A block of several lines (a list, a quote) comes back as one paragraph per line, so
    // that no word is lost even where the structure is.
    let lines: Vec<&str> = if block.heading == 0 {
        block.text.split('\n').collect()
    } else {
        vec![block.text.as_str()]
    };
    for (i, line) in lines.into_iter().enumerate() {
        let tag = if block.heading == 0 {
            "paragraph"
        } else {
            "heading"
        };
        let element = fragment.insert(txn, index + i as u32, XmlElementPrelim::empty(tag));
        if block.heading > 0 {
            element.insert_attribute(txn, "level", Any::from(i64::from(block.heading)));
        }
        if !line.is_empty() {
            element.push_back(txn, XmlTextPrelim::new(line));
        }
    }
}

/// Pairs `(old index, new index)` of blocks kept, in order.
fn matching(old: &[String], new: &[&str]) -> Vec<(usize, usize)> {
    let prefix = old
        .iter()
        .zip(new)
        .take_while(|(a, b)| a.as_str() == **b)
        .count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a.as_str() == **b)
        .count();
    let mut pairs: Vec<(usize, usize)> = (0..prefix).map(|i| (i, i)).collect();
    let old_mid = &old[prefix..old.len() - suffix];
    let new_mid = &new[prefix..new.len() - suffix];
    let (n, m) = (old_mid.len(), new_mid.len());
    if n > 0 && m > 0 && n.saturating_mul(m) <= MAX_LCS_CELLS {
        // lengths[i][j]: LCS of old_mid[i..] and new_mid[j..].
        let width = m + 1;
        let mut lengths = vec![0u32; (n + 1) * width];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                lengths[i * width + j] = if old_mid[i] == new_mid[j] {
                    lengths[(i + 1) * width + j + 1] + 1
                } else {
                    lengths[(i + 1) * width + j].max(lengths[i * width + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n && j < m {
            if old_mid[i] == new_mid[j] {
                pairs.push((prefix + i, prefix + j));
                i += 1;
                j += 1;
            } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                i += 1;
            } else {
                j += 1;
            }
        }
    }
    pairs.extend((0..suffix).map(|k| (old.len() - suffix + k, new.len() - suffix + k)));
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::derive::derive_from_update;
    use yrs::updates::decoder::Decode;
    use yrs::{ReadTxn, StateVector, Update};

    fn state_of(html: &str) -> Vec<u8> {
        forward_edit(&[], None, &blocks_from_html(html))
            .unwrap()
            .expect("an edit")
    }

    fn apply(state: &[u8], update: &[u8]) -> Vec<u8> {
        let doc = compact::replica();
        {
            let mut txn = doc.transact_mut();
            txn.apply_update(Update::decode_v1(state).unwrap()).unwrap();
            txn.apply_update(Update::decode_v1(update).unwrap())
                .unwrap();
        }
        doc.transact()
            .encode_state_as_update_v1(&StateVector::default())
    }

    #[test]
    fn a_seed_is_the_same_bytes_everywhere_and_applies_once_when_stored_twice() {
        let blocks = blocks_from_html("<h1>One</h1><p>It was <em>late</em>.</p><p>Rain.</p>");
        let seed_a = seed("chapter-a", &blocks).unwrap().expect("a seed");
        assert_eq!(
            seed("chapter-a", &blocks).unwrap().expect("a seed"),
            seed_a,
            "two instances seeding the same chapter make the same update"
        );
        let twice = apply(&seed_a, &seed_a);
        assert_eq!(
            derive_from_update(&twice).unwrap().text,
            "One\nIt was late.\nRain."
        );
        // Another chapter's seed is another client: its items never collide with this one's.
        let seed_b = seed("chapter-b", &blocks).unwrap().expect("a seed");
        assert_ne!(seed_b, seed_a);
        assert_eq!(seed("chapter-a", &blocks_from_html("  ")).unwrap(), None);
    }

    #[test]
    fn a_seed_client_id_fits_a_javascript_number_and_no_yjs_client_draws_it() {
        for name in ["", "a", "kXb3p9WwQz1yZr8TtVv0Aa", "chapter-b"] {
            let id = seed_client_id(name);
            assert!(id < 1 << 53, "{name}: {id}");
            assert!(id > u64::from(u32::MAX), "{name}: {id}");
        }
    }

    #[test]
    fn into_an_empty_document_every_block_of_the_target_goes_whatever_the_base() {
        let base = blocks_from_html("<p>Kept.</p><p>Old.</p>");
        let target = blocks_from_html("<p>Kept.</p><p>New.</p>");
        let update = forward_edit(&[], Some(&base), &target)
            .unwrap()
            .expect("an edit");
        assert_eq!(derive_from_update(&update).unwrap().text, "Kept.\nNew.");
    }

    #[test]
    fn reads_the_blocks_of_tiptap_html() {
        let blocks = blocks_from_html(
            "<h2>Part &amp; One</h2><p>It was <strong>late</strong>.</p><ul><li><p>a</p></li>\
             <li><p>b</p></li></ul><hr><p>x<br>y</p>stray",
        );
        let texts: Vec<(u8, &str)> = blocks
            .iter()
            .map(|b| (b.heading, b.text.as_str()))
            .collect();
        assert_eq!(
            texts,
            vec![
                (2, "Part & One"),
                (0, "It was late."),
                (0, "a\nb"),
                (0, "x\ny"),
                (0, "stray")
            ]
        );
    }

    #[test]
    fn an_unchanged_save_changes_nothing_and_a_changed_one_only_the_changed_blocks() {
        let state = state_of("<h1>Title</h1><p>First.</p><p>Second.</p><p>Third.</p>");
        assert_eq!(
            derive_from_update(&state).unwrap().text,
            "Title\nFirst.\nSecond.\nThird."
        );
        let same = blocks_from_html("<h1>Title</h1><p>First.</p><p>Second.</p><p>Third.</p>");
        assert_eq!(forward_edit(&state, None, &same).unwrap(), None);

        let edited = blocks_from_html(
            "<h1>Title</h1><p>First.</p><p>Second, revised.</p><p>Third.</p><p>Fourth.</p>",
        );
        let update = forward_edit(&state, None, &edited)
            .unwrap()
            .expect("an edit");
        let after = apply(&state, &update);
        let derived = derive_from_update(&after).unwrap();
        assert_eq!(
            derived.text,
            "Title\nFirst.\nSecond, revised.\nThird.\nFourth."
        );
        assert!(derived.html.starts_with("<h1>Title</h1>"));
    }

    #[test]
    fn a_concurrent_edit_to_a_kept_block_survives_the_forward_edit() {
        let base = state_of("<p>Alpha.</p><p>Beta.</p>");
        // Another device appends a paragraph; meanwhile an old client rewrites Alpha.
        let other = Doc::with_client_id(99);
        {
            let mut txn = other.transact_mut();
            txn.apply_update(Update::decode_v1(&base).unwrap()).unwrap();
            let fragment = txn.get_or_insert_xml_fragment(FRAGMENT);
            let p = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
            p.push_back(&mut txn, XmlTextPrelim::new("Gamma from the phone."));
        }
        let concurrent = other
            .transact()
            .encode_state_as_update_v1(&StateVector::default());
        // The old client saw only Alpha and Beta; the server already has Gamma.
        let seen = blocks_from_html("<p>Alpha.</p><p>Beta.</p>");
        let after_concurrent = apply(&base, &concurrent);
        let old_client = forward_edit(
            &after_concurrent,
            Some(&seen),
            &blocks_from_html("<p>Alpha, rewritten.</p><p>Beta.</p>"),
        )
        .unwrap()
        .expect("an edit");
        let merged = apply(&after_concurrent, &old_client);
        let text = derive_from_update(&merged).unwrap().text;
        assert_eq!(text, "Alpha, rewritten.\nBeta.\nGamma from the phone.");

        // Without knowing what the client saw, its text is taken as the whole truth.
        let blind = forward_edit(
            &after_concurrent,
            None,
            &blocks_from_html("<p>Alpha, rewritten.</p><p>Beta.</p>"),
        )
        .unwrap()
        .expect("an edit");
        let text = derive_from_update(&apply(&after_concurrent, &blind))
            .unwrap()
            .text;
        assert_eq!(text, "Alpha, rewritten.\nBeta.");
    }

    #[test]
    fn the_clients_deletions_and_insertions_land_where_it_made_them() {
        let state = state_of("<p>A</p><p>B</p><p>C</p><p>D</p>");
        let seen = blocks_from_html("<p>A</p><p>B</p><p>C</p><p>D</p>");
        let target =
            blocks_from_html("<p>New first</p><p>A</p><p>C</p><p>C2</p><p>D</p><p>Last</p>");
        let update = forward_edit(&state, Some(&seen), &target)
            .unwrap()
            .expect("an edit");
        let text = derive_from_update(&apply(&state, &update)).unwrap().text;
        assert_eq!(text, "New first\nA\nC\nC2\nD\nLast");
    }
}
