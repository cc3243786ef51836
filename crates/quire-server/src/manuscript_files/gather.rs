//! A manuscript's rows and chapter documents gathered into the model the writers take: the
//! chosen chapters in reading order, each chapter's body from its Yjs document (or, for a
//! chapter that never had one, from its content row's text), the images its bodies show and
//! the cover.

use std::collections::{HashMap, HashSet};

use quire_core::manuscript::{EntityKind, EntityRow, ManuscriptTree, html_blocks, reading_order};
use quire_formats::model::{Block, Body, Chapter, Image, Manuscript, Paragraph};

/// Where a gathered body's images come from: the `src` of each image node.
#[derive(Debug, Default)]
pub(crate) struct ImageSources {
    pub srcs: Vec<String>,
}

/// One chapter to gather: its id, title and, once read, its body.
#[derive(Debug)]
pub(crate) struct Section {
    pub id: String,
    pub title: String,
    /// The parent's index in the list for a subchapter.
    pub parent: Option<usize>,
}

/// The chapters of `tree` to export, in reading order: every chapter when `chosen` is `None`;
/// otherwise the chosen ones, a chosen chapter taking its subchapters along, and a subchapter
/// chosen without its chapter read as a chapter of its own.
pub(crate) fn sections(tree: &ManuscriptTree, chosen: Option<&[String]>) -> Vec<Section> {
    let chosen: Option<HashSet<&str>> = chosen.map(|ids| ids.iter().map(String::as_str).collect());
    let wanted = |row: &EntityRow| {
        chosen
            .as_ref()
            .is_none_or(|set| set.contains(row.id.as_str()))
    };
    let mut out = Vec::new();
    for read in reading_order(tree) {
        let whole = wanted(read.chapter);
        let parent = whole.then(|| {
            out.push(Section {
                id: read.chapter.id.clone(),
                title: read.chapter.name.clone(),
                parent: None,
            });
            out.len() - 1
        });
        for sub in read.subchapters {
            if whole || wanted(sub) {
                out.push(Section {
                    id: sub.id.clone(),
                    title: sub.name.clone(),
                    parent,
                });
            }
        }
    }
    out
}

/// The body of a chapter that has no document, from its live content row's HTML: paragraphs
/// and headings with their text (such rows were written by older clients as plain HTML).
pub(crate) fn body_from_content(tree: &ManuscriptTree, chapter_id: &str) -> Body {
    let content = tree
        .parts
        .iter()
        .filter(|(kind, _)| *kind == EntityKind::ChapterContent)
        .flat_map(|(_, rows)| rows.iter())
        .filter(|r| r.chapter_id.as_deref() == Some(chapter_id) && r.deleted_at.is_none())
        .max_by(|a, b| (a.updated_at, &a.id).cmp(&(b.updated_at, &b.id)));
    let html = content
        .and_then(|r| r.doc.get("content"))
        .and_then(|c| c.as_str())
        .unwrap_or("");
    Body {
        blocks: html_blocks(html)
            .into_iter()
            .map(|block| {
                let paragraph = Paragraph::plain(block.text);
                match block.heading {
                    0 => Block::Paragraph(paragraph),
                    level => Block::Heading {
                        level: level.min(5),
                        paragraph,
                    },
                }
            })
            .collect(),
        ..Body::default()
    }
}

/// The upload id an image `src` names (`/api/v4/uploads/<id>`), if it names one.
pub(crate) fn upload_id(src: &str) -> Option<&str> {
    let id = src.strip_prefix("/api/v4/uploads/")?;
    (!id.is_empty()
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'))
    .then_some(id)
}

/// The manuscript's cover: the first of `meta.covers` (newest first), an image `src` given as
/// a string or as an object's `url`.
pub(crate) fn cover_src(manuscript: &EntityRow) -> Option<String> {
    let first = manuscript
        .doc
        .get("meta")?
        .get("covers")?
        .as_array()?
        .first()?;
    let src = match first {
        serde_json::Value::String(src) => src.as_str(),
        other => other.get("url")?.as_str()?,
    };
    upload_id(src).map(|_| src.to_owned())
}

/// Adds `image` to the manuscript's images (an image no body shows, such as the cover) and
/// answers its index.
pub(crate) fn add_image(manuscript: &mut Manuscript, image: &Image) -> usize {
    manuscript.images.push(image.clone());
    manuscript.images.len() - 1
}

/// Builds the manuscript from the sections' bodies. `bodies[i]` is section `i`'s body with its
/// image indices into `sources[i]`; `fetched` holds the bytes of each distinct `src` that could
/// be read. An image whose bytes are missing is left out of the body.
pub(crate) fn assemble(
    title: &str,
    author: &str,
    sections: &[Section],
    bodies: Vec<(Body, ImageSources)>,
    fetched: &HashMap<String, Image>,
) -> Manuscript {
    let mut images: Vec<Image> = Vec::new();
    let mut index_of: HashMap<String, usize> = HashMap::new();
    let mut chapters: Vec<Chapter> = Vec::new();
    let mut place: Vec<Option<usize>> = Vec::with_capacity(sections.len());
    for (section, (mut body, sources)) in sections.iter().zip(bodies) {
        let mapping: Vec<Option<usize>> = sources
            .srcs
            .iter()
            .map(|src| {
                let image = fetched.get(src)?;
                Some(*index_of.entry(src.clone()).or_insert_with(|| {
                    images.push(image.clone());
                    images.len() - 1
                }))
            })
            .collect();
        remap_images(&mut body.blocks, &mapping);
        let chapter = Chapter {
            title: section.title.clone(),
            body,
            subchapters: Vec::new(),
        };
        match section.parent.and_then(|p| place.get(p).copied().flatten()) {
            Some(parent) => {
                chapters[parent].subchapters.push(chapter);
                place.push(None);
            }
            None => {
                chapters.push(chapter);
                place.push(Some(chapters.len() - 1));
            }
        }
    }
    Manuscript {
        title: title.to_owned(),
        author: author.to_owned(),
        chapters,
        images,
    }
}

/// Image blocks renumbered by `mapping` (a body's index → the manuscript's); an image mapped to
/// nothing is dropped.
fn remap_images(blocks: &mut Vec<Block>, mapping: &[Option<usize>]) {
    blocks.retain_mut(|block| match block {
        Block::Image { image, .. } => match mapping.get(*image).copied().flatten() {
            Some(to) => {
                *image = to;
                true
            }
            None => false,
        },
        Block::BlockQuote { blocks } => {
            remap_images(blocks, mapping);
            true
        }
        Block::List { items, .. } => {
            items
                .iter_mut()
                .for_each(|item| remap_images(item, mapping));
            true
        }
        Block::Table { rows } => {
            rows.iter_mut()
                .flatten()
                .for_each(|cell| remap_images(cell, mapping));
            true
        }
        _ => true,
    });
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn chapter(id: &str, order: f64, parent: Option<&str>) -> EntityRow {
        EntityRow {
            order,
            name: id.to_uppercase(),
            manuscript_id: Some("m".into()),
            chapter_id: parent.map(str::to_owned),
            ..EntityRow::new(EntityKind::Chapter, id, "u", 1)
        }
    }

    fn tree() -> ManuscriptTree {
        let mut content = EntityRow {
            chapter_id: Some("two".into()),
            manuscript_id: Some("m".into()),
            ..EntityRow::new(EntityKind::ChapterContent, "c2", "u", 1)
        };
        content
            .doc
            .insert("content".into(), json!("<h2>Night</h2><p>It was dark.</p>"));
        ManuscriptTree {
            manuscript: EntityRow::new(EntityKind::Manuscript, "m", "u", 1),
            parts: vec![
                (
                    EntityKind::Chapter,
                    vec![
                        chapter("two", 1.0, None),
                        chapter("one", 0.0, None),
                        chapter("oneB", 1.0, Some("one")),
                        chapter("oneA", 0.0, Some("one")),
                    ],
                ),
                (EntityKind::ChapterContent, vec![content]),
            ],
        }
    }

    fn listed(sections: &[Section]) -> Vec<(String, Option<usize>)> {
        sections.iter().map(|s| (s.id.clone(), s.parent)).collect()
    }

    #[test]
    fn every_chapter_in_reading_order_when_none_is_chosen() {
        let all = sections(&tree(), None);
        assert_eq!(
            listed(&all),
            [
                ("one".into(), None),
                ("oneA".into(), Some(0)),
                ("oneB".into(), Some(0)),
                ("two".into(), None)
            ]
        );
        assert_eq!(all[0].title, "ONE");
    }

    #[test]
    fn a_chosen_chapter_takes_its_subchapters_and_a_lone_subchapter_stands_alone() {
        let chosen = ["oneB".to_owned(), "two".to_owned()];
        assert_eq!(
            listed(&sections(&tree(), Some(&chosen))),
            [("oneB".into(), None), ("two".into(), None)]
        );
        let chosen = ["one".to_owned()];
        assert_eq!(sections(&tree(), Some(&chosen)).len(), 3);
    }

    #[test]
    fn a_chapter_without_a_document_reads_its_content_row() {
        let body = body_from_content(&tree(), "two");
        assert_eq!(body.text(), "Night\nIt was dark.");
        assert!(matches!(body.blocks[0], Block::Heading { level: 2, .. }));
        assert!(body_from_content(&tree(), "one").blocks.is_empty());
    }

    #[test]
    fn the_cover_is_the_first_of_meta_covers_when_it_is_a_quire_upload() {
        let with_covers = |covers: serde_json::Value| {
            let mut row = EntityRow::new(EntityKind::Manuscript, "m", "u", 1);
            row.doc.insert("meta".into(), json!({ "covers": covers }));
            row
        };
        let cover = |covers| cover_src(&with_covers(covers));
        assert_eq!(
            cover(json!(["/api/v4/uploads/new", "/api/v4/uploads/old"])).as_deref(),
            Some("/api/v4/uploads/new")
        );
        assert_eq!(
            cover(json!([{ "url": "/api/v4/uploads/a1" }])).as_deref(),
            Some("/api/v4/uploads/a1")
        );
        assert_eq!(cover(json!(["https://x.test/c.png"])), None);
        assert_eq!(cover(json!([])), None);
        assert_eq!(cover(json!("/api/v4/uploads/a1")), None);
        assert_eq!(
            cover_src(&EntityRow::new(EntityKind::Manuscript, "m", "u", 1)),
            None
        );
    }

    #[test]
    fn upload_ids_come_only_from_quire_upload_urls() {
        assert_eq!(upload_id("/api/v4/uploads/abc_D-9"), Some("abc_D-9"));
        for src in [
            "https://x.test/a.png",
            "/api/v4/uploads/",
            "/api/v4/uploads/../x",
            "data:image/png;base64,AAAA",
        ] {
            assert_eq!(upload_id(src), None, "{src}");
        }
    }

    #[test]
    fn images_are_numbered_once_across_chapters_and_missing_ones_are_dropped() {
        let image = |n: usize| Block::Image {
            image: n,
            alt: String::new(),
        };
        let body = |blocks: Vec<Block>| Body {
            blocks,
            ..Body::default()
        };
        let sources = |srcs: &[&str]| ImageSources {
            srcs: srcs.iter().map(|s| (*s).to_owned()).collect(),
        };
        let png = |name: &str| Image {
            content_type: "image/png".into(),
            name: name.into(),
            bytes: vec![1],
        };
        let fetched = HashMap::from([
            ("/a".to_owned(), png("a.png")),
            ("/b".to_owned(), png("b.png")),
        ]);
        let sections = vec![
            Section {
                id: "one".into(),
                title: "One".into(),
                parent: None,
            },
            Section {
                id: "oneA".into(),
                title: "One A".into(),
                parent: Some(0),
            },
        ];
        let m = assemble(
            "Book",
            "Ana",
            &sections,
            vec![
                (body(vec![image(0), image(1)]), sources(&["/b", "/missing"])),
                (
                    body(vec![Block::BlockQuote {
                        blocks: vec![image(1), image(0)],
                    }]),
                    sources(&["/b", "/a"]),
                ),
            ],
            &fetched,
        );
        assert_eq!(
            m.images.iter().map(|i| i.name.as_str()).collect::<Vec<_>>(),
            ["b.png", "a.png"]
        );
        assert_eq!(m.chapters.len(), 1);
        assert_eq!(m.chapters[0].body.blocks, vec![image(0)]);
        assert_eq!(
            m.chapters[0].subchapters[0].body.blocks,
            vec![Block::BlockQuote {
                blocks: vec![image(1), image(0)]
            }]
        );
        assert_eq!((m.title.as_str(), m.author.as_str()), ("Book", "Ana"));
    }
}
