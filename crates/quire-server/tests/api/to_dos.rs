//! The global to-do list (the to-do panel's user tab): the user's to-dos outside any
//! manuscript, by order, on their own and inside the user object.

use quire_testkit::{Db, TestApp};
use serde_json::{Value, json};

const PASSWORD: &str = "a writer's long secret";

fn id(name: &str) -> String {
    format!("{name:0<22}")
}

fn titles(list: &Value) -> Vec<&str> {
    list.as_array()
        .expect("a list")
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn global_to_dos_are_listed_by_order_and_come_with_the_user() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada Writer", "ada@example.com", PASSWORD).await;
        app.put_json(
            &format!("manuscripts/put/{}", id("m1")),
            &json!({"title": "Novel"}),
        )
        .await
        .data();
        for (t, body) in [
            ("t1", json!({"title": "Call the editor", "_order": 2})),
            (
                "t2",
                json!({"title": "Inside the novel", "manuscript_id": id("m1")}),
            ),
            ("t3", json!({"title": "Thrown away"})),
            (
                "t0",
                json!({"title": "Buy ink", "_order": 1, "priority": "high"}),
            ),
        ] {
            app.put_json(&format!("to_dos/put/{}", id(t)), &body)
                .await
                .data();
        }
        app.delete(&format!("to_dos/{}", id("t3"))).await.data();

        let global = app.get("to_dos/global").await;
        assert_eq!(titles(global.data()), ["Buy ink", "Call the editor"]);
        assert_eq!(global.data()[0]["manuscript_id"], Value::Null);
        assert_eq!(global.data()[0]["priority"], "high");

        let me = app.get("users/me").await;
        assert_eq!(
            titles(&me.data()["user"]["to_dos"]),
            ["Buy ink", "Call the editor"]
        );
        let without = app.get("users/me?exclude_to_dos=true").await;
        assert!(without.data()["user"].get("to_dos").is_none());

        let other_device = app.new_client();
        let signed_in = app
            .log_in_as(&other_device, "ada@example.com", PASSWORD)
            .await;
        assert_eq!(
            titles(&signed_in.data()["user"]["to_dos"]),
            ["Buy ink", "Call the editor"]
        );

        let bob = app.new_client();
        app.sign_up_as(&bob, "Bob", "bob@example.com", PASSWORD)
            .await;
        let bobs = app.get_as(&bob, "to_dos/global").await;
        assert!(bobs.data().as_array().unwrap().is_empty());
        app.get_as(&app.new_client(), "to_dos/global")
            .await
            .assert_failed(401, "not_authorized");
        app.stop().await;
    }
}
