use super::*;

const NOW: EpochMs = 1_800_000_000_000;

fn record(status: SubscriptionStatus, months: i64, ends_at: Option<EpochMs>) -> SubscriptionRecord {
    SubscriptionRecord {
        id: "sub".to_owned(),
        status,
        gateway: Gateway::Stripe,
        subscription_id: Some("sub_123".to_owned()),
        plan: PlanRef { id: 2, months },
        plan_type: PremiumType::App,
        ends_at,
    }
}

fn monthly(status: SubscriptionStatus, days_from_now: i64) -> SubscriptionRecord {
    record(status, 1, Some(NOW + days_from_now * DAY_MS))
}

fn lifetime() -> SubscriptionRecord {
    record(SubscriptionStatus::Active, LIFETIME_MONTHS, None)
}

fn with_type(mut r: SubscriptionRecord, plan_type: PremiumType) -> SubscriptionRecord {
    r.plan_type = plan_type;
    r
}

fn with_gateway(mut r: SubscriptionRecord, gateway: Gateway) -> SubscriptionRecord {
    r.gateway = gateway;
    r
}

use SubscriptionStatus::{Active, Cancelled, Expired};

#[test]
fn remaining_days_round_up_are_minus_one_when_unknown_and_zero_once_past() {
    let days = |ends_at| remaining_days(ends_at, NOW);
    assert_eq!(days(None), -1);
    assert_eq!(days(Some(NOW + 1)), 1);
    assert_eq!(days(Some(NOW + DAY_MS)), 1);
    assert_eq!(days(Some(NOW + DAY_MS + 1)), 2);
    assert_eq!(days(Some(NOW)), 0);
    assert_eq!(days(Some(NOW - 5 * DAY_MS)), 0);
    let far = remaining_days(Some(i64::MAX), i64::MIN);
    assert_eq!(far, i64::MAX / DAY_MS + 1);
}

#[test]
fn a_subscription_past_its_end_reads_expired_unless_lifetime() {
    let shown = |status, lifetime, ends_at| {
        Term {
            status,
            lifetime,
            ends_at,
        }
        .shown_status(NOW)
    };
    assert_eq!(shown(Active, false, Some(NOW - 1)), Expired);
    assert_eq!(shown(Cancelled, false, Some(NOW)), Expired);
    assert_eq!(shown(Active, false, None), Expired);
    assert_eq!(shown(Cancelled, false, Some(NOW + 1)), Cancelled);
    assert_eq!(shown(Active, true, None), Active);
    assert_eq!(shown(Expired, false, Some(NOW + DAY_MS)), Expired);
    assert_eq!(monthly(Cancelled, -1).entry(NOW).status, Expired);
}

#[test]
fn a_record_shows_as_an_entry_with_its_plan_and_days_left() {
    let entry = monthly(Active, 3).entry(NOW);
    assert_eq!(entry.id, "sub");
    assert_eq!(entry.status, Active);
    assert_eq!(entry.remaining_days, 3);
    assert_eq!(
        entry.subscription_plan,
        Some(PlanSummary {
            id: 2,
            meta: PlanMeta { months: 1 }
        })
    );
    let ended = monthly(Active, -3).entry(NOW);
    assert_eq!((ended.status, ended.remaining_days), (Expired, 0));
}

#[test]
fn an_entry_is_active_only_with_status_active_and_an_end_ahead_or_lifetime() {
    assert!(monthly(Active, 1).is_active(NOW));
    assert!(!monthly(Active, -1).is_active(NOW));
    assert!(!record(Active, 1, None).is_active(NOW));
    assert!(!monthly(Cancelled, 10).is_active(NOW));
    assert!(!monthly(Expired, 10).is_active(NOW));
    assert!(lifetime().is_active(NOW));
    assert!(monthly(Active, 1).entry(NOW).is_active(NOW));
    assert!(lifetime().entry(NOW).is_active(NOW));
}

#[test]
fn a_cancelled_subscription_stays_usable_until_it_ends() {
    assert!(monthly(Cancelled, 10).is_usable(NOW));
    assert!(!monthly(Cancelled, -1).is_usable(NOW));
    assert!(monthly(Active, 10).is_usable(NOW));
    assert!(!monthly(Expired, 10).is_usable(NOW));
    let revoked = SubscriptionRecord {
        status: Cancelled,
        ..lifetime()
    };
    assert!(!revoked.is_usable(NOW));
    assert!(monthly(Cancelled, 10).entry(NOW).is_usable(NOW));
}

#[test]
fn a_plan_of_99_months_is_lifetime_and_never_expires() {
    assert!(PlanRef { id: 4, months: 99 }.is_lifetime());
    assert!(!PlanRef { id: 3, months: 12 }.is_lifetime());
    let old_end = SubscriptionRecord {
        ends_at: Some(NOW - 1000 * DAY_MS),
        ..lifetime()
    };
    assert!(old_end.is_active(NOW));
    assert_eq!(old_end.entry(NOW).status, Active);
    assert!(lifetime().entry(NOW).is_lifetime());
}

#[test]
fn a_gift_has_gateway_none_and_a_gift_subscription_id() {
    let gift = SubscriptionRecord {
        gateway: Gateway::None,
        subscription_id: Some("gift_abc".to_owned()),
        ..monthly(Active, 30)
    };
    assert!(gift.entry(NOW).is_gift());
    assert!(!monthly(Active, 30).entry(NOW).is_gift());
    let no_id = SubscriptionRecord {
        subscription_id: None,
        ..gift
    };
    assert!(!no_id.entry(NOW).is_gift());
}

#[test]
fn a_trial_applies_only_when_there_is_no_premium() {
    assert!(trial_applies(None));
    assert!(!trial_applies(Some(&monthly(Expired, -100))));
    let (view, _) = entitlements(true, NOW, Some(&monthly(Expired, -1)), None, NOW);
    assert_eq!(view.trial, None);
}

#[test]
fn the_trial_runs_fourteen_days_from_sign_up() {
    let fresh = trial_from_signup(NOW, NOW);
    assert_eq!(fresh.status, Active);
    assert_eq!(fresh.remaining_days, TRIAL_DAYS);
    assert_eq!(fresh.ends_at, Some(NOW + TRIAL_DAYS * DAY_MS));
    assert_eq!(fresh.gateway, Gateway::None);
    assert!(fresh.is_active(NOW));
    let last_hour = trial_from_signup(NOW - TRIAL_DAYS * DAY_MS + 3_600_000, NOW);
    assert_eq!((last_hour.status, last_hour.remaining_days), (Active, 1));
    let over = trial_from_signup(NOW - TRIAL_DAYS * DAY_MS, NOW);
    assert_eq!((over.status, over.remaining_days), (Expired, 0));
    assert!(!over.is_active(NOW));
}

#[test]
fn the_subscription_is_active_when_premium_or_the_trial_is() {
    let trial = trial_from_signup(NOW, NOW);
    let lapsed = trial_from_signup(NOW - 30 * DAY_MS, NOW);
    assert!(subscription_active(None, Some(&trial), NOW));
    assert!(subscription_active(Some(&monthly(Active, 5)), None, NOW));
    assert!(!subscription_active(None, Some(&lapsed), NOW));
    let cancelled = monthly(Cancelled, 5);
    assert!(!subscription_active(Some(&cancelled), None, NOW));
    assert!(!subscription_active(None, None, NOW));
}

#[test]
fn ai_access_comes_from_appwithai_lifetime_or_an_addon_with_known_days() {
    let app = monthly(Active, 5);
    let with_ai = with_type(monthly(Expired, -5), PremiumType::AppWithAi);
    assert!(!ai_access(Some(&app), None, NOW));
    assert!(ai_access(Some(&with_ai), None, NOW));
    assert!(ai_access(Some(&lifetime()), None, NOW));
    assert!(ai_access(Some(&app), Some(&monthly(Expired, -5)), NOW));
    assert!(!ai_access(Some(&app), Some(&record(Active, 1, None)), NOW));
    assert!(!ai_access(None, None, NOW));
}

#[test]
fn ai_is_active_with_an_active_ai_premium_or_an_active_addon() {
    let with_ai = with_type(monthly(Active, 5), PremiumType::AppWithAi);
    let app = monthly(Active, 5);
    assert!(ai_active(Some(&with_ai), None, NOW));
    assert!(ai_active(Some(&lifetime()), None, NOW));
    assert!(!ai_active(Some(&app), None, NOW));
    assert!(ai_active(Some(&app), Some(&monthly(Active, 5)), NOW));
    assert!(!ai_active(Some(&app), Some(&monthly(Expired, -1)), NOW));
    let lapsed_ai = with_type(monthly(Active, -1), PremiumType::AppWithAi);
    assert!(!ai_active(Some(&lapsed_ai), None, NOW));
}

#[test]
fn ai_can_be_used_until_a_cancelled_plan_or_addon_ends() {
    let app = monthly(Active, 5);
    let cancelled_ai = with_type(monthly(Cancelled, 5), PremiumType::AppWithAi);
    assert!(can_use_ai(Some(&cancelled_ai), None, NOW));
    assert!(!ai_active(Some(&cancelled_ai), None, NOW));
    assert!(can_use_ai(Some(&app), Some(&monthly(Cancelled, 5)), NOW));
    assert!(!can_use_ai(Some(&app), Some(&monthly(Cancelled, -1)), NOW));
    assert!(!can_use_ai(Some(&app), None, NOW));
}

#[test]
fn writing_is_allowed_only_while_the_trial_or_premium_runs() {
    let trial = trial_from_signup(NOW, NOW);
    let lapsed = trial_from_signup(NOW - 30 * DAY_MS, NOW);
    assert!(can_write(None, Some(&trial), NOW));
    assert!(!can_write(None, Some(&lapsed), NOW));
    assert!(can_write(Some(&monthly(Active, 1)), None, NOW));
    assert!(can_write(Some(&monthly(Cancelled, 1)), None, NOW));
    assert!(!can_write(Some(&monthly(Active, -1)), None, NOW));
    assert!(can_write(Some(&lifetime()), None, NOW));
}

#[test]
fn manuscripts_stay_readable_for_sixty_days_after_premium_ends() {
    let readable = |premium: &SubscriptionRecord| manuscripts_readable(Some(premium), None, NOW);
    assert!(readable(&monthly(Active, 5)));
    assert!(readable(&monthly(Expired, -59)));
    assert!(readable(&monthly(Cancelled, -59)));
    assert!(!readable(&monthly(Expired, -GRACE_DAYS)));
    assert!(!readable(&record(Expired, 1, None)));
    let lapsed = trial_from_signup(NOW - 30 * DAY_MS, NOW);
    assert!(!manuscripts_readable(None, Some(&lapsed), NOW));
    let trial = trial_from_signup(NOW, NOW);
    assert!(manuscripts_readable(None, Some(&trial), NOW));
}

#[test]
fn two_factor_needs_running_premium_and_a_trial_does_not_count() {
    assert!(can_use_two_factor(Some(&monthly(Active, 5)), NOW));
    assert!(can_use_two_factor(Some(&monthly(Cancelled, 5)), NOW));
    assert!(can_use_two_factor(Some(&lifetime()), NOW));
    assert!(!can_use_two_factor(Some(&monthly(Expired, -1)), NOW));
    assert!(!can_use_two_factor(None, NOW));
    let (_, trial_user) = entitlements(true, NOW, None, None, NOW);
    assert!(trial_user.trial_active && !trial_user.can_use_two_factor);
}

#[test]
fn cancel_is_not_offered_for_lifetime_ambassador_balance_or_an_inactive_plan() {
    assert!(can_cancel(&monthly(Active, 5), NOW));
    let paypal = with_gateway(monthly(Active, 5), Gateway::Paypal);
    assert!(can_cancel(&paypal, NOW));
    assert!(!can_cancel(&lifetime(), NOW));
    let ambassador = with_gateway(monthly(Active, 5), Gateway::AmbassadorBalance);
    assert!(!can_cancel(&ambassador, NOW));
    assert!(!can_cancel(&monthly(Cancelled, 5), NOW));
    assert!(!can_cancel(&monthly(Active, -1), NOW));
}

#[test]
fn switch_to_lifetime_is_offered_to_active_non_lifetime_premium() {
    assert!(can_switch_to_lifetime(Some(&monthly(Active, 5)), NOW));
    assert!(!can_switch_to_lifetime(Some(&lifetime()), NOW));
    assert!(!can_switch_to_lifetime(Some(&monthly(Cancelled, 5)), NOW));
    assert!(!can_switch_to_lifetime(Some(&monthly(Active, -1)), NOW));
    assert!(!can_switch_to_lifetime(None, NOW));
}

#[test]
fn the_ai_addon_is_sold_only_to_active_premium_without_active_ai() {
    let app = monthly(Active, 5);
    let buy = |premium: &SubscriptionRecord, addon: Option<&SubscriptionRecord>| {
        can_buy_ai_addon(Some(premium), addon, NOW)
    };
    assert!(buy(&app, None));
    assert!(buy(&app, Some(&monthly(Expired, -1))));
    assert!(!buy(&app, Some(&monthly(Active, 5))));
    assert!(!buy(
        &with_type(monthly(Active, 5), PremiumType::AppWithAi),
        None
    ));
    assert!(!buy(&lifetime(), None));
    assert!(!buy(&monthly(Cancelled, 5), None));
    assert!(!can_buy_ai_addon(None, None, NOW));
}

#[test]
fn change_payment_method_is_offered_only_for_the_card_gateway() {
    assert!(can_change_payment_method(&monthly(Active, 5)));
    assert!(can_change_payment_method(&monthly(Expired, -5)));
    use Gateway::{Amazonpay, AmbassadorBalance, None, Paypal};
    for gateway in [None, Paypal, Amazonpay, AmbassadorBalance] {
        let other = with_gateway(monthly(Active, 5), gateway);
        assert!(!can_change_payment_method(&other));
    }
}

#[test]
fn with_billing_off_every_account_is_entitled_to_everything() {
    let expired = monthly(Expired, -500);
    let (view, rights) = entitlements(false, NOW - 1000 * DAY_MS, Some(&expired), None, NOW);
    assert_eq!(view, subscription_when_billing_off());
    assert_eq!(rights, Entitlements::billing_off());
    let premium = view.premium.expect("a premium entry");
    assert_eq!(premium.status, Active);
    assert_eq!(premium.gateway, Gateway::None);
    assert_eq!((premium.ends_at, premium.remaining_days), (None, -1));
    assert!(premium.is_active(NOW) && premium.is_lifetime());
    assert_eq!((view.ai, view.trial), (None, None));
    assert!(rights.subscription_active && rights.premium_active && rights.lifetime);
    assert!(rights.ai_access && rights.ai_active && rights.can_use_ai);
    assert!(rights.can_write && rights.manuscripts_readable && rights.can_use_two_factor);
    assert!(!rights.trial_active);
    assert!(!rights.can_cancel_premium && !rights.can_cancel_ai_addon);
    assert!(!rights.can_switch_to_lifetime && !rights.can_buy_ai_addon);
    assert!(!rights.can_change_payment_method);
}

#[test]
fn entitlements_combine_the_records_the_trial_and_every_rule() {
    let premium = monthly(Active, 20);
    let addon = with_type(monthly(Cancelled, 3), PremiumType::Ai);
    let (view, rights) = entitlements(true, NOW - 100 * DAY_MS, Some(&premium), Some(&addon), NOW);
    assert_eq!(view.premium, Some(premium.entry(NOW)));
    assert_eq!(view.ai, Some(addon.entry(NOW)));
    assert_eq!(view.trial, None);
    let expected = Entitlements {
        subscription_active: true,
        premium_active: true,
        trial_active: false,
        lifetime: false,
        ai_access: true,
        ai_active: false,
        can_use_ai: true,
        can_write: true,
        manuscripts_readable: true,
        can_use_two_factor: true,
        can_cancel_premium: true,
        can_cancel_ai_addon: false,
        can_switch_to_lifetime: true,
        can_buy_ai_addon: true,
        can_change_payment_method: true,
    };
    assert_eq!(rights, expected);

    let (view, rights) = entitlements(true, NOW - DAY_MS, None, None, NOW);
    assert_eq!(view.trial, Some(trial_from_signup(NOW - DAY_MS, NOW)));
    assert!(rights.subscription_active && rights.trial_active && rights.can_write);
    assert!(!rights.premium_active && !rights.ai_access && !rights.can_switch_to_lifetime);
}

#[test]
fn the_subscription_serialises_with_the_spec_field_names() {
    let record = SubscriptionRecord {
        gateway: Gateway::AmbassadorBalance,
        ..monthly(Active, 2)
    };
    let view = Subscription {
        premium: Some(record.entry(NOW)),
        ai: None,
        trial: None,
    };
    let json = serde_json::to_value(&view).expect("serialises");
    assert_eq!(
        json,
        serde_json::json!({
            "premium": {
                "id": "sub",
                "status": "active",
                "gateway": "ambassador_balance",
                "subscription_id": "sub_123",
                "ends_at": NOW + 2 * DAY_MS,
                "remaining_days": 2,
                "subscription_plan": { "id": 2, "meta": { "months": 1 } }
            },
            "ai": null,
            "trial": null
        })
    );
    let back: Subscription = serde_json::from_value(json).expect("deserialises");
    assert_eq!(back, view);
    assert_eq!(serde_json::json!(PremiumType::AppWithAi), "appwithai");
    assert_eq!(serde_json::json!(Gateway::Amazonpay), "amazonpay");
    assert_eq!(serde_json::json!(Cancelled), "cancelled");
}
