//! In-process rate limits with backoff for the endpoints an attacker would hammer (sign-in,
//! sign-up, password reset, two-factor codes).
//!
//! Two kinds of key: per client IP (a token bucket: a burst, then a steady rate) and per
//! account (consecutive failures lead to an exponentially growing wait, reset by a success).
//! State lives in this process; with several instances each enforces its own share.

use std::collections::HashMap;
use std::sync::Mutex;

use quire_core::time::now_ms;

use crate::error::ApiError;

/// A bucket's shape: `burst` requests at once, refilled at one per `refill_ms`.
#[derive(Debug, Clone, Copy)]
pub struct Rate {
    pub burst: u32,
    pub refill_ms: i64,
}

/// Sign-in, sign-up, reset and code attempts per IP: 20 at once, then one every 3 s.
pub const PER_IP: Rate = Rate {
    burst: 20,
    refill_ms: 3_000,
};

/// Failures allowed per account before waits begin.
const FREE_FAILURES: u32 = 5;
/// The longest wait after repeated failures.
const MAX_BACKOFF_MS: i64 = 15 * 60 * 1000;
/// Entries are dropped after this long untouched.
const FORGET_AFTER_MS: i64 = 60 * 60 * 1000;

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    updated_at: i64,
}

#[derive(Debug, Clone, Copy)]
struct Failures {
    count: u32,
    last_at: i64,
}

/// The limiter shared by all requests.
#[derive(Debug, Default)]
pub struct RateLimiter {
    buckets: Mutex<HashMap<String, Bucket>>,
    failures: Mutex<HashMap<String, Failures>>,
}

impl RateLimiter {
    /// Takes one request from `key`'s bucket, or refuses with the wait until the next token.
    pub fn check(&self, key: &str, rate: Rate) -> Result<(), ApiError> {
        self.check_at(key, rate, now_ms())
    }

    fn check_at(&self, key: &str, rate: Rate, now: i64) -> Result<(), ApiError> {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > 100_000 {
            buckets.retain(|_, b| now - b.updated_at < FORGET_AFTER_MS);
        }
        let bucket = buckets.entry(key.to_owned()).or_insert(Bucket {
            tokens: f64::from(rate.burst),
            updated_at: now,
        });
        let refilled = (now - bucket.updated_at) as f64 / rate.refill_ms as f64;
        bucket.tokens = (bucket.tokens + refilled).min(f64::from(rate.burst));
        bucket.updated_at = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            let wait_ms = ((1.0 - bucket.tokens) * rate.refill_ms as f64).ceil() as i64;
            Err(ApiError::TooManyRequests {
                retry_after_secs: u64::try_from((wait_ms + 999) / 1000).unwrap_or(1).max(1),
            })
        }
    }

    /// Refuses while `key` (an account) is waiting out its backoff.
    pub fn check_backoff(&self, key: &str) -> Result<(), ApiError> {
        self.check_backoff_at(key, now_ms())
    }

    fn check_backoff_at(&self, key: &str, now: i64) -> Result<(), ApiError> {
        let failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        match failures.get(key) {
            Some(f) if f.count >= FREE_FAILURES => {
                let wait = backoff_ms(f.count);
                let until = f.last_at + wait;
                if now < until {
                    Err(ApiError::TooManyRequests {
                        retry_after_secs: u64::try_from((until - now + 999) / 1000).unwrap_or(1),
                    })
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }

    /// Records a failed attempt for `key`.
    pub fn failed(&self, key: &str) {
        let now = now_ms();
        let mut failures = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        if failures.len() > 100_000 {
            failures.retain(|_, f| now - f.last_at < FORGET_AFTER_MS);
        }
        let entry = failures.entry(key.to_owned()).or_insert(Failures {
            count: 0,
            last_at: now,
        });
        if now - entry.last_at > FORGET_AFTER_MS {
            entry.count = 0;
        }
        entry.count += 1;
        entry.last_at = now;
    }

    /// Clears `key`'s failures after a success.
    pub fn succeeded(&self, key: &str) {
        self.failures
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(key);
    }
}

/// The wait after `count` consecutive failures: 1 s after the fifth, doubling, at most 15 min.
fn backoff_ms(count: u32) -> i64 {
    let exponent = count.saturating_sub(FREE_FAILURES).min(20);
    (1000_i64 << exponent).min(MAX_BACKOFF_MS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_its_burst_then_refuses_until_it_refills() {
        let limiter = RateLimiter::default();
        let rate = Rate {
            burst: 3,
            refill_ms: 1000,
        };
        for _ in 0..3 {
            assert!(limiter.check_at("ip:1", rate, 0).is_ok());
        }
        assert!(matches!(
            limiter.check_at("ip:1", rate, 0),
            Err(ApiError::TooManyRequests {
                retry_after_secs: 1
            })
        ));
        assert!(limiter.check_at("ip:1", rate, 1000).is_ok());
        assert!(
            limiter.check_at("ip:2", rate, 0).is_ok(),
            "keys are independent"
        );
    }

    #[test]
    fn repeated_failures_lead_to_growing_waits_and_a_success_clears_them() {
        let limiter = RateLimiter::default();
        for _ in 0..5 {
            limiter.failed("acct:a");
        }
        assert!(limiter.check_backoff("acct:a").is_err());
        assert_eq!(backoff_ms(5), 1000);
        assert_eq!(backoff_ms(6), 2000);
        assert_eq!(backoff_ms(40), MAX_BACKOFF_MS);
        limiter.succeeded("acct:a");
        assert!(limiter.check_backoff("acct:a").is_ok());
    }

    #[test]
    fn fewer_than_five_failures_do_not_slow_anyone_down() {
        let limiter = RateLimiter::default();
        for _ in 0..4 {
            limiter.failed("acct:b");
        }
        assert!(limiter.check_backoff("acct:b").is_ok());
    }
}
