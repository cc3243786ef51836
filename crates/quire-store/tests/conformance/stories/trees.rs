//! Whole manuscripts and bulk operations: a tree written in one transaction (or not at all),
//! a manuscript read with its live or trashed rows, the newest change per kind, bulk trash
//! operations on chosen ids, promote and demote, and custom templates seen only by their
//! author.

use quire_protocol::reference::TemplateSummary;
use quire_store::manuscripts::{Restructure, Rows};

use super::*;

pub async fn a_tree_is_written_whole_or_not_at_all(store: Store) {
    let ana = user(&store, "ana").await;
    let existing = manuscript(&store, &ana).await;
    let taken = put(&store, &ana, inside(EntityKind::Note, &ana, &existing)).await;
    let m = EntityRow {
        name: "Copy".into(),
        ..row(EntityKind::Manuscript, &ana)
    };
    let chapter = EntityRow {
        name: "One".into(),
        ..inside(EntityKind::Chapter, &ana, &m)
    };
    let clash = EntityRow {
        id: taken.id.clone(),
        ..inside(EntityKind::Note, &ana, &m)
    };
    let refused = store
        .insert_all(&ana, vec![m.clone(), chapter.clone(), clash], T)
        .await;
    assert!(
        matches!(refused, Err(StoreError::Conflict("id"))),
        "{refused:?}"
    );
    not_found(store.get(&ana, EntityKind::Manuscript, &m.id).await);
    not_found(store.get(&ana, EntityKind::Chapter, &chapter.id).await);

    let written = store.insert_all(&ana, vec![m.clone()], T).await.unwrap();
    assert_eq!(
        written.len(),
        2,
        "a manuscript without chapters gets its first one"
    );
    assert_eq!(written[1].kind, EntityKind::Chapter);
    assert_eq!(written[1].manuscript_id.as_deref(), Some(m.id.as_str()));
}

pub async fn a_manuscript_is_read_with_its_live_or_its_trashed_rows(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let kept = put(&store, &ana, inside(EntityKind::Note, &ana, &m)).await;
    let binned = put(&store, &ana, inside(EntityKind::Note, &ana, &m)).await;
    store
        .soft_delete(
            &ana,
            EntityKind::Note,
            &binned.id,
            DeleteMode::default(),
            T + 1,
        )
        .await
        .unwrap();
    let part = |tree: &quire_store::manuscripts::ManuscriptTree, kind| {
        tree.parts
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, rows)| rows.iter().map(|r| r.id.clone()).collect::<Vec<_>>())
            .unwrap()
    };
    let live = store
        .manuscript_tree(&ana, &m.id, Rows::Live)
        .await
        .unwrap();
    assert_eq!(part(&live, EntityKind::Note), vec![kept.id]);
    assert_eq!(part(&live, EntityKind::Chapter).len(), 1);
    let trash = store
        .manuscript_tree(&ana, &m.id, Rows::Deleted)
        .await
        .unwrap();
    assert_eq!(part(&trash, EntityKind::Note), vec![binned.id]);
    assert!(part(&trash, EntityKind::Chapter).is_empty());
    let bob = user(&store, "bob").await;
    not_found(store.manuscript_tree(&bob, &m.id, Rows::Live).await);
    let latest = store.latest_updates(&ana, &m.id).await.unwrap();
    let notes = latest.iter().find(|(k, _)| *k == EntityKind::Note).unwrap();
    assert_eq!(notes.1, T + 1, "a deletion counts as a change");
}

pub async fn bulk_trash_operations_take_the_chosen_ids_or_all(store: Store) {
    let ana = user(&store, "ana").await;
    let bob = user(&store, "bob").await;
    let kind = EntityKind::Manuscript;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let m = manuscript(&store, &ana).await;
        store
            .soft_delete(&ana, kind, &m.id, DeleteMode::default(), T + 1)
            .await
            .unwrap();
        ids.push(m.id);
    }
    let bobs = manuscript(&store, &bob).await;
    store
        .soft_delete(&bob, kind, &bobs.id, DeleteMode::default(), T + 1)
        .await
        .unwrap();
    let chosen = vec![ids[0].clone(), bobs.id.clone()];
    let recovered = store
        .undelete_all(&ana, kind, Some(&chosen), T + 2)
        .await
        .unwrap();
    assert_eq!(recovered.len(), 1);
    assert_eq!(
        (recovered[0].id.as_str(), recovered[0].deleted_at),
        (ids[0].as_str(), None)
    );
    let removed = store.hard_delete_all(&ana, kind, None).await.unwrap();
    let mut removed: Vec<_> = removed.into_iter().map(|r| r.row.id).collect();
    removed.sort();
    let mut left = ids[1..].to_vec();
    left.sort();
    assert_eq!(removed, left);
    assert!(store.list_deleted(&ana, kind).await.unwrap().is_empty());
    assert_eq!(
        store
            .list_by_manuscript(&ana, kind, None)
            .await
            .unwrap()
            .len(),
        1
    );
    assert_eq!(
        store.list_deleted(&bob, kind).await.unwrap().len(),
        1,
        "bob's trash untouched"
    );
}

pub async fn a_subchapter_is_promoted_and_a_chapter_demoted_in_its_section(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let section = put(&store, &ana, inside(EntityKind::Group, &ana, &m)).await;
    let chapter = |name: &str, order: f64, parent: Option<&EntityRow>| EntityRow {
        name: name.into(),
        order,
        group_id: Some(section.id.clone()),
        chapter_id: parent.map(|p| p.id.clone()),
        ..inside(EntityKind::Chapter, &ana, &m)
    };
    let one = put(&store, &ana, chapter("one", 1.0, None)).await;
    let two = put(&store, &ana, chapter("two", 2.0, None)).await;
    let scene = put(&store, &ana, chapter("scene", 0.0, Some(&one))).await;
    let changed = store
        .restructure(&ana, &scene.id, Restructure::Promote, T + 1)
        .await
        .unwrap();
    let promoted = changed.iter().find(|r| r.id == scene.id).unwrap();
    assert_eq!(promoted.chapter_id, None);
    assert_eq!(promoted.group_id.as_deref(), Some(section.id.as_str()));
    assert_eq!(promoted.order, 1.0, "right after its former parent");
    store
        .restructure(
            &ana,
            &two.id,
            Restructure::Demote {
                parent_id: Some(one.id.clone()),
            },
            T + 2,
        )
        .await
        .unwrap();
    let two = store.get(&ana, EntityKind::Chapter, &two.id).await.unwrap();
    assert_eq!(two.chapter_id.as_deref(), Some(one.id.as_str()));
    assert_eq!(two.group_id.as_deref(), Some(section.id.as_str()));
    assert_eq!(
        rule(
            store
                .restructure(&ana, &one.id, Restructure::Promote, T + 3)
                .await
        ),
        "not_a_subchapter"
    );
    let bob = user(&store, "bob").await;
    not_found(
        store
            .restructure(&bob, &two.id, Restructure::Promote, T + 3)
            .await,
    );
}

pub async fn a_custom_template_is_seen_only_by_its_author(store: Store) {
    let ana = user(&store, "ana").await;
    let bob = user(&store, "bob").await;
    let builtins = store.templates_for(&bob).await.unwrap().len();
    assert!(builtins >= 3);
    let template = TemplateSummary {
        id: Id::random().as_str().to_owned(),
        name: "Ana's shape".into(),
        description: String::new(),
        category: "custom".into(),
        order: 0,
        structure: json!({"groups": []}),
    };
    store.add_custom_template(&ana, &template, T).await.unwrap();
    assert_eq!(store.templates_for(&ana).await.unwrap().len(), builtins + 1);
    assert_eq!(store.templates_for(&bob).await.unwrap().len(), builtins);
    assert_eq!(
        store.template_for(&ana, &template.id).await.unwrap().name,
        "Ana's shape"
    );
    not_found(store.template_for(&bob, &template.id).await);
    store.delete_user(&ana).await.unwrap();
    not_found(store.template_for(&ana, &template.id).await);
}
