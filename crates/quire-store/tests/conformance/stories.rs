//! The stories, each an `async fn(Store)` that panics on a failed expectation.

use quire_core::Id;
use quire_core::manuscript::{DAY_MS, DeleteMode, HOUR_MS};
use quire_store::accounts::NewUser;
use quire_store::manuscripts::{EntityKind, EntityRow, MANUSCRIPT_IS_DELETED, Patch, Written};
use quire_store::{Store, StoreError};
use serde_json::{Map, Value, json};

const T: i64 = 1_772_000_000_000;

async fn user(store: &Store, name: &str) -> String {
    let id = Id::random().as_str().to_owned();
    store
        .create_user(&NewUser {
            id: id.clone(),
            name: name.to_owned(),
            email: format!("{name}@example.com"),
            email_normalized: format!("{name}@example.com"),
            password_hash: None,
            meta: "{}".into(),
            settings: "{}".into(),
            gift_uid: None,
            created_at: T,
        })
        .await
        .expect("create the user");
    id
}

fn doc(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => panic!("a JSON object"),
    }
}

fn row(kind: EntityKind, user: &str) -> EntityRow {
    EntityRow {
        last_device_id: "device-a".into(),
        ..EntityRow::new(kind, Id::random().as_str(), user, T)
    }
}

async fn put(store: &Store, user: &str, row: EntityRow) -> EntityRow {
    match store.put(user, row, T).await.expect("put") {
        Written::Applied(row) => row,
        Written::Stale(row) => panic!("unexpectedly stale: {row:?}"),
    }
}

async fn manuscript(store: &Store, user: &str) -> EntityRow {
    put(
        store,
        user,
        EntityRow {
            name: "My novel".into(),
            ..row(EntityKind::Manuscript, user)
        },
    )
    .await
}

fn inside(kind: EntityKind, user: &str, manuscript: &EntityRow) -> EntityRow {
    EntityRow {
        manuscript_id: Some(manuscript.id.clone()),
        ..row(kind, user)
    }
}

fn folder_in(user: &str, parent: Option<&EntityRow>, order: f64) -> EntityRow {
    EntityRow {
        folder_id: parent.map(|p| p.id.clone()),
        order,
        ..row(EntityKind::Folder, user)
    }
}

fn rule(result: Result<impl std::fmt::Debug, StoreError>) -> &'static str {
    match result {
        Err(StoreError::Rule(code)) => code,
        other => panic!("expected a rule refusal, got {other:?}"),
    }
}

fn not_found(result: Result<impl std::fmt::Debug, StoreError>) {
    assert!(matches!(result, Err(StoreError::NotFound)), "{result:?}");
}

pub async fn every_kind_is_stored_and_read_back(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let chapter = put(&store, &ana, inside(EntityKind::Chapter, &ana, &m)).await;
    for kind in EntityKind::ALL {
        if kind == EntityKind::Manuscript {
            continue;
        }
        let mut new = if kind == EntityKind::Folder {
            row(kind, &ana)
        } else {
            inside(kind, &ana, &m)
        };
        if kind.has_parent(quire_store::manuscripts::Parent::Chapter) && kind != EntityKind::Chapter
        {
            new.chapter_id = Some(chapter.id.clone());
        }
        new.hour = kind.has_hour().then_some(T - T % HOUR_MS);
        if kind.name_column().is_some() {
            new.name = format!("a {}", kind.table());
        }
        new.order = 2.5;
        new.doc = doc(json!({"meta": {"color": "#ff0000", "nested": [1, 2]}, "unknown": true}));
        let stored = put(&store, &ana, new.clone()).await;
        let got = store.get(&ana, kind, &new.id).await.expect("get");
        assert_eq!(got, stored, "{kind:?}");
        assert_eq!(got.doc, new.doc, "{kind:?}");
        assert_eq!(got.order, 2.5, "{kind:?}");
        assert_eq!(got.synced_at, Some(T), "{kind:?}");
        let listed = store
            .list_by_manuscript(&ana, kind, m_of(kind, &m))
            .await
            .expect("list");
        assert!(listed.iter().any(|r| r.id == new.id), "{kind:?}");
    }
}

fn m_of(kind: EntityKind, m: &EntityRow) -> Option<&str> {
    (kind != EntityKind::Folder).then_some(m.id.as_str())
}

pub async fn a_folder_cannot_go_inside_itself_or_one_of_its_subfolders(store: Store) {
    let ana = user(&store, "ana").await;
    let top = put(&store, &ana, folder_in(&ana, None, 0.0)).await;
    let mid = put(&store, &ana, folder_in(&ana, Some(&top), 0.0)).await;
    let leaf = put(&store, &ana, folder_in(&ana, Some(&mid), 0.0)).await;
    let move_top_into = |parent: &EntityRow| Patch {
        folder_id: Some(Some(parent.id.clone())),
        updated_at: T + 1,
        device_id: "device-a".into(),
        ..Patch::default()
    };
    let into_leaf = store
        .update(&ana, EntityKind::Folder, &top.id, move_top_into(&leaf), T)
        .await;
    assert_eq!(rule(into_leaf), "folder_cycle");
    let into_itself = store
        .update(&ana, EntityKind::Folder, &top.id, move_top_into(&top), T)
        .await;
    assert_eq!(rule(into_itself), "folder_cycle");
    let other = put(&store, &ana, folder_in(&ana, None, 1.0)).await;
    let moved = store
        .update(&ana, EntityKind::Folder, &top.id, move_top_into(&other), T)
        .await
        .expect("a move elsewhere is fine");
    assert_eq!(moved.row().folder_id.as_deref(), Some(other.id.as_str()));
}

pub async fn a_new_manuscript_gets_its_first_chapter(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let chapters = store
        .list_by_manuscript(&ana, EntityKind::Chapter, Some(&m.id))
        .await
        .unwrap();
    assert_eq!(chapters.len(), 1);
    assert_eq!(chapters[0].name, "Chapter 1");
    assert_eq!(chapters[0].order, 0.0);
    assert_eq!(chapters[0].user_id, ana);
    // A second put of the same manuscript is a replacement and adds no chapter.
    let again = EntityRow {
        updated_at: T + 5,
        ..m.clone()
    };
    put(&store, &ana, again).await;
    let chapters = store
        .list_by_manuscript(&ana, EntityKind::Chapter, Some(&m.id))
        .await
        .unwrap();
    assert_eq!(chapters.len(), 1);
}

pub async fn a_subchapter_needs_a_live_top_level_chapter_of_the_same_manuscript(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let other = manuscript(&store, &ana).await;
    let chapter = put(&store, &ana, inside(EntityKind::Chapter, &ana, &m)).await;
    let sub = put(
        &store,
        &ana,
        EntityRow {
            chapter_id: Some(chapter.id.clone()),
            ..inside(EntityKind::Chapter, &ana, &m)
        },
    )
    .await;
    let under_sub = EntityRow {
        chapter_id: Some(sub.id.clone()),
        ..inside(EntityKind::Chapter, &ana, &m)
    };
    assert_eq!(
        rule(store.put(&ana, under_sub, T).await),
        "parent_is_subchapter"
    );
    let under_missing = EntityRow {
        chapter_id: Some(Id::random().as_str().to_owned()),
        ..inside(EntityKind::Chapter, &ana, &m)
    };
    assert_eq!(
        rule(store.put(&ana, under_missing, T).await),
        "parent_chapter_does_not_exist"
    );
    let across_manuscripts = EntityRow {
        chapter_id: Some(chapter.id.clone()),
        ..inside(EntityKind::Chapter, &ana, &other)
    };
    assert_eq!(
        rule(store.put(&ana, across_manuscripts, T).await),
        "parent_chapter_does_not_exist"
    );
    let under_itself = EntityRow {
        chapter_id: Some(chapter.id.clone()),
        updated_at: T + 1,
        ..chapter.clone()
    };
    assert_eq!(
        rule(store.put(&ana, under_itself, T).await),
        "parent_is_self"
    );
    store
        .soft_delete(&ana, EntityKind::Chapter, &sub.id, DeleteMode::default(), T)
        .await
        .unwrap();
    store
        .soft_delete(
            &ana,
            EntityKind::Chapter,
            &chapter.id,
            DeleteMode::default(),
            T,
        )
        .await
        .unwrap();
    let under_deleted = EntityRow {
        chapter_id: Some(chapter.id.clone()),
        ..inside(EntityKind::Chapter, &ana, &m)
    };
    assert_eq!(
        rule(store.put(&ana, under_deleted, T).await),
        "parent_chapter_does_not_exist"
    );
}

pub async fn an_older_put_is_ignored_a_newer_one_applied_and_a_tie_goes_to_the_greater_device(
    store: Store,
) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let note = EntityRow {
        name: "v1".into(),
        updated_at: T + 100,
        last_device_id: "device-m".into(),
        ..inside(EntityKind::Note, &ana, &m)
    };
    put(&store, &ana, note.clone()).await;
    let older = EntityRow {
        name: "older".into(),
        updated_at: T + 50,
        last_device_id: "device-z".into(),
        ..note.clone()
    };
    match store.put(&ana, older, T).await.unwrap() {
        Written::Stale(stored) => assert_eq!(stored.name, "v1"),
        applied => panic!("an older write was applied: {applied:?}"),
    }
    let tie_lower_device = EntityRow {
        name: "tie-a".into(),
        last_device_id: "device-a".into(),
        ..note.clone()
    };
    assert!(matches!(
        store.put(&ana, tie_lower_device, T).await.unwrap(),
        Written::Stale(_)
    ));
    let tie_greater_device = EntityRow {
        name: "tie-z".into(),
        last_device_id: "device-z".into(),
        ..note.clone()
    };
    assert!(matches!(
        store.put(&ana, tie_greater_device, T).await.unwrap(),
        Written::Applied(_)
    ));
    let newer = EntityRow {
        name: "v2".into(),
        updated_at: T + 200,
        last_device_id: "device-a".into(),
        ..note.clone()
    };
    put(&store, &ana, newer).await;
    let stored = store.get(&ana, EntityKind::Note, &note.id).await.unwrap();
    assert_eq!(stored.name, "v2");
    assert_eq!(stored.created_at, note.created_at);
    let stale_patch = Patch {
        name: Some("late".into()),
        updated_at: T + 150,
        device_id: "device-z".into(),
        ..Patch::default()
    };
    assert!(matches!(
        store
            .update(&ana, EntityKind::Note, &note.id, stale_patch, T)
            .await
            .unwrap(),
        Written::Stale(_)
    ));
}

pub async fn a_partial_update_merges_into_the_doc(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let element = put(
        &store,
        &ana,
        EntityRow {
            name: "Ana".into(),
            doc: doc(json!({"meta": {"type": "character"}, "color": "red", "drop": 1})),
            ..inside(EntityKind::Element, &ana, &m)
        },
    )
    .await;
    let patch = Patch {
        doc: doc(json!({"color": "blue", "drop": null, "tags": ["x"]})),
        order: Some(4.0),
        updated_at: T + 10,
        device_id: "device-b".into(),
        ..Patch::default()
    };
    let written = store
        .update(&ana, EntityKind::Element, &element.id, patch, T + 20)
        .await
        .unwrap();
    let stored = store
        .get(&ana, EntityKind::Element, &element.id)
        .await
        .unwrap();
    assert_eq!(&stored, written.row());
    assert_eq!(
        Value::Object(stored.doc),
        json!({"meta": {"type": "character"}, "color": "blue", "tags": ["x"]})
    );
    assert_eq!(stored.name, "Ana");
    assert_eq!(stored.order, 4.0);
    assert_eq!(stored.updated_at, T + 10);
    assert_eq!(stored.synced_at, Some(T + 20));
    assert_eq!(stored.last_device_id, "device-b");
}

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

pub async fn another_users_rows_are_invisible_and_unmodifiable(store: Store) {
    let ana = user(&store, "ana").await;
    let bob = user(&store, "bob").await;
    let m = manuscript(&store, &ana).await;
    let note = put(&store, &ana, inside(EntityKind::Note, &ana, &m)).await;
    let kind = EntityKind::Note;
    not_found(store.get(&bob, kind, &note.id).await);
    not_found(store.get(&bob, EntityKind::Manuscript, &m.id).await);
    assert!(
        store
            .list_by_manuscript(&bob, kind, Some(&m.id))
            .await
            .unwrap()
            .is_empty()
    );
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
