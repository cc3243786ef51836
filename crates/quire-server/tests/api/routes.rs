//! The router table as the OpenAPI document lists it, for the tests generated from it.

use std::collections::BTreeSet;

use serde_json::Value;

/// Every `(method, path)` of the OpenAPI document, with its operation.
pub fn operations() -> Vec<(String, String, Value)> {
    let spec: Value = serde_json::from_str(&quire_server::http::openapi::document())
        .expect("the document parses");
    let mut operations = Vec::new();
    for (path, item) in spec["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("a path item") {
            operations.push((method.clone(), path.clone(), operation.clone()));
        }
    }
    operations
}

/// Every `(method, path)` of the OpenAPI document whose path has a parameter.
pub fn routes_with_parameters() -> BTreeSet<(String, String)> {
    operations()
        .into_iter()
        .filter(|(_, path, _)| path.contains('{'))
        .map(|(method, path, _)| (method, path))
        .collect()
}
