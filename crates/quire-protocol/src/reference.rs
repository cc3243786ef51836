//! Public reference data: themes, genres, plans, legal texts, knowledge-base categories,
//! templates, server time and the frontend version.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A colour theme preset; the client builds the theme from its two colours.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Theme {
    pub id: i64,
    pub name: String,
    pub internal_name: String,
    #[schema(example = "#7879f1")]
    pub primary_color: String,
    #[schema(example = "#389DFD")]
    pub secondary_color: String,
    #[serde(rename = "_order")]
    pub order: i64,
}

/// A literary genre a manuscript can be filed under.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Genre {
    pub id: i64,
    pub name: String,
    #[serde(rename = "_order")]
    pub order: i64,
}

/// One price of a plan in one tier: cents and the gateway that charges it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PlanPrice {
    /// Price in cents (USD).
    pub price: i64,
    /// `stripe`, `paypal`, `amazonpay`, `ambassador_balance` or `none`.
    pub gateway: String,
}

/// A plan's metadata: its length in months (1 monthly, 12 yearly, 99 lifetime) and its prices
/// keyed `tier<price_tier>`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct PlanMeta {
    pub months: i64,
    pub price_tiers: BTreeMap<String, Vec<PlanPrice>>,
}

/// A subscription plan: its length in `meta.months` and its prices per tier.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SubscriptionPlan {
    pub id: i64,
    pub name: String,
    /// What the plan grants: `app` (Premium), `ai` (the +AI add-on) or `appwithai`.
    #[serde(rename = "type")]
    pub kind: String,
    pub recommended: bool,
    pub meta: PlanMeta,
}

/// A versioned legal text (terms, privacy policy, refund policy, ambassador programme terms).
/// `content` is keyed by language; English is always present.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LegalDocument {
    pub id: i64,
    pub version: String,
    pub content: BTreeMap<String, String>,
    pub created_at: i64,
}

/// A knowledge-base category.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct KnowledgeBaseCategory {
    pub id: i64,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub enabled: bool,
    #[serde(rename = "_order")]
    pub order: i64,
}

/// A manuscript template as listed for "new manuscript from a template".
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TemplateSummary {
    pub id: String,
    pub name: String,
    pub description: String,
    /// `fiction`, `non_fiction`, `screenplay` or `custom`.
    pub category: String,
    #[serde(rename = "_order")]
    pub order: i64,
    /// The structure a manuscript made from the template starts with.
    #[schema(value_type = Object)]
    pub structure: serde_json::Value,
}

/// `GET initial_data`: everything the client needs before the first screen.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct InitialData {
    pub latest_terms: Option<LegalDocument>,
    pub latest_ambassador_program_terms: Option<LegalDocument>,
    pub latest_refund_policy: Option<LegalDocument>,
    pub genres: Vec<Genre>,
    pub themes: Vec<Theme>,
    pub subscription_plans: Vec<SubscriptionPlan>,
    pub knowledge_base_categories: Vec<KnowledgeBaseCategory>,
    pub templates: Vec<TemplateSummary>,
}

/// `GET server_time`: the server clock, for the client's offset correction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ServerTime {
    /// Milliseconds since the Unix epoch.
    pub server_time: i64,
}

/// `GET terms/latest`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LatestTerms {
    pub term: LegalDocument,
}

/// `GET privacy_policies/latest`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LatestPrivacyPolicy {
    pub privacy_policy: LegalDocument,
}

/// `GET genres`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Genres {
    pub genres: Vec<Genre>,
}

/// `GET knowledge_base_categories/enabled`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct KnowledgeBaseCategories {
    pub knowledge_base_categories: Vec<KnowledgeBaseCategory>,
}

/// A released version of the web client.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct FrontendVersion {
    pub id: i64,
    #[schema(example = "2.4.29")]
    pub version: String,
    pub created_at: i64,
}

/// `GET frontend_versions/latest?current=`: the latest version, and whether it is newer than
/// the caller's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct LatestFrontendVersion {
    pub frontend_version: FrontendVersion,
    pub update_available: bool,
}
