//! The collaboration socket `/api/v4/collab` (ADR 0010) over real sockets, speaking the
//! Hocuspocus v4 framing as a provider would: who may open which chapter and how, that an
//! update is acknowledged once stored and reaches the other devices, and that bad input is
//! refused without harming the document or the other clients.

use futures_util::{SinkExt, StreamExt};
use quire_testkit::{Db, TestApp};
use serde_json::json;
use tokio_tungstenite::tungstenite::{self, Message};
use yrs::encoding::write::Write;
use yrs::updates::decoder::Decode;
use yrs::updates::encoder::Encode;
use yrs::{
    Doc, GetString, ReadTxn, StateVector, Transact, Update, XmlElementPrelim, XmlFragment,
    XmlTextPrelim,
};

use crate::chapter_content::writer_with_a_chapter;
use crate::collab_client::{
    COLLAB, Client, EXPECT, Heard, PASSWORD, auth, frame, id, paragraph, sync, text_of,
};

#[tokio::test]
async fn an_update_is_acknowledged_once_stored_and_reaches_the_other_devices() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        let mut laptop = Client::open(&app, "ada@example.com").await;
        let mut phone = Client::open(&app, "ada@example.com").await;
        let (scope, state) = laptop.join(&c1).await;
        assert_eq!(scope, "read-write");
        assert_eq!(text_of(&state), "");
        phone.join(&c1).await;

        let update = paragraph(7, "The night train left at nine.");
        laptop.send(sync(&c1, 2, &update)).await;
        assert_eq!(laptop.next().await, (c1.clone(), Heard::Status(true)));
        let (_, heard) = phone.next().await;
        let Heard::Update(relayed) = heard else {
            panic!("expected the update, got {heard:?}");
        };
        assert_eq!(text_of(&relayed), "The night train left at nine.");
        laptop.quiet().await;
        assert!(app.state.store.doc_exists(&c1).await.expect("a read"));

        // The same update again is harmless: acknowledged, not relayed, not stored twice.
        laptop.send(sync(&c1, 2, &update)).await;
        assert_eq!(laptop.next().await.1, Heard::Status(true));
        phone.quiet().await;
        let stored = app.state.store.doc_load(&c1).await.expect("a read");
        assert_eq!(stored.updates.len(), 1);

        // A device that comes later gets everything in its first sync.
        let mut tablet = Client::open(&app, "ada@example.com").await;
        let (_, state) = tablet.join(&c1).await;
        assert_eq!(text_of(&state), "The night train left at nine.");
    }
}

#[tokio::test]
async fn collaborators_get_the_scope_their_grant_gives_and_strangers_nothing() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        for (name, email) in [
            ("Ed", "ed@example.com"),
            ("Vi", "vi@example.com"),
            ("Eve", "eve@example.com"),
        ] {
            app.sign_up_as(&app.new_client(), name, email, PASSWORD)
                .await;
        }
        for (email, permission) in [("ed@example.com", 1), ("vi@example.com", 3)] {
            app.post_json(
                "manuscripts/share",
                &json!({"manuscript_id": id("m1"), "email": email, "permissions": permission}),
            )
            .await
            .data();
        }
        let mut ada = Client::open(&app, "ada@example.com").await;
        ada.join(&c1).await;

        let mut editor = Client::open(&app, "ed@example.com").await;
        assert_eq!(editor.join(&c1).await.0, "read-write");
        editor
            .send(sync(&c1, 2, &paragraph(11, "Edited by Ed.")))
            .await;
        assert_eq!(editor.next().await.1, Heard::Status(true));
        assert!(matches!(ada.next().await.1, Heard::Update(_)));

        // A Viewer reads; its updates are refused and nothing of them is stored or relayed.
        let mut viewer = Client::open(&app, "vi@example.com").await;
        let (scope, state) = viewer.join(&c1).await;
        assert_eq!(scope, "readonly");
        assert_eq!(text_of(&state), "Edited by Ed.");
        viewer.send(sync(&c1, 2, &paragraph(12, "Vandalism"))).await;
        assert_eq!(viewer.next().await.1, Heard::Status(false));
        ada.quiet().await;
        let stored = app.state.store.doc_load(&c1).await.expect("a read");
        assert_eq!(stored.updates.len(), 1);

        // Someone else, and a chapter that does not exist, are denied alike.
        let mut eve = Client::open(&app, "eve@example.com").await;
        eve.send(auth(&c1)).await;
        assert_eq!(eve.next().await.1, Heard::Denied("not_found".into()));
        eve.send(sync(&c1, 2, &paragraph(13, "Intrusion"))).await;
        eve.quiet().await;
        ada.send(auth(&id("nope"))).await;
        assert_eq!(ada.next().await.1, Heard::Denied("not_found".into()));
        ada.send(auth("../etc/passwd")).await;
        assert_eq!(ada.next().await.1, Heard::Denied("not_found".into()));

        // Removing the Editor's grant.
        app.post_json(
            "manuscripts/share",
            &json!({"manuscript_id": id("m1"), "email": "ed@example.com", "permissions": 0}),
        )
        .await;
        // The open socket is reset (it reconnects and authenticates again) …
        assert_eq!(editor.close_code().await, 4205);
        // … and a new authentication is denied.
        let mut editor_again = Client::open(&app, "ed@example.com").await;
        editor_again.send(auth(&c1)).await;
        assert_eq!(
            editor_again.next().await.1,
            Heard::Denied("not_found".into())
        );
    }
}

#[tokio::test]
async fn trashing_a_manuscript_and_recovering_it_reset_its_open_chapters_both_times() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        app.sign_up_as(&app.new_client(), "Ed", "ed@example.com", PASSWORD)
            .await;
        app.post_json(
            "manuscripts/share",
            &json!({"manuscript_id": id("m1"), "email": "ed@example.com", "permissions": 1}),
        )
        .await
        .data();
        let mut editor = Client::open(&app, "ed@example.com").await;
        assert_eq!(editor.join(&c1).await.0, "read-write");

        // In the trash its chapters are read-only: the open socket authenticates again.
        app.delete(&format!("manuscripts/{}", id("m1")))
            .await
            .data();
        assert_eq!(editor.close_code().await, 4205);
        let mut editor = Client::open(&app, "ed@example.com").await;
        assert_eq!(editor.join(&c1).await.0, "readonly");

        // Recovered, they are writable again, and the open socket learns it the same way.
        app.get(&format!("manuscripts/undelete/{}", id("m1")))
            .await
            .data();
        assert_eq!(editor.close_code().await, 4205);
        let mut editor = Client::open(&app, "ed@example.com").await;
        assert_eq!(editor.join(&c1).await.0, "read-write");
    }
}

/// What a device holding `state` sends after `edit`, as client `client`.
fn edit_of(state: &[u8], client: u64, edit: impl FnOnce(&mut yrs::TransactionMut)) -> Vec<u8> {
    let doc = Doc::with_client_id(client);
    doc.transact_mut()
        .apply_update(Update::decode_v1(state).expect("a state"))
        .expect("applies");
    let before = doc.transact().state_vector();
    edit(&mut doc.transact_mut());
    doc.transact().encode_state_as_update_v1(&before)
}

/// The text of the chapter's first paragraph.
fn first_text(txn: &mut yrs::TransactionMut) -> yrs::XmlTextRef {
    use yrs::{WriteTxn, XmlOut};
    let root = txn.get_or_insert_xml_fragment("default");
    let Some(XmlOut::Element(p)) = root.get(txn, 0) else {
        panic!("no paragraph")
    };
    let Some(XmlOut::Text(text)) = p.get(txn, 0) else {
        panic!("no text")
    };
    text
}

#[tokio::test]
async fn a_commenter_adds_comments_and_their_anchors_but_never_text() {
    use yrs::{Map, MapPrelim, Text, WriteTxn};
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        app.sign_up_as(&app.new_client(), "Co", "co@example.com", PASSWORD)
            .await;
        app.post_json(
            "manuscripts/share",
            &json!({"manuscript_id": id("m1"), "email": "co@example.com", "permissions": 2}),
        )
        .await
        .data();
        let mut ada = Client::open(&app, "ada@example.com").await;
        ada.join(&c1).await;
        ada.send(sync(&c1, 2, &paragraph(11, "It was late at night.")))
            .await;
        assert_eq!(ada.next().await.1, Heard::Status(true));

        // The framing has no third scope: the Commenter's device is told read-write …
        let mut commenter = Client::open(&app, "co@example.com").await;
        let (scope, state) = commenter.join(&c1).await;
        assert_eq!(scope, "read-write");

        // … and a thread with its anchor in the text is taken, stored and relayed.
        let comment = edit_of(&state, 21, |txn| {
            txn.get_or_insert_map("comments").insert(
                txn,
                "t1",
                MapPrelim::from([("body", "Too slow?")]),
            );
            let mut anchor = yrs::types::Attrs::new();
            anchor.insert(
                "comment".into(),
                yrs::Any::from_json(r#"{"id": "t1"}"#).expect("json"),
            );
            first_text(txn).format(txn, 7, 4, anchor);
        });
        commenter.send(sync(&c1, 2, &comment)).await;
        assert_eq!(commenter.next().await.1, Heard::Status(true));
        assert!(matches!(ada.next().await.1, Heard::Update(_)));
        let derived = app.state.collab.state(&c1).await.expect("a state");
        assert_eq!(text_of(&derived), "It was late at night.");

        // Text typed, or a bold mark, is refused: not stored, not relayed.
        for edit in [
            edit_of(&derived, 21, |txn| first_text(txn).insert(txn, 0, "So ")),
            edit_of(&derived, 21, |txn| {
                let mut bold = yrs::types::Attrs::new();
                bold.insert("bold".into(), yrs::Any::from_json("{}").expect("json"));
                first_text(txn).format(txn, 0, 2, bold);
            }),
        ] {
            commenter.send(sync(&c1, 2, &edit)).await;
            assert_eq!(commenter.next().await.1, Heard::Status(false));
        }
        ada.quiet().await;
        let stored = app.state.store.doc_load(&c1).await.expect("a read");
        assert_eq!(stored.updates.len(), 2, "Ada's paragraph and the comment");
        assert_eq!(
            text_of(&app.state.collab.state(&c1).await.expect("a state")),
            "It was late at night."
        );
        app.stop().await;
    }
}

#[tokio::test]
async fn the_auth_frame_of_the_stock_provider_with_its_version_opens_the_chapter() {
    let app = writer_with_a_chapter(Db::Sqlite).await;
    let c1 = id("c1");
    let mut provider = Client::open(&app, "ada@example.com").await;
    // What `@hocuspocus/provider` 4.8 sends: the token, then its own version.
    provider
        .send(frame(&c1, 2, |o| {
            o.write_var(0u32);
            o.write_string("");
            o.write_string("4.8.0");
        }))
        .await;
    assert_eq!(
        provider.next().await,
        (c1.clone(), Heard::Authenticated("read-write".into()))
    );
    provider
        .send(sync(&c1, 0, &StateVector::default().encode_v1()))
        .await;
    assert!(matches!(provider.next().await.1, Heard::Step2(_)));
    assert!(matches!(provider.next().await.1, Heard::Step1(_)));
}

#[tokio::test]
async fn the_upgrade_needs_a_session_and_our_own_origin() {
    let app = writer_with_a_chapter(Db::Sqlite).await;
    let refused = Client::connect(&app.ws_url(COLLAB), None, None).await;
    assert!(
        matches!(refused, Err(tungstenite::Error::Http(ref r)) if r.status() == 401),
        "{:?}",
        refused.err()
    );
    let cookie = app.session_cookie("ada@example.com", PASSWORD).await;
    let foreign = Client::connect(
        &app.ws_url(COLLAB),
        Some(&cookie),
        Some("https://evil.example"),
    )
    .await;
    assert!(
        matches!(foreign, Err(tungstenite::Error::Http(ref r)) if r.status() == 403),
        "{:?}",
        foreign.err()
    );

    // Logging out closes the session's collaboration sockets.
    let mut socket = Client::connect(&app.ws_url(COLLAB), Some(&cookie), None)
        .await
        .expect("opens");
    socket.join(&id("c1")).await;
    let answer = reqwest::Client::new()
        .get(app.url("/api/v4/auth/logout"))
        .header("x-requested-with", "quire")
        .header("cookie", &cookie)
        .send()
        .await
        .expect("logout");
    assert!(answer.status().is_success());
    assert_eq!(socket.close_code().await, 4001);
}

#[tokio::test]
async fn bad_input_closes_only_the_socket_that_sent_it_and_stores_nothing() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        let mut good = Client::open(&app, "ada@example.com").await;
        good.join(&c1).await;
        good.send(sync(&c1, 2, &paragraph(21, "Kept safe."))).await;
        assert_eq!(good.next().await.1, Heard::Status(true));

        // A frame that does not decode.
        let mut bad = Client::open(&app, "ada@example.com").await;
        bad.send(vec![3, b'a', b'b']).await;
        assert_eq!(bad.close_code().await, 1007);

        // An update whose bytes are not a Yjs update.
        let mut bad = Client::open(&app, "ada@example.com").await;
        bad.join(&c1).await;
        bad.send(sync(&c1, 2, &[0xff; 64])).await;
        assert_eq!(bad.close_code().await, 1007);

        // Text frames are not the protocol.
        let mut bad = Client::open(&app, "ada@example.com").await;
        bad.ws
            .send(Message::text("{\"hello\":1}"))
            .await
            .expect("sent");
        assert_eq!(bad.close_code().await, 1003);

        // A frame over the limit ends the connection.
        let mut bad = Client::open(&app, "ada@example.com").await;
        bad.join(&c1).await;
        let huge = sync(&c1, 2, &vec![0u8; 9 * 1024 * 1024]);
        let _ = bad.ws.send(Message::binary(huge)).await;
        let ended = tokio::time::timeout(EXPECT, bad.ws.next())
            .await
            .expect("ends in time");
        assert!(
            !matches!(ended, Some(Ok(Message::Binary(_)))),
            "the oversized frame was answered: {ended:?}"
        );

        // The document and the good client are unaffected.
        good.send(sync(&c1, 2, &paragraph(22, "Still here."))).await;
        assert_eq!(good.next().await.1, Heard::Status(true));
        let stored = app.state.store.doc_load(&c1).await.expect("a read");
        assert_eq!(stored.updates.len(), 2);
        let mut check = Client::open(&app, "ada@example.com").await;
        let (_, state) = check.join(&c1).await;
        assert_eq!(text_of(&state), "Kept safe.\nStill here.");
    }
}

#[tokio::test]
async fn a_device_that_was_offline_merges_by_state_vector_without_losing_words() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        // Both devices start from the server's state, then write apart.
        let mut laptop = Client::open(&app, "ada@example.com").await;
        laptop.join(&c1).await;
        laptop
            .send(sync(&c1, 2, &paragraph(31, "Shared opening.")))
            .await;
        assert_eq!(laptop.next().await.1, Heard::Status(true));

        let phone_doc = Doc::with_client_id(32);
        {
            let mut txn = phone_doc.transact_mut();
            let (_, state) = (0, app_state(&app, &c1).await);
            txn.apply_update(Update::decode_v1(&state).expect("decodes"))
                .expect("applies");
        }
        let before = phone_doc.transact().state_vector();
        {
            let fragment = phone_doc.get_or_insert_xml_fragment("default");
            let mut txn = phone_doc.transact_mut();
            let p = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
            p.push_back(&mut txn, XmlTextPrelim::new("Written on the train."));
        }
        laptop
            .send(sync(&c1, 2, &paragraph(33, "Written at the desk.")))
            .await;
        assert_eq!(laptop.next().await.1, Heard::Status(true));

        // The phone reconnects: step 1 with its state vector, the server's step 2 holds only
        // what it lacks, and the phone's step 2 holds only what the server lacks.
        let mut phone = Client::open(&app, "ada@example.com").await;
        phone.send(auth(&c1)).await;
        assert_eq!(
            phone.next().await.1,
            Heard::Authenticated("read-write".into())
        );
        let sv = phone_doc.transact().state_vector().encode_v1();
        phone.send(sync(&c1, 0, &sv)).await;
        let Heard::Step2(missing) = phone.next().await.1 else {
            panic!("expected step 2");
        };
        let Heard::Step1(server_sv) = phone.next().await.1 else {
            panic!("expected step 1");
        };
        phone_doc
            .transact_mut()
            .apply_update(Update::decode_v1(&missing).expect("decodes"))
            .expect("applies");
        let server_sv = StateVector::decode_v1(&server_sv).expect("decodes");
        let ours = phone_doc.transact().encode_state_as_update_v1(&server_sv);
        phone.send(sync(&c1, 1, &ours)).await;
        assert_eq!(phone.next().await.1, Heard::Status(true));
        assert!(matches!(laptop.next().await.1, Heard::Update(_)));
        assert_ne!(before, phone_doc.transact().state_vector());

        let merged = text_of(&app_state(&app, &c1).await);
        for words in [
            "Shared opening.",
            "Written on the train.",
            "Written at the desk.",
        ] {
            assert!(merged.contains(words), "{words:?} lost from {merged:?}");
        }
        let phone_text = phone_doc
            .get_or_insert_xml_fragment("default")
            .get_string(&phone_doc.transact());
        assert!(phone_text.contains("Written at the desk."));
    }
}

/// Every room's log writes go through one writer that commits whatever is waiting in one
/// transaction: each append is answered with its own document's numbers once stored, and a
/// document that cannot be stored (its chapter is gone) fails alone, not the others.
#[tokio::test]
async fn the_rooms_appends_are_committed_together_and_one_that_fails_fails_alone() {
    use quire_collab::UpdateLog;
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let mut chapters = vec![id("c1")];
        for name in ["c2", "c3", "c4"] {
            app.put_json(
                &format!("chapters/put/{}", id(name)),
                &json!({"manuscript_id": id("m1"), "name": name}),
            )
            .await
            .data();
            chapters.push(id(name));
        }
        let log = quire_server::collab::StoreLog::new(app.state.store.clone());
        let gone = id("gone");
        for round in 1..=2u8 {
            let appends = chapters.iter().chain([&gone]).enumerate().map(|(i, doc)| {
                let log = log.clone();
                let update = vec![round, i as u8];
                async move { log.append(doc, &[update.clone(), update]).await }
            });
            let answers = futures_util::future::join_all(appends).await;
            let first = i64::from(round) * 2 - 1;
            for answer in &answers[..chapters.len()] {
                assert_eq!(answer.as_ref().expect("stored"), &vec![first, first + 1]);
            }
            assert!(answers[chapters.len()].is_err(), "no chapter, no document");
        }
        for (i, doc) in chapters.iter().enumerate() {
            let stored = app.state.store.doc_load(doc).await.expect("a read");
            let expected: Vec<quire_collab::LoggedUpdate> = (1..=4)
                .map(|seq| quire_collab::LoggedUpdate {
                    seq,
                    update: vec![(seq as u8).div_ceil(2), i as u8],
                })
                .collect();
            assert_eq!(stored.updates, expected);
        }
    }
}

/// The writer spaces its commits while appends keep coming: a room's append made as soon as
/// its last one was answered waits until [`COMMIT_SPACING`](quire_server::collab::COMMIT_SPACING)
/// after that one's commit began, so ten in a row take nine spacings at least; each is stored.
#[tokio::test]
async fn appends_one_after_another_are_committed_no_closer_than_the_spacing() {
    use quire_collab::UpdateLog;
    use quire_server::collab::COMMIT_SPACING;
    const APPENDS: u8 = 10;
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let log = quire_server::collab::StoreLog::new(app.state.store.clone());
        let started = std::time::Instant::now();
        for n in 1..=APPENDS {
            let seqs = log.append(&id("c1"), &[vec![n]]).await.expect("stored");
            assert_eq!(seqs, vec![i64::from(n)]);
        }
        let elapsed = started.elapsed();
        let least = COMMIT_SPACING * u32::from(APPENDS - 1);
        assert!(
            elapsed >= least,
            "{APPENDS} commits in {elapsed:?}, under {least:?}"
        );
        let stored = app.state.store.doc_load(&id("c1")).await.expect("a read");
        let expected: Vec<quire_collab::LoggedUpdate> = (1..=APPENDS)
            .map(|n| quire_collab::LoggedUpdate {
                seq: i64::from(n),
                update: vec![n],
            })
            .collect();
        assert_eq!(stored.updates, expected);
    }
}

/// The server's whole state of a document, as a fresh client would get it.
async fn app_state(app: &TestApp, chapter: &str) -> Vec<u8> {
    app.state.collab.state(chapter).await.expect("a state")
}

/// A device opening a novel sends every chapter's `Auth` and sync request at once; the socket
/// checks them together, and each is still answered as if opened alone: the owner gets each
/// chapter's own text, a Viewer the same texts read-only, and an unknown chapter or a name that
/// is no chapter id is denied without holding up the others.
#[tokio::test]
async fn chapters_opened_at_once_are_each_answered_as_if_opened_alone() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let chapters: Vec<String> = (2..=12).map(|n| id(&format!("c{n}"))).collect();
        let mut writer = Client::open(&app, "ada@example.com").await;
        for (n, chapter) in chapters.iter().enumerate() {
            app.put_json(
                &format!("chapters/put/{chapter}"),
                &json!({"manuscript_id": id("m1"), "name": format!("Chapter {n}")}),
            )
            .await
            .data();
            writer.join(chapter).await;
            let text = paragraph(100 + n as u64, &format!("Text of chapter {n}."));
            writer.send(sync(chapter, 2, &text)).await;
            assert_eq!(writer.next().await.1, Heard::Status(true));
        }
        app.sign_up_as(&app.new_client(), "Vi", "vi@example.com", PASSWORD)
            .await;
        app.post_json(
            "manuscripts/share",
            &json!({"manuscript_id": id("m1"), "email": "vi@example.com", "permissions": 3}),
        )
        .await
        .data();
        let refused = [id("nope"), "../etc/passwd".to_owned()];

        for (email, scope) in [
            ("ada@example.com", "read-write"),
            ("vi@example.com", "readonly"),
        ] {
            let mut device = Client::open(&app, email).await;
            let empty = StateVector::default().encode_v1();
            device
                .send_all(
                    chapters
                        .iter()
                        .chain(&refused)
                        .flat_map(|key| [auth(key), sync(key, 0, &empty)]),
                )
                .await;
            let mut scopes = std::collections::HashMap::new();
            let mut texts = std::collections::HashMap::new();
            let mut denied = std::collections::HashMap::new();
            let mut asked_back = 0;
            while asked_back < chapters.len() || denied.len() < refused.len() {
                match device.next().await {
                    (key, Heard::Authenticated(scope)) => scopes.insert(key, scope),
                    (key, Heard::Step2(state)) => texts.insert(key, text_of(&state)),
                    (key, Heard::Denied(reason)) => denied.insert(key, reason),
                    (key, Heard::Step1(_)) => {
                        assert!(texts.contains_key(&key), "step 1 follows step 2");
                        asked_back += 1;
                        None
                    }
                    other => panic!("{email}: unexpected {other:?}"),
                };
            }
            for (n, chapter) in chapters.iter().enumerate() {
                assert_eq!(scopes[chapter], scope, "{email}: scope of chapter {n}");
                assert_eq!(texts[chapter], format!("Text of chapter {n}."), "{email}");
            }
            for key in &refused {
                assert_eq!(denied[key], "not_found", "{email}: {key}");
                assert!(!scopes.contains_key(key));
            }
            device.quiet().await;
        }
    }
}
