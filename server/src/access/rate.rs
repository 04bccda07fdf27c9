//! Small keyed rate limits for requests anyone may make, the same `governor` approach as the
//! API tokens' rates (`access::tokens::TokenGate`): applications (issue 26) are limited per
//! Discord account and per address, so one person or one machine cannot flood an agency's
//! reviewers. Per instance, like the tokens' rates.

use std::{
    hash::Hash,
    net::{IpAddr, Ipv6Addr, SocketAddr},
    num::NonZeroU32,
};

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::request::Parts,
};
use governor::{clock::Clock, DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::{config::Config, error::AppError, tenancy::TenancyState};

/// Keys a limiter keeps before it forgets those that are full again.
const KEYS_KEPT: usize = 50_000;

/// `per_hour` requests an hour per key, at most that many at once.
pub struct KeyedGate<K: Hash + Eq + Clone> {
    limiter: DefaultKeyedRateLimiter<K>,
    clock: governor::clock::DefaultClock,
}

impl<K: Hash + Eq + Clone> KeyedGate<K> {
    pub fn per_hour(per_hour: u32) -> Self {
        let rate = NonZeroU32::new(per_hour).unwrap_or(NonZeroU32::MIN);
        Self {
            limiter: RateLimiter::keyed(Quota::per_hour(rate).allow_burst(rate)),
            clock: governor::clock::DefaultClock::default(),
        }
    }

    /// Takes one request of `key`'s allowance, or answers how many seconds until the next.
    pub fn check(&self, key: &K) -> Result<(), u64> {
        if self.limiter.len() > KEYS_KEPT {
            self.limiter.retain_recent();
        }
        self.limiter
            .check_key(key)
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()).as_secs().max(1))
    }
}

/// "6 minutes", "40 seconds".
pub fn wait_words(seconds: u64) -> String {
    if seconds >= 120 {
        format!("{} minutes", seconds.div_ceil(60))
    } else if seconds == 1 {
        "1 second".into()
    } else {
        format!("{seconds} seconds")
    }
}

/// The sentence of an account past its rate.
pub fn too_many_from_account(wait: u64) -> String {
    format!("You have sent too many applications; try again in {}.", wait_words(wait))
}

/// The sentence of an address past its rate.
pub fn too_many_from_address(wait: u64) -> String {
    format!("Too many applications come from your network; try again in {}.", wait_words(wait))
}

/// Applications' rates: `per_hour` tries an hour per Discord account (`PORTAL_APPLY_RATE`),
/// three times as many per address (people behind one router, a club, a school).
pub struct ApplyGate {
    accounts: KeyedGate<String>,
    addresses: KeyedGate<IpAddr>,
}

impl ApplyGate {
    pub fn new(per_hour: u32) -> Self {
        Self {
            accounts: KeyedGate::per_hour(per_hour),
            addresses: KeyedGate::per_hour(per_hour.saturating_mul(3)),
        }
    }

    /// Counts one try by `account` from `address`; past either rate, 429 with `Retry-After`
    /// and a sentence.
    pub fn admit(&self, account: &str, address: Option<IpAddr>) -> Result<(), AppError> {
        let refused =
            |message: String, retry_after: u64| AppError::TooManyRequests { message, retry_after };
        self.accounts
            .check(&account.to_owned())
            .map_err(|wait| refused(too_many_from_account(wait), wait))?;
        if let Some(address) = address {
            self.addresses
                .check(&network(address))
                .map_err(|wait| refused(too_many_from_address(wait), wait))?;
        }
        Ok(())
    }
}

/// An address as the rates count it: an IPv6 address by its /64 network (one household or
/// machine holds a whole /64), an IPv4 address as it is.
pub fn network(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut segments = v6.segments();
                segments[4..].fill(0);
                IpAddr::V6(Ipv6Addr::from(segments))
            }
        },
    }
}

/// The address a request came from: the peer, or, when the peer is one of the trusted
/// reverse proxies (`PORTAL_TRUSTED_PROXIES`), the nearest address in `X-Forwarded-For` that
/// is not one of them (what a client writes further left is not believed).
pub fn client_address(
    config: &Config,
    peer: Option<IpAddr>,
    forwarded_for: Option<&str>,
) -> Option<IpAddr> {
    let trusted = |ip: &IpAddr| config.trusted_proxies.iter().any(|net| net.contains(ip));
    let peer = peer?;
    if !trusted(&peer) {
        return Some(peer);
    }
    let chain: Vec<IpAddr> = forwarded_for
        .unwrap_or_default()
        .split(',')
        .filter_map(|hop| hop.trim().parse().ok())
        .collect();
    Some(chain.into_iter().rev().find(|ip| !trusted(ip)).unwrap_or(peer))
}

/// The request's [`client_address`], as an extractor.
pub struct ClientAddress(pub Option<IpAddr>);

impl<S: TenancyState> FromRequestParts<S> for ClientAddress {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        let forwarded = parts.headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
        Ok(Self(client_address(state.config(), peer, forwarded)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(proxies: &str) -> Config {
        Config::from_lookup(|k| match k {
            "DATABASE_URL" => Some("postgres://portal@127.0.0.1/portal".into()),
            "PORTAL_TRUSTED_PROXIES" => Some(proxies.into()),
            _ => None,
        })
        .unwrap()
    }

    #[test]
    fn a_key_has_its_allowance_and_then_waits() {
        let gate = ApplyGate::new(2);
        let home: IpAddr = "203.0.113.7".parse().unwrap();
        assert!(gate.admit("1", Some(home)).is_ok());
        assert!(gate.admit("1", Some(home)).is_ok());
        let AppError::TooManyRequests { message, retry_after } =
            gate.admit("1", Some(home)).unwrap_err()
        else {
            panic!("not a 429")
        };
        assert!(message.starts_with("You have sent too many applications; try again in "));
        assert!((1700..=1800).contains(&retry_after), "{retry_after}");
        // Another account from the same address: its own allowance, until the address's ends.
        assert!(gate.admit("2", Some(home)).is_ok());
        assert!(gate.admit("2", Some(home)).is_ok());
        assert!(gate.admit("3", Some(home)).is_ok());
        assert!(gate.admit("3", Some(home)).is_ok());
        let refused = gate.admit("4", Some(home)).unwrap_err().to_string();
        assert!(refused.starts_with("Too many applications come from your network"), "{refused}");
        assert_eq!(wait_words(1), "1 second");
        assert_eq!(wait_words(45), "45 seconds");
        assert_eq!(wait_words(1799), "30 minutes");
    }

    #[test]
    fn addresses_are_counted_by_network_and_through_trusted_proxies_only() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        assert_eq!(network(a), network(b));
        assert_eq!(network("::ffff:198.51.100.4".parse().unwrap()).to_string(), "198.51.100.4");

        let none = config("");
        let peer: IpAddr = "10.0.0.5".parse().unwrap();
        let spoofed = Some("198.51.100.1");
        assert_eq!(client_address(&none, Some(peer), spoofed), Some(peer));
        let behind = config("10.0.0.0/8");
        assert_eq!(
            client_address(&behind, Some(peer), Some("192.0.2.9, 198.51.100.1, 10.0.0.3")),
            Some("198.51.100.1".parse().unwrap())
        );
        assert_eq!(client_address(&behind, Some(peer), None), Some(peer));
        assert_eq!(client_address(&behind, None, spoofed), None);
    }
}
