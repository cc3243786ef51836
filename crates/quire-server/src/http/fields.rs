//! A request's refused fields, collected so that one 422 answer names every one of them.

use std::collections::BTreeMap;

use quire_core::account::FieldCode;

use crate::error::ApiError;

/// Collects field errors so that a form is answered with all of them at once.
#[derive(Debug, Default)]
pub struct Fields(BTreeMap<String, String>);

impl Fields {
    /// Keeps `result`'s value, or records its code under `field`.
    pub fn check<T>(&mut self, field: &str, result: Result<T, FieldCode>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(code) => {
                self.0
                    .entry(field.to_owned())
                    .or_insert_with(|| code.0.to_owned());
                None
            }
        }
    }

    pub fn add(&mut self, field: &str, code: &str) {
        self.0
            .entry(field.to_owned())
            .or_insert_with(|| code.to_owned());
    }

    /// `Ok` when nothing was refused, else the 422 with every field.
    pub fn finish(self) -> Result<(), ApiError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(ApiError::Invalid {
                code: "invalid_fields",
                fields: self.0,
            })
        }
    }
}
