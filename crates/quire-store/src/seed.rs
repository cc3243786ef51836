//! Seeds the reference tables from the files in `seed/` (compiled into the binary).
//!
//! Runs at every start-up in one transaction, upserting by id, so the shipped files are the
//! source of truth for reference data and a restart after an upgrade brings the rows up to date.

use serde::Deserialize;
use sqlx::Any;

use crate::{Store, StoreError};

#[derive(Deserialize)]
struct ThemeSeed {
    id: i64,
    name: String,
    internal_name: String,
    primary_color: String,
    secondary_color: String,
    order: i64,
}

#[derive(Deserialize)]
struct GenreSeed {
    id: i64,
    name: String,
    order: i64,
}

#[derive(Deserialize)]
struct PlanSeed {
    id: i64,
    name: String,
    #[serde(rename = "type")]
    kind: String,
    recommended: bool,
    months: i64,
    price_tiers: serde_json::Value,
}

#[derive(Deserialize)]
struct CategorySeed {
    id: i64,
    name: String,
    slug: String,
    description: String,
    enabled: bool,
    order: i64,
}

#[derive(Deserialize)]
struct FrontendVersionSeed {
    id: i64,
    version: String,
    created_at: i64,
}

#[derive(Deserialize)]
struct TemplateSeed {
    id: String,
    name: String,
    description: String,
    category: String,
    order: i64,
    structure: serde_json::Value,
}

/// A legal text shipped with the server: id, kind, version, effective date (epoch ms), English
/// Markdown.
struct LegalSeed {
    id: i64,
    kind: &'static str,
    version: &'static str,
    created_at: i64,
    english: &'static str,
}

/// 2026-11-13T00:00:00Z, the date the first versions took effect.
const FIRST_LEGAL_DATE: i64 = 1_794_528_000_000;

const LEGAL: &[LegalSeed] = &[
    LegalSeed {
        id: 1,
        kind: "terms",
        version: "1.0",
        created_at: FIRST_LEGAL_DATE,
        english: include_str!("../seed/legal/terms.md"),
    },
    LegalSeed {
        id: 2,
        kind: "privacy_policy",
        version: "1.0",
        created_at: FIRST_LEGAL_DATE,
        english: include_str!("../seed/legal/privacy_policy.md"),
    },
    LegalSeed {
        id: 3,
        kind: "refund_policy",
        version: "1.0",
        created_at: FIRST_LEGAL_DATE,
        english: include_str!("../seed/legal/refund_policy.md"),
    },
    LegalSeed {
        id: 4,
        kind: "ambassador_program_terms",
        version: "1.0",
        created_at: FIRST_LEGAL_DATE,
        english: include_str!("../seed/legal/ambassador_program_terms.md"),
    },
];

fn parse<T: for<'de> Deserialize<'de>>(name: &str, json: &str) -> Result<Vec<T>, StoreError> {
    serde_json::from_str(json).map_err(|e| StoreError::Corrupt(format!("seed/{name}: {e}")))
}

impl Store {
    /// Upserts every reference row shipped in `seed/`.
    pub(crate) async fn seed(&self) -> Result<(), StoreError> {
        let themes: Vec<ThemeSeed> = parse("themes.json", include_str!("../seed/themes.json"))?;
        let genres: Vec<GenreSeed> = parse("genres.json", include_str!("../seed/genres.json"))?;
        let plans: Vec<PlanSeed> = parse(
            "subscription_plans.json",
            include_str!("../seed/subscription_plans.json"),
        )?;
        let categories: Vec<CategorySeed> = parse(
            "knowledge_base_categories.json",
            include_str!("../seed/knowledge_base_categories.json"),
        )?;
        let versions: Vec<FrontendVersionSeed> = parse(
            "frontend_versions.json",
            include_str!("../seed/frontend_versions.json"),
        )?;
        let templates: Vec<TemplateSeed> =
            parse("templates.json", include_str!("../seed/templates.json"))?;

        let mut tx = self.write_tx().await?;
        for t in themes {
            sqlx::query::<Any>(
                "INSERT INTO theme (id, name, internal_name, primary_color, secondary_color, sort_order) \
                 VALUES ($1, $2, $3, $4, $5, $6) \
                 ON CONFLICT (id) DO UPDATE SET name = excluded.name, internal_name = excluded.internal_name, \
                 primary_color = excluded.primary_color, secondary_color = excluded.secondary_color, \
                 sort_order = excluded.sort_order",
            )
            .bind(t.id)
            .bind(t.name)
            .bind(t.internal_name)
            .bind(t.primary_color)
            .bind(t.secondary_color)
            .bind(t.order)
            .execute(&mut *tx)
            .await?;
        }
        for g in genres {
            sqlx::query::<Any>(
                "INSERT INTO genre (id, name, sort_order) VALUES ($1, $2, $3) \
                 ON CONFLICT (id) DO UPDATE SET name = excluded.name, sort_order = excluded.sort_order",
            )
            .bind(g.id)
            .bind(g.name)
            .bind(g.order)
            .execute(&mut *tx)
            .await?;
        }
        for p in plans {
            sqlx::query::<Any>(
                "INSERT INTO subscription_plan (id, name, kind, recommended, months, price_tiers) \
                 VALUES ($1, $2, $3, $4, $5, $6) \
                 ON CONFLICT (id) DO UPDATE SET name = excluded.name, kind = excluded.kind, \
                 recommended = excluded.recommended, months = excluded.months, price_tiers = excluded.price_tiers",
            )
            .bind(p.id)
            .bind(p.name)
            .bind(p.kind)
            .bind(i64::from(p.recommended))
            .bind(p.months)
            .bind(p.price_tiers.to_string())
            .execute(&mut *tx)
            .await?;
        }
        for c in categories {
            sqlx::query::<Any>(
                "INSERT INTO knowledge_base_category (id, name, slug, description, enabled, sort_order) \
                 VALUES ($1, $2, $3, $4, $5, $6) \
                 ON CONFLICT (id) DO UPDATE SET name = excluded.name, slug = excluded.slug, \
                 description = excluded.description, enabled = excluded.enabled, sort_order = excluded.sort_order",
            )
            .bind(c.id)
            .bind(c.name)
            .bind(c.slug)
            .bind(c.description)
            .bind(i64::from(c.enabled))
            .bind(c.order)
            .execute(&mut *tx)
            .await?;
        }
        for v in versions {
            sqlx::query::<Any>(
                "INSERT INTO frontend_version (id, version, created_at) VALUES ($1, $2, $3) \
                 ON CONFLICT (id) DO UPDATE SET version = excluded.version, created_at = excluded.created_at",
            )
            .bind(v.id)
            .bind(v.version)
            .bind(v.created_at)
            .execute(&mut *tx)
            .await?;
        }
        for l in LEGAL {
            let content = serde_json::json!({ "en": l.english }).to_string();
            sqlx::query::<Any>(
                "INSERT INTO legal_document (id, kind, version, content, created_at) VALUES ($1, $2, $3, $4, $5) \
                 ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, version = excluded.version, \
                 content = excluded.content, created_at = excluded.created_at",
            )
            .bind(l.id)
            .bind(l.kind)
            .bind(l.version)
            .bind(content)
            .bind(l.created_at)
            .execute(&mut *tx)
            .await?;
        }
        for t in templates {
            sqlx::query::<Any>(
                "INSERT INTO template (id, user_id, name, description, category, structure, enabled, sort_order, created_at, updated_at) \
                 VALUES ($1, NULL, $2, $3, $4, $5, 1, $6, $7, $7) \
                 ON CONFLICT (id) DO UPDATE SET name = excluded.name, description = excluded.description, \
                 category = excluded.category, structure = excluded.structure, sort_order = excluded.sort_order, \
                 updated_at = excluded.updated_at",
            )
            .bind(t.id)
            .bind(t.name)
            .bind(t.description)
            .bind(t.category)
            .bind(t.structure.to_string())
            .bind(t.order)
            .bind(FIRST_LEGAL_DATE)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
