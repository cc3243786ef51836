//! The trash: soft delete, undelete and hard delete, container deletion, stashes and the purge.

use super::*;

pub async fn a_deleted_row_is_in_the_trash_until_undeleted_and_wrong_state_operations_answer_codes(
    store: Store,
) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let research = put(&store, &ana, inside(EntityKind::Research, &ana, &m)).await;
    let kind = EntityKind::Research;
    assert_eq!(
        rule(store.undelete(&ana, kind, &research.id, T).await),
        "was_not_undeleted"
    );
    assert_eq!(
        rule(store.hard_delete(&ana, kind, &research.id).await),
        "is_not_deleted"
    );
    store
        .soft_delete(&ana, kind, &research.id, DeleteMode::default(), T + 1)
        .await
        .unwrap();
    let trash = store.list_deleted(&ana, kind).await.unwrap();
    assert_eq!(trash.len(), 1);
    assert_eq!(trash[0].deleted_at, Some(T + 1));
    assert!(
        store
            .list_by_manuscript(&ana, kind, Some(&m.id))
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        rule(
            store
                .soft_delete(&ana, kind, &research.id, DeleteMode::default(), T + 2)
                .await
        ),
        "was_not_deleted"
    );
    store
        .undelete(&ana, kind, &research.id, T + 3)
        .await
        .unwrap();
    assert!(store.list_deleted(&ana, kind).await.unwrap().is_empty());
    assert_eq!(
        store
            .list_by_manuscript(&ana, kind, Some(&m.id))
            .await
            .unwrap()
            .len(),
        1
    );
    store
        .soft_delete(&ana, kind, &research.id, DeleteMode::default(), T + 4)
        .await
        .unwrap();
    store.hard_delete(&ana, kind, &research.id).await.unwrap();
    not_found(store.get(&ana, kind, &research.id).await);
}

pub async fn deleting_a_folder_moves_its_children_up_with_99999_added_to_their_order(store: Store) {
    let ana = user(&store, "ana").await;
    let top = put(&store, &ana, folder_in(&ana, None, 0.0)).await;
    let doomed = put(&store, &ana, folder_in(&ana, Some(&top), 1.0)).await;
    let child = put(&store, &ana, folder_in(&ana, Some(&doomed), 2.0)).await;
    let m = put(
        &store,
        &ana,
        EntityRow {
            folder_id: Some(doomed.id.clone()),
            order: 3.0,
            ..row(EntityKind::Manuscript, &ana)
        },
    )
    .await;
    store
        .soft_delete(
            &ana,
            EntityKind::Folder,
            &doomed.id,
            DeleteMode::MoveChildrenUp,
            T + 9,
        )
        .await
        .unwrap();
    let doomed = store
        .get(&ana, EntityKind::Folder, &doomed.id)
        .await
        .unwrap();
    assert_eq!(doomed.deleted_at, Some(T + 9));
    let child = store
        .get(&ana, EntityKind::Folder, &child.id)
        .await
        .unwrap();
    assert_eq!(child.folder_id.as_deref(), Some(top.id.as_str()));
    assert_eq!(child.order, 100_001.0);
    assert_eq!(child.deleted_at, None);
    let m = store
        .get(&ana, EntityKind::Manuscript, &m.id)
        .await
        .unwrap();
    assert_eq!(m.folder_id.as_deref(), Some(top.id.as_str()));
    assert_eq!(m.order, 100_002.0);
    assert_eq!(m.updated_at, T + 9);
}

pub async fn deleting_a_group_with_its_children_puts_them_all_in_the_trash(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let group = put(&store, &ana, inside(EntityKind::Group, &ana, &m)).await;
    let in_group = |kind| EntityRow {
        group_id: Some(group.id.clone()),
        ..inside(kind, &ana, &m)
    };
    let outline = put(&store, &ana, in_group(EntityKind::Outline)).await;
    let element = put(&store, &ana, in_group(EntityKind::Element)).await;
    let chapter = put(
        &store,
        &ana,
        EntityRow {
            outline_id: Some(outline.id.clone()),
            ..in_group(EntityKind::Chapter)
        },
    )
    .await;
    store
        .soft_delete(
            &ana,
            EntityKind::Group,
            &group.id,
            DeleteMode::DeleteChildren,
            T + 7,
        )
        .await
        .unwrap();
    for (kind, id) in [
        (EntityKind::Group, &group.id),
        (EntityKind::Outline, &outline.id),
        (EntityKind::Element, &element.id),
        (EntityKind::Chapter, &chapter.id),
    ] {
        let stored = store.get(&ana, kind, id).await.unwrap();
        assert_eq!(stored.deleted_at, Some(T + 7), "{kind:?}");
    }
    // The first chapter, outside the group, is untouched.
    let live = store
        .list_by_manuscript(&ana, EntityKind::Chapter, Some(&m.id))
        .await
        .unwrap();
    assert_eq!(live.len(), 1);
    assert_eq!(live[0].name, "Chapter 1");
}

pub async fn deleting_the_last_chapter_adds_an_untitled_chapter(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let first = store
        .list_by_manuscript(&ana, EntityKind::Chapter, Some(&m.id))
        .await
        .unwrap();
    store
        .soft_delete(
            &ana,
            EntityKind::Chapter,
            &first[0].id,
            DeleteMode::default(),
            T + 1,
        )
        .await
        .unwrap();
    let live = store
        .list_by_manuscript(&ana, EntityKind::Chapter, Some(&m.id))
        .await
        .unwrap();
    assert_eq!(live.len(), 1);
    assert_eq!(live[0].name, "Untitled Chapter");
}

pub async fn a_stash_is_removed_on_its_second_delete(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let stash = put(&store, &ana, inside(EntityKind::Stash, &ana, &m)).await;
    let kind = EntityKind::Stash;
    store
        .soft_delete(&ana, kind, &stash.id, DeleteMode::default(), T + 1)
        .await
        .unwrap();
    assert_eq!(
        store.get(&ana, kind, &stash.id).await.unwrap().deleted_at,
        Some(T + 1)
    );
    store
        .soft_delete(&ana, kind, &stash.id, DeleteMode::default(), T + 2)
        .await
        .unwrap();
    not_found(store.get(&ana, kind, &stash.id).await);
}

pub async fn the_purge_removes_rows_deleted_60_days_ago_and_keeps_newer_ones(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let old = put(&store, &ana, inside(EntityKind::Note, &ana, &m)).await;
    let recent = put(&store, &ana, inside(EntityKind::Note, &ana, &m)).await;
    let live = put(&store, &ana, inside(EntityKind::Note, &ana, &m)).await;
    let kind = EntityKind::Note;
    store
        .soft_delete(&ana, kind, &old.id, DeleteMode::default(), T)
        .await
        .unwrap();
    store
        .soft_delete(&ana, kind, &recent.id, DeleteMode::default(), T + DAY_MS)
        .await
        .unwrap();
    let purged = store.purge_trash(T + 60 * DAY_MS).await.unwrap();
    assert_eq!(purged, 1);
    not_found(store.get(&ana, kind, &old.id).await);
    assert!(store.get(&ana, kind, &recent.id).await.is_ok());
    assert!(store.get(&ana, kind, &live.id).await.is_ok());
}

pub async fn deleting_a_chapter_moves_its_subchapters_up_into_its_outline(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let outline = put(&store, &ana, inside(EntityKind::Outline, &ana, &m)).await;
    let chapter = put(
        &store,
        &ana,
        EntityRow {
            outline_id: Some(outline.id.clone()),
            ..inside(EntityKind::Chapter, &ana, &m)
        },
    )
    .await;
    let sub = put(
        &store,
        &ana,
        EntityRow {
            chapter_id: Some(chapter.id.clone()),
            order: 1.0,
            ..inside(EntityKind::Chapter, &ana, &m)
        },
    )
    .await;
    store
        .soft_delete(
            &ana,
            EntityKind::Chapter,
            &chapter.id,
            DeleteMode::MoveChildrenUp,
            T + 3,
        )
        .await
        .unwrap();
    let sub = store.get(&ana, EntityKind::Chapter, &sub.id).await.unwrap();
    assert_eq!(sub.chapter_id, None);
    assert_eq!(sub.outline_id.as_deref(), Some(outline.id.as_str()));
    assert_eq!(sub.order, 100_000.0);
    assert_eq!(sub.deleted_at, None);
}
