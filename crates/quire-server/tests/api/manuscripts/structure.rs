//! Structure and ordering: a section deleted with or without its chapters, promote and demote,
//! and where new research items go.

use super::*;

#[tokio::test]
async fn deleting_a_section_moves_its_chapters_up_or_takes_them_along() {
    for db in Db::all() {
        let app = signed_up(db).await;
        manuscript(&app, "m1", "Novel").await;
        let m = id("m1");
        for g in ["g1", "g2"] {
            put(
                &app,
                "groups",
                &id(g),
                json!({"manuscript_id": m, "name": g, "type": "chapters"}),
            )
            .await
            .data();
        }
        put(
            &app,
            "chapters",
            &id("a"),
            json!({"manuscript_id": m, "name": "A", "group_id": id("g1"), "_order": 2}),
        )
        .await
        .data();
        put(
            &app,
            "chapters",
            &id("b"),
            json!({"manuscript_id": m, "name": "B", "group_id": id("g2")}),
        )
        .await
        .data();
        app.delete(&format!("groups/{}", id("g1"))).await.data();
        app.delete(&format!("groups/{}?children=delete", id("g2")))
            .await
            .data();
        let tree = app.get(&format!("manuscripts/{m}")).await;
        let a = tree.data()["chapters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "A")
            .unwrap()
            .clone();
        assert_eq!(a["group_id"], Value::Null);
        assert_eq!(a["_order"], 2.0 + 99999.0);
        assert!(
            tree.data()["chapters"]
                .as_array()
                .unwrap()
                .iter()
                .all(|c| c["name"] != "B")
        );
        app.stop().await;
    }
}

#[tokio::test]
async fn a_scene_is_promoted_and_a_chapter_demoted_with_orders_renumbered() {
    for db in Db::all() {
        let app = signed_up(db).await;
        manuscript(&app, "m1", "Novel").await;
        let m = id("m1");
        put(
            &app,
            "groups",
            &id("g1"),
            json!({"manuscript_id": m, "name": "Act I", "type": "chapters"}),
        )
        .await
        .data();
        for (c, order) in [("c1", 1), ("c2", 2), ("c3", 3)] {
            put(
                &app,
                "chapters",
                &id(c),
                json!({"manuscript_id": m, "name": c, "group_id": id("g1"), "_order": order}),
            )
            .await
            .data();
        }
        put(
            &app,
            "chapters",
            &id("s1"),
            json!({"manuscript_id": m, "name": "s1", "group_id": id("g1"), "chapter_id": id("c1")}),
        )
        .await
        .data();
        app.post_json(&format!("chapters/promote/{}", id("c2")), &json!({}))
            .await
            .assert_failed(422, "not_a_subchapter");
        app.post_json(&format!("chapters/promote/{}", id("s1")), &json!({}))
            .await
            .data();
        let placed = |tree: &TestResponse| -> Vec<(String, Value, Value, f64)> {
            let mut rows: Vec<_> = tree.data()["chapters"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c["group_id"] == id("g1"))
                .map(|c| {
                    (
                        c["name"].as_str().unwrap().to_owned(),
                        c["chapter_id"].clone(),
                        c["group_id"].clone(),
                        c["_order"].as_f64().unwrap(),
                    )
                })
                .collect();
            rows.sort_by(|a, b| a.3.total_cmp(&b.3));
            rows
        };
        let tree = app.get(&format!("manuscripts/{m}")).await;
        let names: Vec<(String, f64)> = placed(&tree).into_iter().map(|r| (r.0, r.3)).collect();
        assert_eq!(
            names,
            [
                ("c1".into(), 0.0),
                ("s1".into(), 1.0),
                ("c2".into(), 2.0),
                ("c3".into(), 3.0)
            ]
        );
        let moved = app
            .post_json(
                &format!("chapters/demote/{}", id("c3")),
                &json!({"parent_id": id("c1")}),
            )
            .await;
        assert!(!moved.data().as_array().unwrap().is_empty());
        let tree = app.get(&format!("manuscripts/{m}")).await;
        let c3 = placed(&tree).into_iter().find(|r| r.0 == "c3").unwrap();
        assert_eq!(c3.1, json!(id("c1")));
        assert_eq!(
            c3.2,
            json!(id("g1")),
            "a demoted chapter stays in its section"
        );
        app.post_json(
            &format!("chapters/demote/{}", id("s1")),
            &json!({"parent_id": id("c3")}),
        )
        .await
        .assert_failed(422, "parent_is_subchapter");
        app.stop().await;
    }
}

#[tokio::test]
async fn new_research_items_are_ordered_from_one_hundred() {
    let app = signed_up(Db::Sqlite).await;
    manuscript(&app, "m1", "Novel").await;
    let m = id("m1");
    let first = put(
        &app,
        "researches",
        &id("r1"),
        json!({"manuscript_id": m, "name": "Maps"}),
    )
    .await;
    assert_eq!(first.data()["_order"], 100.0);
    let second = put(
        &app,
        "researches",
        &id("r2"),
        json!({"manuscript_id": m, "name": "Letters"}),
    )
    .await;
    assert_eq!(second.data()["_order"], 101.0);
    let again = put(
        &app,
        "researches",
        &id("r1"),
        json!({"manuscript_id": m, "name": "Old maps"}),
    )
    .await;
    assert_eq!(
        again.data()["_order"],
        100.0,
        "a replaced item keeps its place"
    );
    let placed = put(
        &app,
        "researches",
        &id("r3"),
        json!({"manuscript_id": m, "name": "First", "_order": 5}),
    )
    .await;
    assert_eq!(placed.data()["_order"], 5.0);
    app.stop().await;
}
