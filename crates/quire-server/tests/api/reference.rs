//! The public reference endpoints answer from the seeded tables, on every backend.

use quire_testkit::{Db, TestApp};

#[tokio::test]
async fn server_time_is_the_server_clock_in_epoch_milliseconds() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let before = quire_core::time::now_ms();
        let answer = app.get("server_time").await;
        let after = quire_core::time::now_ms();
        let t = answer.data()["server_time"].as_i64().expect("a number");
        assert!(
            before <= t && t <= after,
            "{db:?}: {t} not in [{before}, {after}]"
        );
        app.stop().await;
    }
}

#[tokio::test]
async fn initial_data_carries_every_part_of_the_bundle() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let data = app.get("initial_data").await.data().clone();

        let themes: Vec<(String, String, String)> = data["themes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                (
                    t["name"].as_str().unwrap().to_owned(),
                    t["primary_color"].as_str().unwrap().to_owned(),
                    t["secondary_color"].as_str().unwrap().to_owned(),
                )
            })
            .collect();
        let expected = [
            ("Default", "#7879f1", "#389DFD"),
            ("Classic", "#389DFD", "#886bdb"),
            ("Emerald", "#10A05C", "#E77B55"),
            ("Lemon", "#EAC346", "#E77B55"),
        ]
        .map(|(a, b, c)| (a.to_owned(), b.to_owned(), c.to_owned()));
        assert_eq!(themes, expected, "{db:?}");

        assert!(data["genres"].as_array().unwrap().len() >= 20, "{db:?}");
        assert!(data["templates"].as_array().unwrap().len() >= 4, "{db:?}");
        assert!(data["knowledge_base_categories"].as_array().unwrap().len() >= 5);
        for key in [
            "latest_terms",
            "latest_ambassador_program_terms",
            "latest_refund_policy",
        ] {
            let doc = &data[key];
            assert!(doc["created_at"].as_i64().unwrap() > 0, "{key}");
            assert!(doc["content"]["en"].as_str().unwrap().len() > 500, "{key}");
        }
        app.stop().await;
    }
}

#[tokio::test]
async fn the_subscription_plans_are_exactly_those_of_the_spec() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let data = app.get("initial_data").await.data().clone();
        let mut plans: Vec<(i64, i64, String, i64, bool)> = data["subscription_plans"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["id"].as_i64().unwrap(),
                    p["meta"]["months"].as_i64().unwrap(),
                    p["type"].as_str().unwrap().to_owned(),
                    p["meta"]["price_tiers"]["tier1"][0]["price"]
                        .as_i64()
                        .unwrap(),
                    p["recommended"].as_bool().unwrap(),
                )
            })
            .collect();
        plans.sort();
        let expected = vec![
            (2, 1, "app".to_owned(), 1499, false),
            (3, 12, "app".to_owned(), 14400, false),
            (4, 99, "appwithai".to_owned(), 59900, false),
            (12, 1, "ai".to_owned(), 1500, false),
            (13, 12, "ai".to_owned(), 14400, false),
            (22, 1, "appwithai".to_owned(), 2999, true),
            (23, 12, "appwithai".to_owned(), 29900, true),
        ];
        assert_eq!(plans, expected, "{db:?}");
        let gateways: Vec<&str> = data["subscription_plans"][0]["meta"]["price_tiers"]["tier1"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["gateway"].as_str().unwrap())
            .collect();
        assert!(gateways.contains(&"stripe"), "{gateways:?}");
        app.stop().await;
    }
}

#[tokio::test]
async fn the_latest_terms_and_privacy_policy_are_served_under_their_spec_keys() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let terms = app.get("terms/latest").await;
        assert!(
            terms.data()["term"]["content"]["en"]
                .as_str()
                .unwrap()
                .contains("Quire")
        );
        assert_eq!(terms.data()["term"]["version"], "1.0");
        let privacy = app.get("privacy_policies/latest").await;
        assert!(
            privacy.data()["privacy_policy"]["content"]["en"]
                .as_str()
                .unwrap()
                .contains("Quire")
        );
        app.stop().await;
    }
}

#[tokio::test]
async fn genres_are_listed_in_order_with_unique_names() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let answer = app.get("genres").await;
        let genres = answer.data()["genres"].as_array().unwrap();
        let orders: Vec<i64> = genres
            .iter()
            .map(|g| g["_order"].as_i64().unwrap())
            .collect();
        let mut sorted = orders.clone();
        sorted.sort();
        assert_eq!(orders, sorted, "{db:?}");
        let mut names: Vec<&str> = genres.iter().map(|g| g["name"].as_str().unwrap()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), genres.len());
        app.stop().await;
    }
}

#[tokio::test]
async fn only_enabled_knowledge_base_categories_are_listed() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let all = app
            .state
            .store
            .knowledge_base_categories(false)
            .await
            .unwrap();
        assert!(
            all.iter().any(|c| !c.enabled),
            "the seed has a disabled category"
        );
        let answer = app.get("knowledge_base_categories/enabled").await;
        let listed = answer.data()["knowledge_base_categories"]
            .as_array()
            .unwrap();
        assert_eq!(
            listed.len(),
            all.iter().filter(|c| c.enabled).count(),
            "{db:?}"
        );
        assert!(listed.iter().all(|c| c["enabled"] == true));
        app.stop().await;
    }
}

#[tokio::test]
async fn the_frontend_version_check_says_whether_an_update_is_available() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let latest = app.get("frontend_versions/latest?current=2.4.28").await;
        assert_eq!(
            latest.data()["frontend_version"]["version"],
            quire_core::APP_VERSION
        );
        assert_eq!(latest.data()["update_available"], true);
        let same = app
            .get(&format!(
                "frontend_versions/latest?current={}",
                quire_core::APP_VERSION
            ))
            .await;
        assert_eq!(same.data()["update_available"], false);
        let none = app.get("frontend_versions/latest").await;
        assert_eq!(none.data()["update_available"], false);
        app.stop().await;
    }
}

#[tokio::test]
async fn the_web_client_the_repository_ships_is_the_latest_frontend_version() {
    let package: serde_json::Value =
        serde_json::from_str(include_str!("../../../../web/package.json"))
            .expect("web/package.json parses");
    assert_eq!(package["version"], quire_core::APP_VERSION);
}

#[tokio::test]
async fn seeding_twice_keeps_one_row_per_reference_item() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let first = app.get("initial_data").await.data().clone();
        // A second server on the same database seeds again, as a restart would.
        let again = quire_store::Store::open(app.state.config.database_url.expose())
            .await
            .expect("the store reopens");
        again.close().await;
        let second = app.get("initial_data").await.data().clone();
        assert_eq!(first, second, "{db:?}");
        app.stop().await;
    }
}
