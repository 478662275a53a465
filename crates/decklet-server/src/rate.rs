//! Rates: a token bucket ([`Bucket`]: a WebSocket connection's messages), and one for
//! each client address's HTTP requests ([`ClientRates`], [`Limits::requests_per_second`]).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Duration;

use tokio::time::Instant;

use crate::limits::Limits;

/// A token bucket: `rate` a second, at most `burst` at once.
pub(crate) struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    at: Instant,
}

impl Bucket {
    pub(crate) fn new(rate: u32, burst: u32) -> Bucket {
        Bucket {
            tokens: f64::from(burst),
            rate: f64::from(rate),
            burst: f64::from(burst),
            at: Instant::now(),
        }
    }

    /// Whether a whole burst is available (nothing was sent for a while).
    pub(crate) fn is_full(&self) -> bool {
        let now = Instant::now();
        let gained = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens + gained >= self.burst
    }

    /// Takes a token, or answers how long until there is one.
    pub(crate) fn take(&mut self) -> Result<(), Duration> {
        let now = Instant::now();
        let gained = now.duration_since(self.at).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + gained).min(self.burst);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            // no rate at all (0): never
            Err(Duration::try_from_secs_f64((1.0 - self.tokens) / self.rate)
                .unwrap_or(Duration::MAX))
        }
    }
}

/// The most client addresses whose request rates are followed at once: past it, those
/// that kept to their rate for a whole burst (as if new) make room; if none did, a new
/// address is not followed until some do.
const CLIENTS_FOLLOWED: usize = 65_536;

/// The HTTP requests of each client address, a [`Bucket`] each.
pub(crate) struct ClientRates {
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
    rate: u32,
    burst: u32,
}

impl ClientRates {
    /// The rates `limits` allow.
    pub(crate) fn new(limits: &Limits) -> ClientRates {
        ClientRates {
            buckets: Mutex::default(),
            rate: limits.requests_per_second,
            burst: limits.request_burst,
        }
    }

    /// Counts a request of `client`: `Err` with how long until it may send one.
    pub(crate) fn take(&self, client: IpAddr) -> Result<(), Duration> {
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if !buckets.contains_key(&client) && buckets.len() >= CLIENTS_FOLLOWED {
            buckets.retain(|_, bucket| !bucket.is_full());
            if buckets.len() >= CLIENTS_FOLLOWED {
                return Ok(());
            }
        }
        buckets
            .entry(client)
            .or_insert_with(|| Bucket::new(self.rate, self.burst))
            .take()
    }
}

#[cfg(test)]
mod tests {
    use super::{Bucket, CLIENTS_FOLLOWED, ClientRates};
    use crate::limits::Limits;
    use std::net::{IpAddr, Ipv6Addr};

    fn followed(rates: &ClientRates) -> usize {
        rates.buckets.lock().map_or(0, |b| b.len())
    }

    /// However many addresses send requests, the rates followed are bounded: past
    /// the limit a new address goes unfollowed until some address has kept to its
    /// rate for a whole burst, and those make room.
    #[tokio::test(start_paused = true)]
    async fn the_addresses_followed_are_bounded() {
        let rates = ClientRates::new(&Limits {
            requests_per_second: 1,
            request_burst: 1,
            ..Limits::default()
        });
        let address = |n: usize| IpAddr::V6(Ipv6Addr::from((n as u128) << 64));
        for n in 0..CLIENTS_FOLLOWED {
            assert!(rates.take(address(n)).is_ok());
        }
        // each has used its burst: a second request waits
        assert!(rates.take(address(0)).is_err());
        assert!(rates.take(address(CLIENTS_FOLLOWED)).is_ok());
        assert_eq!(followed(&rates), CLIENTS_FOLLOWED);
        tokio::time::advance(std::time::Duration::from_secs(2)).await;
        assert!(rates.take(address(CLIENTS_FOLLOWED + 1)).is_ok());
        assert_eq!(followed(&rates), 1);
    }

    /// A rate of nothing is a wait without end, not a panic.
    #[test]
    fn no_rate_is_a_wait_without_end() {
        let mut bucket = Bucket::new(0, 1);
        assert!(bucket.take().is_ok());
        assert_eq!(bucket.take(), Err(std::time::Duration::MAX));
    }
}
