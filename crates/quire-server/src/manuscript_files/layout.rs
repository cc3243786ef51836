//! An imported manuscript laid out as Quire's rows: a new manuscript (or the chapters appended
//! to an open one), a chapter row per chapter and subchapter in reading order, and each
//! chapter's first document state. Pure: the ids and the time are given.

use quire_core::id::IdSource;
use quire_core::manuscript::{EntityKind, EntityRow, TITLE_MAX};
use quire_core::time::EpochMs;
use quire_formats::model::{Chapter, Manuscript};

/// Where the imported chapters go.
#[derive(Debug)]
pub(crate) enum Target<'a> {
    /// A new manuscript titled `title` in `folder_id` (the root when `None`).
    New {
        title: &'a str,
        folder_id: Option<String>,
    },
    /// After the last chapter (`after_order`) of the manuscript `id`.
    Append { id: &'a str, after_order: f64 },
}

/// What an import writes: rows parents first, and a first document state per chapter.
#[derive(Debug)]
pub(crate) struct Laid {
    pub manuscript_id: String,
    pub rows: Vec<EntityRow>,
    /// Chapter ids with the model chapter whose body becomes their document, in reading order.
    pub chapters: Vec<(String, Chapter)>,
}

/// `m` laid out for `target`. A chapter without a title is called by its place ("Chapter 3")
/// so the binder never shows an empty line; titles are cut to 255 characters.
pub(crate) fn lay_out(
    m: Manuscript,
    target: Target<'_>,
    now: EpochMs,
    ids: &mut impl IdSource,
) -> Laid {
    let mut rows = Vec::new();
    let (manuscript_id, first_order) = match target {
        Target::New { title, folder_id } => {
            let id = ids.id().as_str().to_owned();
            rows.push(EntityRow {
                name: cut(title),
                folder_id,
                ..EntityRow::new(EntityKind::Manuscript, &id, "", now)
            });
            (id, 0.0)
        }
        Target::Append { id, after_order } => (id.to_owned(), (after_order + 1.0).floor()),
    };
    let mut chapters = Vec::new();
    for (n, mut chapter) in m.chapters.into_iter().enumerate() {
        let chapter_id = ids.id().as_str().to_owned();
        rows.push(EntityRow {
            manuscript_id: Some(manuscript_id.clone()),
            name: title_or(&chapter.title, n + 1),
            order: first_order + n as f64,
            ..EntityRow::new(EntityKind::Chapter, &chapter_id, "", now)
        });
        let subchapters = std::mem::take(&mut chapter.subchapters);
        chapters.push((chapter_id.clone(), chapter));
        for (s, subchapter) in subchapters.into_iter().enumerate() {
            let id = ids.id().as_str().to_owned();
            rows.push(EntityRow {
                manuscript_id: Some(manuscript_id.clone()),
                chapter_id: Some(chapter_id.clone()),
                name: title_or(&subchapter.title, s + 1),
                order: s as f64,
                ..EntityRow::new(EntityKind::Chapter, &id, "", now)
            });
            chapters.push((id, subchapter));
        }
    }
    Laid {
        manuscript_id,
        rows,
        chapters,
    }
}

fn title_or(title: &str, place: usize) -> String {
    let title = title.trim();
    if title.is_empty() {
        format!("Chapter {place}")
    } else {
        cut(title)
    }
}

fn cut(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().nth(TITLE_MAX) {
        Some((at, _)) => text[..at].trim_end().to_owned(),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use quire_core::Id;
    use quire_formats::model::Body;

    use super::*;

    struct Counting(u32);

    impl IdSource for Counting {
        fn id(&mut self) -> Id {
            self.0 += 1;
            Id::parse(&format!("id{:020}", self.0)).expect("a valid id")
        }
        fn number(&mut self, low: i64, _high: i64) -> i64 {
            low
        }
    }

    fn chapter(title: &str, subchapters: Vec<Chapter>) -> Chapter {
        Chapter {
            title: title.into(),
            body: Body::default(),
            subchapters,
        }
    }

    fn novel() -> Manuscript {
        Manuscript {
            title: "Novel".into(),
            chapters: vec![
                chapter("One", vec![chapter("", vec![]), chapter("One b", vec![])]),
                chapter(&"x".repeat(300), vec![]),
            ],
            ..Manuscript::default()
        }
    }

    #[test]
    fn a_new_manuscript_comes_first_then_chapters_with_their_subchapters_in_reading_order() {
        let laid = lay_out(
            novel(),
            Target::New {
                title: "Novel",
                folder_id: Some("folder".into()),
            },
            7,
            &mut Counting(0),
        );
        let rows: Vec<(EntityKind, &str, Option<&str>, f64)> = laid
            .rows
            .iter()
            .map(|r| (r.kind, r.id.as_str(), r.chapter_id.as_deref(), r.order))
            .collect();
        let id = |n: u32| format!("id{n:020}");
        assert_eq!(rows[0].0, EntityKind::Manuscript);
        assert_eq!(laid.rows[0].folder_id.as_deref(), Some("folder"));
        assert_eq!(laid.manuscript_id, id(1));
        assert_eq!(
            rows[1..]
                .iter()
                .map(|r| (r.2.map(str::to_owned), r.3))
                .collect::<Vec<_>>(),
            vec![
                (None, 0.0),
                (Some(id(2)), 0.0),
                (Some(id(2)), 1.0),
                (None, 1.0)
            ]
        );
        let names: Vec<&str> = laid.rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(&names[..4], ["Novel", "One", "Chapter 1", "One b"]);
        assert_eq!(names[4].chars().count(), TITLE_MAX);
        assert!(laid.rows.iter().all(|r| r.created_at == 7));
        let chapter_ids: Vec<&str> = laid.chapters.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(chapter_ids, [id(2), id(3), id(4), id(5)]);
        assert!(laid.chapters.iter().all(|(_, c)| c.subchapters.is_empty()));
    }

    #[test]
    fn appended_chapters_follow_the_last_one() {
        let laid = lay_out(
            novel(),
            Target::Append {
                id: "open",
                after_order: 4.5,
            },
            7,
            &mut Counting(0),
        );
        assert_eq!(laid.manuscript_id, "open");
        assert!(laid.rows.iter().all(|r| r.kind == EntityKind::Chapter));
        let top: Vec<f64> = laid
            .rows
            .iter()
            .filter(|r| r.chapter_id.is_none())
            .map(|r| r.order)
            .collect();
        assert_eq!(top, [5.0, 6.0]);
        assert!(
            laid.rows
                .iter()
                .all(|r| r.manuscript_id.as_deref() == Some("open"))
        );
    }
}
