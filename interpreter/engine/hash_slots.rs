//! A table from the hashes of positions to where they are kept, for the turn search:
//! open addressing over one array, emptied in constant time by a stamp, with two
//! positions of one hash told apart by the caller's comparison.

/// One entry: a hash, what it maps to, and the clearing it belongs to.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    hash: u64,
    value: u32,
    stamp: u32,
}

#[derive(Debug, Default)]
pub(crate) struct HashSlots {
    slots: Vec<Slot>,
    /// Entries whose stamp is not this one are empty.
    stamp: u32,
    len: usize,
}

impl HashSlots {
    /// Empties the table without touching its entries.
    pub(crate) fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            // After 2^32 clearings an old entry could look current: wipe them once.
            self.slots.fill(Slot::default());
            self.stamp = 1;
        }
        self.len = 0;
    }

    /// The value of the entry of `hash` for which `same` holds, if any; else stores
    /// `fresh` under `hash` and returns `None`.
    #[inline]
    pub(crate) fn find_or_insert(
        &mut self,
        hash: u64,
        fresh: u32,
        mut same: impl FnMut(u32) -> bool,
    ) -> Option<u32> {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot.stamp != self.stamp {
                self.slots[i] = Slot {
                    hash,
                    value: fresh,
                    stamp: self.stamp,
                };
                self.len += 1;
                return None;
            }
            if slot.hash == hash && same(slot.value) {
                return Some(slot.value);
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the table (at least 64 entries), moving the current entries over.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(64);
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); size]);
        let stamp = self.stamp.max(1);
        self.stamp = stamp;
        let mask = size - 1;
        for slot in old.into_iter().filter(|s| s.stamp == stamp) {
            let mut i = slot.hash as usize & mask;
            while self.slots[i].stamp == stamp {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_hash_holds_several_values_told_apart() {
        let mut t = HashSlots::default();
        t.clear();
        assert_eq!(t.find_or_insert(7, 1, |_| true), None);
        // Another value of the same hash: the comparison says it is not the first.
        assert_eq!(t.find_or_insert(7, 2, |v| v == 2), None);
        assert_eq!(t.find_or_insert(7, 9, |v| v == 2), Some(2));
        assert_eq!(t.find_or_insert(7, 9, |v| v == 1), Some(1));
        t.clear();
        assert_eq!(t.find_or_insert(7, 3, |_| true), None);
        assert_eq!(t.find_or_insert(7, 9, |_| true), Some(3));
    }

    #[test]
    fn entries_survive_growing() {
        let mut t = HashSlots::default();
        t.clear();
        // Hashes that share their low bits collide in every size of table.
        for k in 0..1000u32 {
            let h = u64::from(k) << 20;
            assert_eq!(t.find_or_insert(h, k, |_| true), None);
        }
        for k in 0..1000u32 {
            let h = u64::from(k) << 20;
            assert_eq!(t.find_or_insert(h, u32::MAX, |v| v == k), Some(k));
        }
    }
}
