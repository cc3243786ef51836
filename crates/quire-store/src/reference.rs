//! Reads of the public reference tables. These rows belong to no user, so they are the one
//! place where a query is not scoped by an actor.

use std::collections::BTreeMap;

use quire_protocol::reference::{
    FrontendVersion, Genre, InitialData, KnowledgeBaseCategory, LegalDocument, PlanMeta,
    SubscriptionPlan, TemplateSummary, Theme,
};
use sqlx::Any;

use crate::{Store, StoreError};

/// The kinds of versioned legal text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegalKind {
    Terms,
    PrivacyPolicy,
    RefundPolicy,
    AmbassadorProgramTerms,
}

impl LegalKind {
    fn as_str(self) -> &'static str {
        match self {
            LegalKind::Terms => "terms",
            LegalKind::PrivacyPolicy => "privacy_policy",
            LegalKind::RefundPolicy => "refund_policy",
            LegalKind::AmbassadorProgramTerms => "ambassador_program_terms",
        }
    }
}

impl Store {
    pub async fn themes(&self) -> Result<Vec<Theme>, StoreError> {
        let rows: Vec<(i64, String, String, String, String, i64)> = sqlx::query_as::<Any, _>(
            "SELECT id, name, internal_name, primary_color, secondary_color, sort_order \
             FROM theme ORDER BY sort_order, id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(
                |(id, name, internal_name, primary_color, secondary_color, order)| Theme {
                    id,
                    name,
                    internal_name,
                    primary_color,
                    secondary_color,
                    order,
                },
            )
            .collect())
    }

    pub async fn genres(&self) -> Result<Vec<Genre>, StoreError> {
        let rows: Vec<(i64, String, i64)> = sqlx::query_as::<Any, _>(
            "SELECT id, name, sort_order FROM genre ORDER BY sort_order, id",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(id, name, order)| Genre { id, name, order })
            .collect())
    }

    pub async fn subscription_plans(&self) -> Result<Vec<SubscriptionPlan>, StoreError> {
        let rows: Vec<(i64, String, String, i64, i64, String)> = sqlx::query_as::<Any, _>(
            "SELECT id, name, kind, recommended, months, price_tiers FROM subscription_plan \
             WHERE enabled = 1 ORDER BY months, id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|(id, name, kind, recommended, months, price_tiers)| {
                Ok(SubscriptionPlan {
                    id,
                    name,
                    kind,
                    recommended: recommended != 0,
                    meta: PlanMeta {
                        months,
                        price_tiers: serde_json::from_str(&price_tiers)?,
                    },
                })
            })
            .collect()
    }

    /// The newest version of a legal text, if any was ever published.
    pub async fn latest_legal(&self, kind: LegalKind) -> Result<Option<LegalDocument>, StoreError> {
        let row: Option<(i64, String, String, i64)> = sqlx::query_as::<Any, _>(
            "SELECT id, version, content, created_at FROM legal_document WHERE kind = $1 \
             ORDER BY created_at DESC, id DESC LIMIT 1",
        )
        .bind(kind.as_str())
        .fetch_optional(&self.pool)
        .await?;
        row.map(|(id, version, content, created_at)| {
            let content: BTreeMap<String, String> = serde_json::from_str(&content)?;
            Ok(LegalDocument {
                id,
                version,
                content,
                created_at,
            })
        })
        .transpose()
    }

    /// Knowledge-base categories; only the enabled ones when `enabled_only`.
    pub async fn knowledge_base_categories(
        &self,
        enabled_only: bool,
    ) -> Result<Vec<KnowledgeBaseCategory>, StoreError> {
        let rows: Vec<(i64, String, String, String, i64, i64)> = sqlx::query_as::<Any, _>(
            "SELECT id, name, slug, description, enabled, sort_order FROM knowledge_base_category \
             WHERE enabled = 1 OR $1 = 0 ORDER BY sort_order, id",
        )
        .bind(i64::from(enabled_only))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(
                |(id, name, slug, description, enabled, order)| KnowledgeBaseCategory {
                    id,
                    name,
                    slug,
                    description,
                    enabled: enabled != 0,
                    order,
                },
            )
            .collect())
    }

    /// The enabled built-in templates, in display order.
    pub async fn builtin_templates(&self) -> Result<Vec<TemplateSummary>, StoreError> {
        let rows: Vec<(String, String, String, String, i64, String)> = sqlx::query_as::<Any, _>(
            "SELECT id, name, description, category, sort_order, structure FROM template \
             WHERE user_id IS NULL AND enabled = 1 AND deleted_at IS NULL ORDER BY sort_order, id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(crate::templates::summary).collect()
    }

    /// The newest released web client version.
    pub async fn latest_frontend_version(&self) -> Result<FrontendVersion, StoreError> {
        let row: Option<(i64, String, i64)> = sqlx::query_as::<Any, _>(
            "SELECT id, version, created_at FROM frontend_version \
             ORDER BY created_at DESC, id DESC LIMIT 1",
        )
        .fetch_optional(&self.pool)
        .await?;
        let (id, version, created_at) = row.ok_or(StoreError::NotFound)?;
        Ok(FrontendVersion {
            id,
            version,
            created_at,
        })
    }

    /// Everything `GET initial_data` answers, read in one go.
    pub async fn initial_data(&self) -> Result<InitialData, StoreError> {
        Ok(InitialData {
            latest_terms: self.latest_legal(LegalKind::Terms).await?,
            latest_ambassador_program_terms: self
                .latest_legal(LegalKind::AmbassadorProgramTerms)
                .await?,
            latest_refund_policy: self.latest_legal(LegalKind::RefundPolicy).await?,
            genres: self.genres().await?,
            themes: self.themes().await?,
            subscription_plans: self.subscription_plans().await?,
            knowledge_base_categories: self.knowledge_base_categories(true).await?,
            templates: self.builtin_templates().await?,
        })
    }
}
