//! [`AddressCounts`]: a count for each client address, each unit held by a [`Held`]
//! that gives it back when dropped (a client's connections, its creations and joins
//! under way). An address whose count falls to nothing is forgotten.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// A count for each client address (clone it freely: it is shared).
#[derive(Clone, Debug, Default)]
pub(crate) struct AddressCounts(Arc<Mutex<HashMap<IpAddr, usize>>>);

impl AddressCounts {
    /// One more for `client` if `allowed` says so of its count now (called under the
    /// counts' lock: what it reads is not counted meanwhile).
    pub(crate) fn take_if(
        &self,
        client: IpAddr,
        allowed: impl FnOnce(usize) -> bool,
    ) -> Option<Held> {
        let mut counts = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let count = counts.get(&client).copied().unwrap_or(0);
        if !allowed(count) {
            return None;
        }
        counts.insert(client, count.saturating_add(1));
        Some(Held {
            counts: self.clone(),
            client,
        })
    }
}

/// One unit of a client address's count, given back when dropped.
#[derive(Debug)]
pub(crate) struct Held {
    counts: AddressCounts,
    client: IpAddr,
}

impl Held {
    /// The client address it counts for.
    pub(crate) fn client(&self) -> IpAddr {
        self.client
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut counts = self.counts.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = counts.get_mut(&self.client) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                counts.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::AddressCounts;
    use std::net::IpAddr;

    /// Each unit is given back once, and an address back at nothing is forgotten.
    #[test]
    fn units_are_given_back_when_dropped() {
        let counts = AddressCounts::default();
        let ann: IpAddr = [10, 0, 0, 1].into();
        let first = counts.take_if(ann, |n| n < 2);
        let second = counts.take_if(ann, |n| n < 2);
        assert!(first.is_some() && second.is_some());
        assert!(counts.take_if(ann, |n| n < 2).is_none());
        drop(first);
        let third = counts.take_if(ann, |n| n < 2);
        assert_eq!(third.as_ref().map(super::Held::client), Some(ann));
        drop((second, third));
        assert!(counts.0.lock().is_ok_and(|c| c.is_empty()));
    }
}
