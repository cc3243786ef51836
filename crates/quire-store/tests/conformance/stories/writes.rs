//! Writing and reading: every kind, folder cycles, the first chapter, the chapter tree, last-writer-wins and partial updates.

use super::*;

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

pub async fn a_manuscript_has_one_word_count_row_per_hour(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let hour = T - T % HOUR_MS;
    let count = |hour: Option<i64>| EntityRow {
        hour,
        doc: doc(json!({"words": 120})),
        ..inside(EntityKind::WordCount, &ana, &m)
    };
    put(&store, &ana, count(Some(hour))).await;
    let same_hour = store.put(&ana, count(Some(hour)), T).await;
    assert!(
        matches!(same_hour, Err(StoreError::Conflict("hour"))),
        "{same_hour:?}"
    );
    put(&store, &ana, count(Some(hour + HOUR_MS))).await;
    assert_eq!(rule(store.put(&ana, count(None), T).await), "hour_required");
}
