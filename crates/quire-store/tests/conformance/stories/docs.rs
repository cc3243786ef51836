//! The chapter documents' update log.

use quire_core::doc_log::LoggedUpdate;
use quire_store::Store;
use quire_store::manuscripts::EntityKind;

use super::{T, inside, manuscript, put, user};

pub async fn the_update_log_reads_after_a_number_and_says_when_a_compaction_folded_it(
    store: Store,
) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let chapter = put(&store, &ana, inside(EntityKind::Chapter, &ana, &m)).await;
    let doc = chapter.id.as_str();
    assert_eq!(store.doc_since(doc, 0).await.unwrap(), Some(vec![]));

    let seqs = store
        .doc_append(doc, &[vec![1], vec![2], vec![3]])
        .await
        .unwrap();
    assert_eq!(seqs, vec![1, 2, 3]);
    assert_eq!(
        store.doc_since(doc, 1).await.unwrap(),
        Some(vec![(2, vec![2]), (3, vec![3])])
    );
    assert_eq!(store.doc_since(doc, 3).await.unwrap(), Some(vec![]));

    assert!(store.doc_swap_snapshot(doc, 0, &[9], 2).await.unwrap());
    // From the snapshot on, the log answers; before it, the caller must load the document.
    assert_eq!(
        store.doc_since(doc, 2).await.unwrap(),
        Some(vec![(3, vec![3])])
    );
    assert_eq!(store.doc_since(doc, 1).await.unwrap(), None);
    assert!(store.doc_swap_snapshot(doc, 2, &[9, 9], 3).await.unwrap());
    assert_eq!(store.doc_since(doc, 2).await.unwrap(), None);
    assert_eq!(store.doc_since(doc, 3).await.unwrap(), Some(vec![]));
    let stored = store.doc_load(doc).await.unwrap();
    assert_eq!(
        (stored.snapshot, stored.snapshot_seq),
        (Some(vec![9, 9]), 3)
    );
    assert!(stored.updates.is_empty());
}

/// Writers at once — chapter puts (which read before they write) beside appends to the update
/// log — all succeed: none fails with "database is locked" because another one committed
/// between its read and its write (SQLite write transactions take the lock up front).
pub async fn concurrent_writers_wait_for_each_other_instead_of_failing(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let chapter = put(&store, &ana, inside(EntityKind::Chapter, &ana, &m)).await;
    let doc = chapter.id.clone();
    let mut tasks = tokio::task::JoinSet::new();
    for writer in 0..8u8 {
        let (store, ana, m, doc) = (store.clone(), ana.clone(), m.clone(), doc.clone());
        tasks.spawn(async move {
            for round in 0..10u8 {
                if writer % 2 == 0 {
                    store
                        .doc_append(&doc, &[vec![writer, round]])
                        .await
                        .map(|_| ())
                        .map_err(|e| e.to_string())?;
                } else {
                    let row = inside(EntityKind::Chapter, &ana, &m);
                    store
                        .put(&ana, row, super::T)
                        .await
                        .map(|_| ())
                        .map_err(|e| e.to_string())?;
                }
            }
            Ok::<(), String>(())
        });
    }
    while let Some(done) = tasks.join_next().await {
        done.expect("the writer task")
            .expect("every write succeeds");
    }
    let log = store.doc_since(&doc, 0).await.unwrap().expect("the log");
    assert_eq!(log.len(), 40, "every append is in the log once");
}

/// Several documents' appends in one transaction (the collab server's group commit): each
/// gets the numbers after its own head, in the order given, and a batch that cannot be stored
/// whole stores nothing.
pub async fn appends_to_several_documents_commit_together_in_order_or_not_at_all(store: Store) {
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let a = put(&store, &ana, inside(EntityKind::Chapter, &ana, &m))
        .await
        .id
        .as_str()
        .to_owned();
    let b = put(&store, &ana, inside(EntityKind::Chapter, &ana, &m))
        .await
        .id
        .as_str()
        .to_owned();
    assert_eq!(store.doc_append(&a, &[vec![1]]).await.unwrap(), vec![1]);

    let (two, one, none) = (vec![vec![2], vec![3]], vec![vec![4]], Vec::new());
    let seqs = store
        .doc_append_many(&[(&b, &two), (&a, &two), (&a, &none), (&b, &one)])
        .await
        .unwrap();
    assert_eq!(seqs, vec![vec![1, 2], vec![2, 3], vec![], vec![3]]);
    assert_eq!(
        store.doc_since(&a, 0).await.unwrap(),
        Some(vec![(1, vec![1]), (2, vec![2]), (3, vec![3])])
    );
    assert_eq!(
        store.doc_since(&b, 0).await.unwrap(),
        Some(vec![(1, vec![2]), (2, vec![3]), (3, vec![4])])
    );

    // A document whose chapter does not exist fails the whole transaction.
    let missing = "0000000000000000000000".to_owned();
    assert!(
        store
            .doc_append_many(&[(&a, &one), (&missing, &one)])
            .await
            .is_err()
    );
    assert_eq!(store.doc_since(&a, 3).await.unwrap(), Some(vec![]));
}

/// On PostgreSQL a batch rings the doorbell for every document it wrote (in one statement, on
/// commit), a document written twice in it among them; on SQLite there is no doorbell.
pub async fn a_batch_rings_the_doorbell_for_each_document_it_wrote(store: Store) {
    use quire_store::docs::Ring;
    let Some(mut doorbell) = store.doorbell().await.unwrap() else {
        assert_eq!(store.backend(), quire_store::Backend::Sqlite);
        return;
    };
    let ana = user(&store, "ana").await;
    let m = manuscript(&store, &ana).await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        let chapter = put(&store, &ana, inside(EntityKind::Chapter, &ana, &m)).await;
        ids.push(chapter.id.as_str().to_owned());
    }
    let (one, none) = (vec![vec![1]], Vec::new());
    store
        .doc_append_many(&[
            (&ids[0], &one),
            (&ids[1], &one),
            (&ids[0], &one),
            (&ids[2], &none),
        ])
        .await
        .unwrap();
    let mut rung = Vec::new();
    while rung.len() < 2 {
        let ring = tokio::time::timeout(std::time::Duration::from_secs(5), doorbell.next())
            .await
            .expect("a ring within 5 s")
            .unwrap();
        match ring {
            Ring::Doc(id) => rung.push(id),
            Ring::Reconnected => {}
        }
    }
    // The rings of one commit arrive together: nothing more comes for the unwritten one.
    let more = tokio::time::timeout(std::time::Duration::from_millis(300), doorbell.next()).await;
    assert!(more.is_err(), "an extra ring: {more:?}");
    rung.sort();
    let mut written = vec![ids[0].clone(), ids[1].clone()];
    written.sort();
    assert_eq!(
        rung, written,
        "each document written, once; none for one not written"
    );
}

/// Checking and loading many documents in one statement answers each as checking or loading it
/// alone does: for the owner, a Viewer, a Commenter and a stranger; for a document with a
/// snapshot and updates, one of several appends, one never written; an id given twice, an
/// unknown one, and more ids than one statement takes.
pub async fn many_documents_are_checked_and_loaded_together_as_each_would_be_alone(store: Store) {
    use quire_core::manuscript::SharePermission;
    let ana = user(&store, "ana").await;
    let bob = user(&store, "bob").await;
    let cy = user(&store, "cy").await;
    let dan = user(&store, "dan").await;
    let m = manuscript(&store, &ana).await;
    let mut ids = Vec::new();
    for _ in 0..66 {
        ids.push(
            put(&store, &ana, inside(EntityKind::Chapter, &ana, &m))
                .await
                .id,
        );
    }
    store
        .doc_append(&ids[0], &[vec![1], vec![2]])
        .await
        .unwrap();
    store.doc_append(&ids[0], &[vec![3]]).await.unwrap();
    assert!(store.doc_swap_snapshot(&ids[0], 0, &[9], 2).await.unwrap());
    store.doc_append(&ids[0], &[vec![4]]).await.unwrap();
    // ids[1] is left never written; from ids[2] on, each holds 0, 1 or 2 appends.
    for (n, id) in ids.iter().enumerate().skip(2) {
        for part in 0..(n % 3) {
            store
                .doc_append(id, &[vec![n as u8, part as u8]])
                .await
                .unwrap();
        }
    }
    for (who, permission) in [
        (&bob, SharePermission::Read),
        (&cy, SharePermission::Comment),
    ] {
        store
            .set_grant(&ana, &m.id, who, Some(permission), T)
            .await
            .unwrap();
    }
    let mut asked: Vec<&str> = ids.iter().map(String::as_str).collect();
    asked.extend([ids[0].as_str(), "AAAAAAAAAAAAAAAAAAAAAA", ids[5].as_str()]);

    for actor in [&ana, &bob, &cy, &dan] {
        let together = store.doc_opening_many(actor, &asked).await.unwrap();
        assert_eq!(together.len(), asked.len());
        for (id, got) in asked.iter().zip(together) {
            let alone = store.doc_opening(actor, id).await;
            assert_eq!(
                format!("{got:?}"),
                format!("{alone:?}"),
                "{actor} opening {id}"
            );
        }
    }
    assert_eq!(
        store.doc_opening_many(&ana, &[]).await.unwrap().len(),
        0,
        "nothing asked, nothing answered"
    );
    let loaded = store.doc_load_many(&asked).await.unwrap();
    assert_eq!(loaded.len(), asked.len());
    for (id, got) in asked.iter().zip(loaded) {
        assert_eq!(got, store.doc_load(id).await.unwrap(), "loading {id}");
    }
    let first = store.doc_load(&ids[0]).await.unwrap();
    assert_eq!(
        (first.snapshot, first.snapshot_seq, first.updates),
        (
            Some(vec![9]),
            2,
            vec![
                LoggedUpdate {
                    seq: 3,
                    update: vec![3]
                },
                LoggedUpdate {
                    seq: 4,
                    update: vec![4]
                }
            ]
        )
    );
}
