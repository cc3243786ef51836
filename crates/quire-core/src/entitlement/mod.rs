//! Subscriptions and what they entitle a user to.
//!
//! This module owns the `user.subscription` view built from stored records, and every rule
//! that turns the records into a yes or no: trial, lifetime, AI, writing, the 60-day grace,
//! two-factor and which billing actions are offered. It must not charge, store or fetch
//! anything.
//!
//! Two words are kept apart. An entry is *active* when its status is `active` and it has not
//! ended: that is what the plan card shows. It is *usable* while its paid time runs, which also
//! covers a `cancelled` entry until `ends_at` (cancelling stops the renewal, not the service).
//! The `*_active` answers use the first; the `can_*` answers, which the server enforces, the
//! second. With billing off (a self-hosted server) every account gets lifetime Premium+AI.

use serde::{Deserialize, Serialize};

use crate::time::EpochMs;

/// One day in milliseconds.
pub const DAY_MS: EpochMs = 86_400_000;
/// Length of the free trial, counted from sign-up.
pub const TRIAL_DAYS: i64 = 14;
/// Days manuscripts stay readable after Premium ends (the grace period).
pub const GRACE_DAYS: i64 = 60;
/// The `meta.months` of a lifetime plan (monthly plans have 1, yearly 12).
pub const LIFETIME_MONTHS: i64 = 99;
/// The `id` of the trial entry, which has no stored record.
pub const TRIAL_ID: &str = "trial";
/// The `id` of the Premium entry every account gets with billing off.
pub const SELF_HOSTED_ID: &str = "self_hosted";
/// The plan id of that entry: no row in the plan table stands behind it.
pub const SELF_HOSTED_PLAN_ID: i64 = 0;

/// Who collects the payment. `Stripe` is the card gateway; a gift has `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gateway {
    None,
    Paypal,
    Stripe,
    Amazonpay,
    AmbassadorBalance,
}

/// A subscription's stored or shown status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SubscriptionStatus {
    Active,
    Expired,
    Cancelled,
}

/// What a Premium record includes: the app, AI, or both (`appwithai`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PremiumType {
    App,
    Ai,
    #[serde(rename = "appwithai")]
    AppWithAi,
}

/// The plan a record was bought on: its id and length in months (1, 12, or 99 = lifetime).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanRef {
    pub id: i64,
    pub months: i64,
}

impl PlanRef {
    /// A plan is lifetime when its months equal 99; it never expires.
    pub fn is_lifetime(&self) -> bool {
        self.months == LIFETIME_MONTHS
    }
}

/// A subscription as the store keeps it: the Premium one, or the +AI add-on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubscriptionRecord {
    pub id: String,
    pub status: SubscriptionStatus,
    pub gateway: Gateway,
    pub subscription_id: Option<String>,
    pub plan: PlanRef,
    pub plan_type: PremiumType,
    pub ends_at: Option<EpochMs>,
}

/// `subscription_plan` in an entry: the plan id and `meta.months`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanSummary {
    pub id: i64,
    pub meta: PlanMeta,
}

/// `subscription_plan.meta` (the price tiers live in the plan catalogue, not here).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanMeta {
    pub months: i64,
}

/// One of `user.subscription.{premium, ai, trial}`, as computed at some `now`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubscriptionEntry {
    pub id: String,
    pub status: SubscriptionStatus,
    pub gateway: Gateway,
    pub subscription_id: Option<String>,
    pub ends_at: Option<EpochMs>,
    pub remaining_days: i64,
    pub subscription_plan: Option<PlanSummary>,
}

/// `user.subscription`: Premium, the +AI add-on and the trial, each if present.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Subscription {
    pub premium: Option<SubscriptionEntry>,
    pub ai: Option<SubscriptionEntry>,
    pub trial: Option<SubscriptionEntry>,
}

/// Every answer the rules give for one user at one moment. `*_active` is what the plan card
/// shows; `can_*` and `manuscripts_readable` are what the server enforces or offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entitlements {
    pub subscription_active: bool,
    pub premium_active: bool,
    pub trial_active: bool,
    pub lifetime: bool,
    pub ai_access: bool,
    pub ai_active: bool,
    pub can_use_ai: bool,
    pub can_write: bool,
    pub manuscripts_readable: bool,
    pub can_use_two_factor: bool,
    pub can_cancel_premium: bool,
    pub can_cancel_ai_addon: bool,
    pub can_switch_to_lifetime: bool,
    pub can_buy_ai_addon: bool,
    pub can_change_payment_method: bool,
}

/// Whole days left until `ends_at`, rounded up: -1 when there is no end (unknown), 0 once it
/// has passed.
pub fn remaining_days(ends_at: Option<EpochMs>, now: EpochMs) -> i64 {
    let Some(ends_at) = ends_at else { return -1 };
    let left = ends_at.saturating_sub(now);
    if left <= 0 {
        0
    } else {
        left / DAY_MS + i64::from(left % DAY_MS != 0)
    }
}

/// What the active/usable rules read from a record or an entry.
#[derive(Clone, Copy)]
struct Term {
    status: SubscriptionStatus,
    lifetime: bool,
    ends_at: Option<EpochMs>,
}

impl Term {
    fn ends_later(self, now: EpochMs) -> bool {
        self.ends_at.is_some_and(|end| end > now)
    }

    /// Status `active`, and lifetime or `ends_at` still ahead.
    fn is_active(self, now: EpochMs) -> bool {
        self.status == SubscriptionStatus::Active && (self.lifetime || self.ends_later(now))
    }

    /// Active, or `cancelled` with paid time left. A cancelled lifetime (cancel is never
    /// offered for lifetime, so that is a revocation) is not usable.
    fn is_usable(self, now: EpochMs) -> bool {
        match self.status {
            SubscriptionStatus::Active => self.is_active(now),
            SubscriptionStatus::Cancelled => !self.lifetime && self.ends_later(now),
            SubscriptionStatus::Expired => false,
        }
    }

    /// The status to show: `active` or `cancelled` that is not lifetime and has no end ahead
    /// reads `expired`; a lifetime status stands as stored.
    fn shown_status(self, now: EpochMs) -> SubscriptionStatus {
        if self.lifetime || self.ends_later(now) {
            self.status
        } else {
            SubscriptionStatus::Expired
        }
    }
}

impl SubscriptionRecord {
    /// Lifetime when the plan's months equal 99.
    pub fn is_lifetime(&self) -> bool {
        self.plan.is_lifetime()
    }

    fn term(&self) -> Term {
        Term {
            status: self.status,
            lifetime: self.is_lifetime(),
            ends_at: self.ends_at,
        }
    }

    /// Status `active` and lifetime or not yet ended.
    pub fn is_active(&self, now: EpochMs) -> bool {
        self.term().is_active(now)
    }

    /// Active, or cancelled with paid time left: cancelled stays usable until `ends_at`.
    pub fn is_usable(&self, now: EpochMs) -> bool {
        self.term().is_usable(now)
    }

    /// The record as `user.subscription` shows it at `now`: past its end (and not lifetime)
    /// the status reads `expired` and `remaining_days` 0.
    pub fn entry(&self, now: EpochMs) -> SubscriptionEntry {
        SubscriptionEntry {
            id: self.id.clone(),
            status: self.term().shown_status(now),
            gateway: self.gateway,
            subscription_id: self.subscription_id.clone(),
            ends_at: self.ends_at,
            remaining_days: remaining_days(self.ends_at, now),
            subscription_plan: Some(PlanSummary {
                id: self.plan.id,
                meta: PlanMeta {
                    months: self.plan.months,
                },
            }),
        }
    }
}

impl SubscriptionEntry {
    /// Lifetime when `subscription_plan.meta.months` equals 99.
    pub fn is_lifetime(&self) -> bool {
        self.subscription_plan
            .is_some_and(|plan| plan.meta.months == LIFETIME_MONTHS)
    }

    fn term(&self) -> Term {
        Term {
            status: self.status,
            lifetime: self.is_lifetime(),
            ends_at: self.ends_at,
        }
    }

    /// Status `active` and lifetime or not yet ended.
    pub fn is_active(&self, now: EpochMs) -> bool {
        self.term().is_active(now)
    }

    /// Active, or cancelled with paid time left.
    pub fn is_usable(&self, now: EpochMs) -> bool {
        self.term().is_usable(now)
    }

    /// A gift: gateway `none` and a `subscription_id` containing `gift_`; the card says 'Active
    /// Gifted Subscription' and 'Expiring on' rather than 'Renewing on'.
    pub fn is_gift(&self) -> bool {
        self.gateway == Gateway::None
            && self
                .subscription_id
                .as_deref()
                .is_some_and(|id| id.contains("gift_"))
    }
}

/// The trial applies only when the user has no Premium record at all, whatever its status.
pub fn trial_applies(premium: Option<&SubscriptionRecord>) -> bool {
    premium.is_none()
}

/// The 14-day trial counted from sign-up: active until `created_at + 14 days`, then expired.
pub fn trial_from_signup(created_at: EpochMs, now: EpochMs) -> SubscriptionEntry {
    let ends_at = created_at.saturating_add(TRIAL_DAYS * DAY_MS);
    let status = if now < ends_at {
        SubscriptionStatus::Active
    } else {
        SubscriptionStatus::Expired
    };
    SubscriptionEntry {
        id: TRIAL_ID.to_owned(),
        status,
        gateway: Gateway::None,
        subscription_id: None,
        ends_at: Some(ends_at),
        remaining_days: remaining_days(Some(ends_at), now),
        subscription_plan: None,
    }
}

/// The subscription is active if Premium or the trial is active.
pub fn subscription_active(
    premium: Option<&SubscriptionRecord>,
    trial: Option<&SubscriptionEntry>,
    now: EpochMs,
) -> bool {
    premium.is_some_and(|p| p.is_active(now)) || trial.is_some_and(|t| t.is_active(now))
}

/// Premium includes AI when its type is `appwithai` or it is lifetime (lifetime is sold as +AI).
fn premium_includes_ai(premium: &SubscriptionRecord) -> bool {
    premium.plan_type == PremiumType::AppWithAi || premium.is_lifetime()
}

/// AI access: Premium `appwithai`, lifetime, or an add-on whose remaining days are 0 or more.
/// This says the +AI tier is the user's, not that it is paid up: see [`ai_active`].
pub fn ai_access(
    premium: Option<&SubscriptionRecord>,
    ai_addon: Option<&SubscriptionRecord>,
    now: EpochMs,
) -> bool {
    premium.is_some_and(premium_includes_ai)
        || ai_addon.is_some_and(|a| remaining_days(a.ends_at, now) >= 0)
}

/// AI active: an active Premium that includes AI, or an active add-on. The add-on needs no
/// active Premium of its own.
pub fn ai_active(
    premium: Option<&SubscriptionRecord>,
    ai_addon: Option<&SubscriptionRecord>,
    now: EpochMs,
) -> bool {
    premium.is_some_and(|p| premium_includes_ai(p) && p.is_active(now))
        || ai_addon.is_some_and(|a| a.is_active(now))
}

/// The +AI features may be used: as [`ai_active`], but a cancelled Premium or add-on counts
/// until its `ends_at`.
pub fn can_use_ai(
    premium: Option<&SubscriptionRecord>,
    ai_addon: Option<&SubscriptionRecord>,
    now: EpochMs,
) -> bool {
    premium.is_some_and(|p| premium_includes_ai(p) && p.is_usable(now))
        || ai_addon.is_some_and(|a| a.is_usable(now))
}

/// Writing is allowed while the trial is active or Premium is usable (a cancelled Premium
/// until its `ends_at`).
pub fn can_write(
    premium: Option<&SubscriptionRecord>,
    trial: Option<&SubscriptionEntry>,
    now: EpochMs,
) -> bool {
    premium.is_some_and(|p| p.is_usable(now)) || trial.is_some_and(|t| t.is_active(now))
}

/// Manuscripts are readable while the user may write, and for 60 days after Premium's
/// `ends_at` (the grace period). The grace is Premium's only: a lapsed trial gets none.
pub fn manuscripts_readable(
    premium: Option<&SubscriptionRecord>,
    trial: Option<&SubscriptionEntry>,
    now: EpochMs,
) -> bool {
    let in_grace = premium
        .and_then(|p| p.ends_at)
        .is_some_and(|end| now < end.saturating_add(GRACE_DAYS * DAY_MS));
    can_write(premium, trial, now) || in_grace
}

/// Two-factor (SMS or TOTP) may be turned on only with usable Premium; an active trial does not
/// count (without Premium the choice resets to none). This gates setting it up, not asking for
/// a factor the user already has.
pub fn can_use_two_factor(premium: Option<&SubscriptionRecord>, now: EpochMs) -> bool {
    premium.is_some_and(|p| p.is_usable(now))
}

/// Cancel is offered for an active Premium or add-on, except lifetime or gateway
/// `ambassador_balance`.
pub fn can_cancel(subscription: &SubscriptionRecord, now: EpochMs) -> bool {
    subscription.is_active(now)
        && !subscription.is_lifetime()
        && subscription.gateway != Gateway::AmbassadorBalance
}

/// 'Switch to Lifetime' is offered to an active Premium that is not lifetime.
pub fn can_switch_to_lifetime(premium: Option<&SubscriptionRecord>, now: EpochMs) -> bool {
    premium.is_some_and(|p| p.is_active(now) && !p.is_lifetime())
}

/// The +AI add-on can be bought only with an active Premium and no active AI. AI already in the
/// Premium (`appwithai` or lifetime) counts as an active add-on.
pub fn can_buy_ai_addon(
    premium: Option<&SubscriptionRecord>,
    ai_addon: Option<&SubscriptionRecord>,
    now: EpochMs,
) -> bool {
    premium.is_some_and(|p| p.is_active(now)) && !ai_active(premium, ai_addon, now)
}

/// 'Change Payment Method' is offered only for the card gateway, `stripe`, in any status: a
/// card that failed is the usual reason to change it.
pub fn can_change_payment_method(subscription: &SubscriptionRecord) -> bool {
    subscription.gateway == Gateway::Stripe
}

/// The Premium every account has with billing off: lifetime, `appwithai`, gateway `none`.
fn self_hosted_premium() -> SubscriptionRecord {
    SubscriptionRecord {
        id: SELF_HOSTED_ID.to_owned(),
        status: SubscriptionStatus::Active,
        gateway: Gateway::None,
        subscription_id: None,
        plan: PlanRef {
            id: SELF_HOSTED_PLAN_ID,
            months: LIFETIME_MONTHS,
        },
        plan_type: PremiumType::AppWithAi,
        ends_at: None,
    }
}

/// `user.subscription` with billing off (a self-hosted server): an active lifetime Premium
/// with gateway `none`, `ends_at` null and `remaining_days` -1; no add-on and no trial.
pub fn subscription_when_billing_off() -> Subscription {
    Subscription {
        premium: Some(self_hosted_premium().entry(0)),
        ai: None,
        trial: None,
    }
}

impl Entitlements {
    /// Every access rule says yes; no billing action is offered (lifetime, gateway `none`).
    pub fn billing_off() -> Self {
        derive(Some(&self_hosted_premium()), None, None, 0)
    }
}

fn derive(
    premium: Option<&SubscriptionRecord>,
    ai_addon: Option<&SubscriptionRecord>,
    trial: Option<&SubscriptionEntry>,
    now: EpochMs,
) -> Entitlements {
    Entitlements {
        subscription_active: subscription_active(premium, trial, now),
        premium_active: premium.is_some_and(|p| p.is_active(now)),
        trial_active: trial.is_some_and(|t| t.is_active(now)),
        lifetime: premium.is_some_and(SubscriptionRecord::is_lifetime),
        ai_access: ai_access(premium, ai_addon, now),
        ai_active: ai_active(premium, ai_addon, now),
        can_use_ai: can_use_ai(premium, ai_addon, now),
        can_write: can_write(premium, trial, now),
        manuscripts_readable: manuscripts_readable(premium, trial, now),
        can_use_two_factor: can_use_two_factor(premium, now),
        can_cancel_premium: premium.is_some_and(|p| can_cancel(p, now)),
        can_cancel_ai_addon: ai_addon.is_some_and(|a| can_cancel(a, now)),
        can_switch_to_lifetime: can_switch_to_lifetime(premium, now),
        can_buy_ai_addon: can_buy_ai_addon(premium, ai_addon, now),
        can_change_payment_method: premium.is_some_and(can_change_payment_method),
    }
}

/// The `user.subscription` view and every entitlement for a user who signed up at
/// `created_at`. With `billing_enabled` false the records are ignored and the account gets
/// [`subscription_when_billing_off`] and [`Entitlements::billing_off`].
pub fn entitlements(
    billing_enabled: bool,
    created_at: EpochMs,
    premium: Option<&SubscriptionRecord>,
    ai_addon: Option<&SubscriptionRecord>,
    now: EpochMs,
) -> (Subscription, Entitlements) {
    if !billing_enabled {
        return (subscription_when_billing_off(), Entitlements::billing_off());
    }
    let trial = trial_applies(premium).then(|| trial_from_signup(created_at, now));
    let subscription = Subscription {
        premium: premium.map(|p| p.entry(now)),
        ai: ai_addon.map(|a| a.entry(now)),
        trial: trial.clone(),
    };
    (subscription, derive(premium, ai_addon, trial.as_ref(), now))
}

#[cfg(test)]
mod tests;
