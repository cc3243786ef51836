//! Scoping: another user's rows, foreign parents, deleted manuscripts and account deletion.

use super::*;

pub async fn another_users_rows_are_invisible_and_unmodifiable(store: Store) {
    let ana = user(&store, "ana").await;
    let bob = user(&store, "bob").await;
    let m = manuscript(&store, &ana).await;
    let note = put(&store, &ana, inside(EntityKind::Note, &ana, &m)).await;
    let kind = EntityKind::Note;
    not_found(store.get(&bob, kind, &note.id).await);
    not_found(store.get(&bob, EntityKind::Manuscript, &m.id).await);
    not_found(store.list_by_manuscript(&bob, kind, Some(&m.id)).await);
    assert!(
        store
            .list_by_manuscript(&bob, EntityKind::Manuscript, None)
            .await
            .unwrap()
            .is_empty()
    );
    let patch = Patch {
        name: Some("mine now".into()),
        updated_at: T + 1_000,
        device_id: "device-z".into(),
        ..Patch::default()
    };
    not_found(store.update(&bob, kind, &note.id, patch, T).await);
    let takeover = EntityRow {
        user_id: bob.clone(),
        manuscript_id: None,
        updated_at: T + 1_000,
        ..note.clone()
    };
    not_found(store.put(&bob, takeover, T).await);
    not_found(
        store
            .soft_delete(&bob, kind, &note.id, DeleteMode::default(), T)
            .await,
    );
    store
        .soft_delete(&ana, kind, &note.id, DeleteMode::default(), T)
        .await
        .unwrap();
    assert!(store.list_deleted(&bob, kind).await.unwrap().is_empty());
    not_found(store.undelete(&bob, kind, &note.id, T).await);
    not_found(store.hard_delete(&bob, kind, &note.id).await);
    let still = store.get(&ana, kind, &note.id).await.unwrap();
    assert_eq!(still.user_id, ana);
    assert_eq!(still.name, note.name);
}

pub async fn a_body_naming_someone_elses_manuscript_or_folder_is_refused(store: Store) {
    let ana = user(&store, "ana").await;
    let bob = user(&store, "bob").await;
    let anas = manuscript(&store, &ana).await;
    let anas_folder = put(&store, &ana, folder_in(&ana, None, 0.0)).await;
    not_found(
        store
            .put(&bob, inside(EntityKind::Todo, &bob, &anas), T)
            .await,
    );
    let into_anas_folder = EntityRow {
        folder_id: Some(anas_folder.id.clone()),
        ..row(EntityKind::Manuscript, &bob)
    };
    not_found(store.put(&bob, into_anas_folder, T).await);
    let bobs = manuscript(&store, &bob).await;
    let anas_group = put(&store, &ana, inside(EntityKind::Group, &ana, &anas)).await;
    let into_anas_group = EntityRow {
        group_id: Some(anas_group.id.clone()),
        ..inside(EntityKind::Element, &bob, &bobs)
    };
    not_found(store.put(&bob, into_anas_group, T).await);
}

pub async fn nothing_is_written_into_a_manuscript_in_the_trash(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    store
        .soft_delete(
            &ana,
            EntityKind::Manuscript,
            &m.id,
            DeleteMode::default(),
            T + 1,
        )
        .await
        .unwrap();
    let result = store
        .put(&ana, inside(EntityKind::Plotboard, &ana, &m), T)
        .await;
    assert_eq!(rule(result), MANUSCRIPT_IS_DELETED);
}

pub async fn deleting_an_account_removes_all_its_manuscript_data(store: Store) {
    let ana = user(&store, "ana").await;
    let bob = user(&store, "bob").await;
    let folder = put(&store, &ana, folder_in(&ana, None, 0.0)).await;
    let m = manuscript(&store, &ana).await;
    let note = put(&store, &ana, inside(EntityKind::Note, &ana, &m)).await;
    let trashed = put(&store, &ana, inside(EntityKind::Research, &ana, &m)).await;
    store
        .soft_delete(
            &ana,
            EntityKind::Research,
            &trashed.id,
            DeleteMode::default(),
            T,
        )
        .await
        .unwrap();
    let bobs = manuscript(&store, &bob).await;
    store.delete_user(&ana).await.unwrap();
    // Ana's trashed row went with her account: nothing is left for the purge to find.
    assert_eq!(store.purge_deleted_before(i64::MAX).await.unwrap(), 0);
    not_found(store.get(&ana, EntityKind::Folder, &folder.id).await);
    not_found(store.get(&ana, EntityKind::Manuscript, &m.id).await);
    not_found(store.get(&ana, EntityKind::Note, &note.id).await);
    assert!(
        store
            .get(&bob, EntityKind::Manuscript, &bobs.id)
            .await
            .is_ok()
    );
    assert_eq!(
        store
            .list_by_manuscript(&bob, EntityKind::Chapter, Some(&bobs.id))
            .await
            .unwrap()
            .len(),
        1
    );
}

pub async fn a_grant_lets_a_viewer_read_and_an_editor_write_as_the_owner(store: Store) {
    use quire_core::manuscript::SharePermission;
    let ana = user(&store, "ana").await;
    let bob = user(&store, "bob").await;
    let m = manuscript(&store, &ana).await;
    let note = put(&store, &ana, inside(EntityKind::Note, &ana, &m)).await;
    let had_grant = store
        .set_grant(&ana, &m.id, &bob, Some(SharePermission::Read), T)
        .await
        .unwrap();
    assert!(!had_grant);
    assert_eq!(
        store
            .get(&bob, EntityKind::Note, &note.id)
            .await
            .unwrap()
            .id,
        note.id
    );
    assert_eq!(
        store
            .list_by_manuscript(&bob, EntityKind::Note, Some(&m.id))
            .await
            .unwrap()
            .len(),
        1
    );
    let bobs_note = EntityRow {
        updated_at: T + 1,
        ..inside(EntityKind::Note, &bob, &m)
    };
    assert!(matches!(
        store.put(&bob, bobs_note.clone(), T + 1).await,
        Err(StoreError::NotAuthorized)
    ));
    let had_grant = store
        .set_grant(&ana, &m.id, &bob, Some(SharePermission::Write), T + 2)
        .await
        .unwrap();
    assert!(had_grant, "a permission changed replaces the grant");
    let written = put(&store, &bob, bobs_note.clone()).await;
    assert_eq!(written.user_id, ana, "the row stays the manuscript owner's");
    assert!(matches!(
        store
            .soft_delete(
                &bob,
                EntityKind::Manuscript,
                &m.id,
                DeleteMode::default(),
                T + 3
            )
            .await,
        Err(StoreError::NotAuthorized)
    ));
    assert!(matches!(
        store.set_grant(&bob, &m.id, &bob, None, T + 3).await,
        Err(StoreError::NotFound)
    ));
    store
        .set_grant(&ana, &m.id, &bob, None, T + 4)
        .await
        .unwrap();
    not_found(store.get(&bob, EntityKind::Note, &written.id).await);
    assert!(store.shared_with(&bob).await.unwrap().is_empty());
}

pub async fn a_purged_manuscript_names_the_users_it_was_shared_with(store: Store) {
    use quire_core::manuscript::SharePermission;
    let ana = user(&store, "ana").await;
    let bob = user(&store, "bob").await;
    let cy = user(&store, "cy").await;
    let kind = EntityKind::Manuscript;
    let (shared, alone) = (
        manuscript(&store, &ana).await,
        manuscript(&store, &ana).await,
    );
    for who in [&bob, &cy] {
        store
            .set_grant(&ana, &shared.id, who, Some(SharePermission::Read), T)
            .await
            .unwrap();
    }
    for m in [&shared, &alone] {
        store
            .soft_delete(&ana, kind, &m.id, DeleteMode::default(), T + 1)
            .await
            .unwrap();
    }
    let removed = store.hard_delete(&ana, kind, &alone.id).await.unwrap();
    assert_eq!(removed.row.id, alone.id);
    assert!(removed.grantees.is_empty());
    let removed = store.hard_delete_all(&ana, kind, None).await.unwrap();
    assert_eq!(removed.len(), 1);
    let mut grantees = vec![bob.clone(), cy.clone()];
    grantees.sort();
    assert_eq!(removed[0].grantees, grantees);
    assert!(store.shared_with(&bob).await.unwrap().is_empty());
}

pub async fn a_chapters_rows_and_the_user_wide_lists_are_the_actors_own(store: Store) {
    let ana = user(&store, "ana").await;
    let bob = user(&store, "bob").await;
    let m = manuscript(&store, &ana).await;
    let chapter = put(
        &store,
        &ana,
        EntityRow {
            name: "One".into(),
            ..inside(EntityKind::Chapter, &ana, &m)
        },
    )
    .await;
    let of_chapter = |kind| EntityRow {
        chapter_id: Some(chapter.id.clone()),
        ..inside(kind, &ana, &m)
    };
    let version = put(&store, &ana, of_chapter(EntityKind::ChapterVersion)).await;
    let trashed = put(&store, &ana, of_chapter(EntityKind::ChapterVersion)).await;
    store
        .soft_delete(
            &ana,
            EntityKind::ChapterVersion,
            &trashed.id,
            DeleteMode::default(),
            T,
        )
        .await
        .unwrap();
    put(&store, &ana, inside(EntityKind::ChapterVersion, &ana, &m)).await;
    let mut ids: Vec<String> = store
        .list_by_chapter(&ana, EntityKind::ChapterVersion, &chapter.id)
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.id)
        .collect();
    ids.sort();
    let mut expected = vec![version.id.clone(), trashed.id.clone()];
    expected.sort();
    assert_eq!(ids, expected, "the chapter's versions, the trash included");
    not_found(
        store
            .list_by_chapter(&bob, EntityKind::ChapterVersion, &chapter.id)
            .await,
    );
    assert!(
        store
            .list_by_chapter(&ana, EntityKind::Note, &chapter.id)
            .await
            .unwrap()
            .is_empty(),
        "a kind without chapter_id has no rows of a chapter"
    );
    assert_eq!(
        store
            .list_all(&ana, EntityKind::ChapterVersion)
            .await
            .unwrap()
            .len(),
        2,
        "live rows of every manuscript"
    );
    assert!(
        store
            .list_all(&bob, EntityKind::ChapterVersion)
            .await
            .unwrap()
            .is_empty()
    );
}
