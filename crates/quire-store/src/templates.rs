//! Manuscript templates: the built-in ones (seeded, `user_id` NULL) and each writer's custom
//! ones made with `save_as_template`. A writer sees the enabled built-ins and their own.

use quire_core::time::EpochMs;
use quire_protocol::reference::TemplateSummary;
use sqlx::Any;

use crate::{Store, StoreError};

/// The category of a template saved from a manuscript.
pub const CUSTOM_CATEGORY: &str = "custom";

pub(crate) type TemplateRow = (String, String, String, String, i64, String);

const COLUMNS: &str = "id, name, description, category, sort_order, structure";

pub(crate) fn summary(row: TemplateRow) -> Result<TemplateSummary, StoreError> {
    let (id, name, description, category, order, structure) = row;
    Ok(TemplateSummary {
        id,
        name,
        description,
        category,
        order,
        structure: serde_json::from_str(&structure)?,
    })
}

impl Store {
    /// The templates `actor` may start a manuscript from: the enabled built-ins in display
    /// order, then the actor's own, oldest first.
    pub async fn templates_for(&self, actor: &str) -> Result<Vec<TemplateSummary>, StoreError> {
        let mut templates = self.builtin_templates().await?;
        let sql = format!(
            "SELECT {COLUMNS} FROM template WHERE user_id = $1 AND deleted_at IS NULL \
             ORDER BY created_at, id"
        );
        let own: Vec<TemplateRow> = sqlx::query_as::<Any, _>(sqlx::AssertSqlSafe(sql))
            .bind(actor)
            .fetch_all(&self.pool)
            .await?;
        for row in own {
            templates.push(summary(row)?);
        }
        Ok(templates)
    }

    /// One template `actor` may use: an enabled built-in or the actor's own.
    pub async fn template_for(&self, actor: &str, id: &str) -> Result<TemplateSummary, StoreError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM template WHERE id = $1 AND deleted_at IS NULL \
             AND ((user_id IS NULL AND enabled = 1) OR user_id = $2)"
        );
        let row: Option<TemplateRow> = sqlx::query_as::<Any, _>(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .bind(actor)
            .fetch_optional(&self.pool)
            .await?;
        summary(row.ok_or(StoreError::NotFound)?)
    }

    /// Saves a custom template of `actor`, ordered after the ones they already have.
    pub async fn add_custom_template(
        &self,
        actor: &str,
        template: &TemplateSummary,
        now: EpochMs,
    ) -> Result<TemplateSummary, StoreError> {
        let mut tx = self.write_tx().await?;
        let (count,): (i64,) =
            sqlx::query_as::<Any, _>("SELECT COUNT(*) FROM template WHERE user_id = $1")
                .bind(actor)
                .fetch_one(&mut *tx)
                .await?;
        sqlx::query::<Any>(
            "INSERT INTO template (id, user_id, name, description, category, structure, enabled, \
             sort_order, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $8)",
        )
        .bind(&template.id)
        .bind(actor)
        .bind(&template.name)
        .bind(&template.description)
        .bind(CUSTOM_CATEGORY)
        .bind(template.structure.to_string())
        .bind(count)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(TemplateSummary {
            category: CUSTOM_CATEGORY.to_owned(),
            order: count,
            ..template.clone()
        })
    }
}
