//! [`CowVec`]: a vector in fixed-size pages shared between clones until written, so that
//! a checkpoint of a large search costs only the pages the search has written since the
//! previous one.
//!
//! A solver keeps a few values per tile (its `g`, its came-from link, its status): on a
//! 1000×300-cell maze that is over ten megabytes, and a run that cloned it whole could keep
//! only a handful of checkpoints within its memory budget. Stored here, a clone copies one
//! pointer per page; a write to a shared page copies that page first (copy-on-write, as
//! persistent vectors do: Bagwell, "Ideal Hash Trees", 2001; Okasaki, *Purely Functional
//! Data Structures*, 1998). A search writes near its frontier, so consecutive checkpoints
//! share most pages.
//!
//! Reads and writes are O(1): `v[i]` reads, `v[i] = x` writes (cloning the page when it is
//! shared).

use std::ops::{Index, IndexMut};
use std::sync::Arc;

use get_size2::{GetSize, GetSizeTracker};

/// Elements per page (a power of two).
const PAGE: usize = 4096;

/// A fixed-length vector stored in shared pages of [`PAGE`] elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CowVec<T> {
    pages: Vec<Arc<Vec<T>>>,
    len: usize,
}

impl<T: Clone> CowVec<T> {
    /// `len` copies of `value`. All pages start as one shared page, so even this costs
    /// one page.
    #[must_use]
    pub fn from_elem(value: T, len: usize) -> Self {
        let full = Arc::new(vec![value.clone(); PAGE.min(len)]);
        let mut pages = Vec::with_capacity(len.div_ceil(PAGE));
        pages.resize(len / PAGE, Arc::clone(&full));
        if !len.is_multiple_of(PAGE) {
            pages.push(Arc::new(vec![value; len % PAGE]));
        }
        Self { pages, len }
    }

    /// Elements held.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len
    }

    /// Whether it holds none.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The element at `i`, if inside.
    #[must_use]
    #[inline]
    pub fn get(&self, i: usize) -> Option<&T> {
        self.pages.get(i / PAGE).and_then(|page| page.get(i % PAGE))
    }
}

impl<T> Index<usize> for CowVec<T> {
    type Output = T;

    #[inline]
    fn index(&self, i: usize) -> &T {
        &self.pages[i / PAGE][i % PAGE]
    }
}

impl<T: Clone> IndexMut<usize> for CowVec<T> {
    /// The element at `i` for writing: its page is copied first if a clone shares it.
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut Arc::make_mut(&mut self.pages[i / PAGE])[i % PAGE]
    }
}

impl<T> GetSize for CowVec<T> {
    /// The bytes this copy holds, each shared page counted as its share (its size divided
    /// by the copies holding it), so that the sizes of all copies add up to the memory
    /// they use together.
    fn get_heap_size_with_tracker<Tr: GetSizeTracker>(&self, tracker: Tr) -> (usize, Tr) {
        let pages: usize = self
            .pages
            .iter()
            .map(|page| page.capacity() * size_of::<T>() / Arc::strong_count(page))
            .sum();
        (
            pages + self.pages.capacity() * size_of::<Arc<Vec<T>>>(),
            tracker,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_writes_and_clones_share_untouched_pages() {
        let mut a = CowVec::from_elem(0u32, 3 * PAGE + 5);
        assert_eq!(a.len(), 3 * PAGE + 5);
        a[7] = 1;
        a[3 * PAGE + 4] = 2;
        let b = a.clone();
        a[PAGE + 1] = 3;
        assert_eq!((a[7], a[3 * PAGE + 4], a[PAGE + 1]), (1, 2, 3));
        assert_eq!(b[PAGE + 1], 0, "the clone keeps its value");
        assert_eq!(a.get(3 * PAGE + 5), None);
        // The two copies share every page but the one written after the clone.
        let shared = a
            .pages
            .iter()
            .zip(&b.pages)
            .filter(|(x, y)| Arc::ptr_eq(x, y))
            .count();
        assert_eq!(shared, 3);
        // Their sizes add up to the memory they use together (up to rounding): three
        // full pages and the short last one, not eight pages.
        let total = a.get_heap_size() + b.get_heap_size();
        let pages = (3 * PAGE + 5) * 4;
        let pointers = (a.pages.capacity() + b.pages.capacity()) * size_of::<Arc<Vec<u32>>>();
        assert!(total.abs_diff(pages + pointers) <= 4, "{total}");
    }
}
