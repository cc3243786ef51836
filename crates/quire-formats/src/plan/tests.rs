use super::*;
use crate::model::{CommentThread, Footnote, Marks, Paragraph};

fn para(text: &str) -> Block {
    Block::Paragraph(Paragraph::plain(text))
}

fn noted(text: &str, note: &str, thread: &str) -> Block {
    Block::Paragraph(Paragraph {
        align: Default::default(),
        inlines: vec![
            Inline::Text {
                text: text.into(),
                marks: Marks {
                    comments: vec![thread.into()],
                    ..Marks::default()
                },
            },
            Inline::FootnoteRef { id: note.into() },
        ],
    })
}

fn chapter(title: &str, blocks: Vec<Block>) -> Chapter {
    Chapter {
        title: title.into(),
        body: Body {
            blocks,
            ..Body::default()
        },
        subchapters: Vec::new(),
    }
}

/// One: two paragraphs, a subchapter "One b"; Two: four blocks, the third with a footnote
/// and a comment.
fn novel() -> Manuscript {
    let mut one = chapter("One", vec![para("alpha beta"), para("gamma")]);
    one.subchapters
        .push(chapter("One b", vec![para("delta epsilon zeta")]));
    let mut two = chapter(
        "Two",
        vec![
            para("eta"),
            para("theta"),
            noted("iota", "fn-1", "c1"),
            para("kappa"),
        ],
    );
    two.body.footnotes.push(Footnote {
        id: "fn-1".into(),
        text: "a note".into(),
    });
    two.body.comments.push(CommentThread {
        id: "c1".into(),
        author_name: "Ana".into(),
        body: "check".into(),
        ..CommentThread::default()
    });
    Manuscript {
        title: "Novel".into(),
        chapters: vec![one, two],
        ..Manuscript::default()
    }
}

fn keep_all(m: &Manuscript) -> Plan {
    Plan {
        sections: preview(m)
            .into_iter()
            .map(|s| SectionPlan {
                index: s.index,
                title: s.title,
                include: true,
                merge_with_previous: false,
                split_at: Vec::new(),
            })
            .collect(),
        ..Plan::default()
    }
}

fn titles(m: &Manuscript) -> Vec<String> {
    m.sections().map(|c| c.title.clone()).collect()
}

#[test]
fn preview_lists_sections_in_reading_order_with_their_counts() {
    let sections = preview(&novel());
    let summary: Vec<(usize, Level, &str, u64, u64)> = sections
        .iter()
        .map(|s| (s.index, s.level, s.title.as_str(), s.words, s.paragraphs))
        .collect();
    assert_eq!(
        summary,
        vec![
            (0, Level::Chapter, "One", 3, 2),
            (1, Level::Subchapter, "One b", 3, 1),
            (2, Level::Chapter, "Two", 4, 4),
        ]
    );
    assert_eq!((sections[2].footnotes, sections[2].comments), (1, 1));
    assert_eq!(sections[2].blocks[2].text, "iota");
}

#[test]
fn block_openings_are_cut_at_eighty_characters_on_a_character_boundary() {
    let long = "é".repeat(100);
    let m = Manuscript {
        chapters: vec![chapter("Long", vec![para(&long)])],
        ..Manuscript::default()
    };
    let text = &preview(&m)[0].blocks[0].text;
    assert_eq!(text.chars().count(), BLOCK_OPENING_CHARS + 1);
    assert!(text.ends_with('…'));
}

#[test]
fn keeping_every_section_changes_nothing_but_the_title() {
    let m = novel();
    let mut plan = keep_all(&m);
    plan.title = "  The Novel ".into();
    let applied = apply(m.clone(), &plan).unwrap();
    assert_eq!(applied.title, "The Novel");
    assert_eq!(applied.chapters, m.chapters);
}

#[test]
fn rename_and_exclude() {
    let m = novel();
    let mut plan = keep_all(&m);
    plan.sections[0].title = "Prologue".into();
    plan.sections[1].include = false;
    let applied = apply(m, &plan).unwrap();
    assert_eq!(titles(&applied), ["Prologue", "Two"]);
    assert!(applied.chapters[0].subchapters.is_empty());
}

#[test]
fn merge_appends_blocks_notes_and_threads_to_the_previous_included_section() {
    let m = novel();
    let mut plan = keep_all(&m);
    plan.sections[1].include = false;
    plan.sections[2].merge_with_previous = true;
    let applied = apply(m, &plan).unwrap();
    assert_eq!(titles(&applied), ["One"]);
    let body = &applied.chapters[0].body;
    assert_eq!(body.text(), "alpha beta\ngamma\neta\ntheta\niota\nkappa");
    assert_eq!(body.footnotes.len(), 1);
    assert_eq!(body.comments.len(), 1);
}

#[test]
fn merging_the_first_section_keeps_it_as_a_section() {
    let m = novel();
    let mut plan = keep_all(&m);
    plan.sections[0].merge_with_previous = true;
    assert_eq!(titles(&apply(m, &plan).unwrap()), ["One", "One b", "Two"]);
}

#[test]
fn split_cuts_before_the_block_and_moves_its_notes_and_threads_along() {
    let m = novel();
    let mut plan = keep_all(&m);
    plan.sections[2].split_at = vec![Split {
        block: 2,
        title: "Three".into(),
    }];
    let applied = apply(m, &plan).unwrap();
    assert_eq!(titles(&applied), ["One", "One b", "Two", "Three"]);
    let two = &applied.chapters[1].body;
    let three = &applied.chapters[2].body;
    assert_eq!(two.text(), "eta\ntheta");
    assert!(two.footnotes.is_empty() && two.comments.is_empty());
    assert_eq!(three.text(), "iota\nkappa");
    assert_eq!((three.footnotes.len(), three.comments.len()), (1, 1));
}

#[test]
fn an_orphan_subchapter_becomes_a_chapter() {
    let m = novel();
    let mut plan = keep_all(&m);
    plan.sections[0].include = false;
    let applied = apply(m, &plan).unwrap();
    assert_eq!(titles(&applied), ["One b", "Two"]);
    assert_eq!(applied.chapters.len(), 2);
}

#[test]
fn splits_outside_the_section_or_out_of_order_are_refused() {
    let m = novel();
    for blocks in [vec![0], vec![4], vec![2, 1], vec![1, 1]] {
        let mut plan = keep_all(&m);
        plan.sections[2].split_at = blocks
            .into_iter()
            .map(|block| Split {
                block,
                title: "x".into(),
            })
            .collect();
        assert_eq!(apply(m.clone(), &plan), Err(PlanError::Split(2)));
    }
}

#[test]
fn a_plan_that_does_not_list_each_section_once_in_order_is_refused() {
    let m = novel();
    let mut short = keep_all(&m);
    short.sections.pop();
    assert_eq!(
        apply(m.clone(), &short),
        Err(PlanError::SectionCount {
            listed: 2,
            found: 3
        })
    );
    let mut swapped = keep_all(&m);
    swapped.sections.swap(0, 1);
    assert_eq!(apply(m.clone(), &swapped), Err(PlanError::SectionOrder(1)));
    let mut none = keep_all(&m);
    none.sections.iter_mut().for_each(|s| s.include = false);
    assert_eq!(apply(m, &none), Err(PlanError::Empty));
}

#[test]
fn a_plan_parses_from_the_json_the_web_app_sends() {
    let plan: Plan = serde_json::from_str(
        r#"{"h2_as_subchapters":true,"title":"T","manuscript_id":null,"folder_id":null,
            "sections":[{"index":0,"title":"A","include":true,"merge_with_previous":false,
            "split_at":[{"block":3,"title":"B"}]}]}"#,
    )
    .unwrap();
    assert!(plan.h2_as_subchapters);
    assert_eq!(plan.sections[0].split_at[0].block, 3);
}
