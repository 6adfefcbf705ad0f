//! The session limits: at most `--max-sessions` connections at once, at most
//! `--max-per-ip` from one address. A [`Slot`] is held for a connection's whole life and
//! given back when it is dropped, however the connection ends.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// Why a connection got no slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Full {
    /// `--max-sessions` connections are open.
    #[error("the server is full ({0} sessions)")]
    Server(usize),
    /// `--max-per-ip` connections are open from this address.
    #[error("{0} sessions from this address already")]
    Address(usize),
}

/// Open connections, in all and per address.
#[derive(Debug)]
pub struct Slots {
    max_total: usize,
    max_per_ip: usize,
    open: Mutex<(usize, HashMap<IpAddr, usize>)>,
}

impl Slots {
    /// Limits of `max_total` connections, `max_per_ip` from one address.
    #[must_use]
    pub fn new(max_total: usize, max_per_ip: usize) -> Arc<Self> {
        Arc::new(Self {
            max_total,
            max_per_ip,
            open: Mutex::new((0, HashMap::new())),
        })
    }

    /// A slot for a connection from `ip`, if the limits allow one. O(1).
    ///
    /// # Errors
    /// [`Full`] saying which limit was reached.
    pub fn take(self: &Arc<Self>, ip: IpAddr) -> Result<Slot, Full> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let (total, per_ip) = &mut *open;
        if *total >= self.max_total {
            return Err(Full::Server(*total));
        }
        let mine = per_ip.entry(ip).or_insert(0);
        if *mine >= self.max_per_ip {
            return Err(Full::Address(*mine));
        }
        *mine += 1;
        *total += 1;
        Ok(Slot {
            slots: Arc::clone(self),
            ip,
        })
    }

    /// Connections open now.
    #[must_use]
    pub fn open(&self) -> usize {
        self.open.lock().unwrap_or_else(PoisonError::into_inner).0
    }
}

/// One connection's place; dropping it frees the place.
#[derive(Debug)]
pub struct Slot {
    slots: Arc<Slots>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self
            .slots
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        let (total, per_ip) = &mut *open;
        *total = total.saturating_sub(1);
        if let Some(mine) = per_ip.get_mut(&self.ip) {
            *mine = mine.saturating_sub(1);
            if *mine == 0 {
                per_ip.remove(&self.ip);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_hold_and_dropped_slots_come_back() {
        let slots = Slots::new(3, 2);
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let a1 = slots.take(a).expect("first");
        let _a2 = slots.take(a).expect("second");
        assert_eq!(slots.take(a).expect_err("per ip"), Full::Address(2));
        let _b1 = slots.take(b).expect("other address");
        assert_eq!(slots.take(b).expect_err("total"), Full::Server(3));
        drop(a1);
        assert_eq!(slots.open(), 2);
        assert!(slots.take(a).is_ok(), "a freed slot is taken again");
    }
}
