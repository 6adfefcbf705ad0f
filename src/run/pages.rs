//! [`Pages`]: a fixed-length vector over a padded tile grid, stored in blocks of tiles that
//! clones share until one of them writes, so that a checkpoint of a large search costs only
//! the blocks the search has written since the previous one.
//!
//! A search keeps a node per tile (its `g`, came-from link, status): on a 1000×300-cell maze
//! that is about ten megabytes, and a run that cloned it whole could keep only a handful of
//! checkpoints within its memory budget. Stored here, a clone copies one pointer per page;
//! a write to a shared page copies that page first (copy-on-write, as persistent vectors do:
//! Bagwell, "Ideal Hash Trees", 2001; Okasaki, *Purely Functional Data Structures*, 1998).
//!
//! A page is a block of `h × w` tiles of the grid (`h · w` = [`PAGE`], `h` a power of two up
//! to √[`PAGE`], no taller than the grid), so that a search working in one part of the maze
//! writes few pages whatever the grid's shape: 16×16 on a square grid, 4×64 on a three-row
//! one. Pages are small because a search writes tiles scattered along its frontier, and a
//! checkpoint holds every page written since the one before whole: on a 1000×300-cell maze,
//! pages of 256 tiles let the run keep about four times the checkpoints of pages of 4096
//! within the same budget (LPA* 74 against 19), so a step back replays a quarter as far,
//! for a clone that copies about 4,700 page pointers (`cargo run --release --example
//! rewind`). Pages are counted through `Rc`: checkpoints never cross a thread.
//!
//! Reads and writes are O(1): the row and column of an index (a multiply by the row width's
//! reciprocal), then the page and the place in it.

use std::rc::Rc;

use get_size2::{GetSize, GetSizeTracker};

/// Elements per page (a power of two).
pub const PAGE: usize = 256;

/// A fixed-length vector of `len` elements, row-major over rows of `width`, stored in
/// shared blocks of [`PAGE`] elements.
#[derive(Clone, Debug)]
pub struct Pages<T> {
    pages: Vec<Rc<[T; PAGE]>>,
    len: usize,
    width: usize,
    /// `⌈2⁶⁴ / width⌉`: `i / width` as a multiply-high (exact for indices below 2³²).
    recip: u128,
    /// log₂ of the block's width and height.
    block_w: u32,
    block_h: u32,
    /// Blocks per row of blocks.
    across: usize,
}

impl<T: Copy> Pages<T> {
    /// `len` copies of `value`, in rows of `width` (`len` a multiple of `width`, `width` ≥ 1).
    /// All pages start as one shared page, so this costs one page.
    #[must_use]
    pub fn filled(value: T, width: usize, len: usize) -> Self {
        let shape = Self::filled_with_shape(width, len);
        let count = shape.across * len.div_ceil(shape.width).div_ceil(1 << shape.block_h);
        Self {
            // One page, shared by every slot until written (copy-on-write).
            pages: std::iter::repeat_n(Rc::new([value; PAGE]), count).collect(),
            ..shape
        }
    }

    /// The shape of the pages of `len` elements in rows of `width`, with no pages yet.
    fn filled_with_shape(width: usize, len: usize) -> Self {
        let width = width.max(1);
        let rows = len.div_ceil(width);
        // The block's height: a power of two up to the square block's, no taller than the grid.
        let block_h = rows
            .next_power_of_two()
            .clamp(1, 1 << (PAGE.trailing_zeros() / 2))
            .trailing_zeros();
        let block_w = PAGE.trailing_zeros() - block_h;
        let across = width.div_ceil(1 << block_w);
        Self {
            pages: Vec::new(),
            len,
            width,
            recip: (1u128 << 64).div_ceil(width as u128),
            block_w,
            block_h,
            across,
        }
    }

    /// The elements of `items`, in rows of `width`. Pages equal to one another are not
    /// shared (each is its own).
    #[must_use]
    pub fn from_slice(items: &[T], width: usize) -> Self {
        let Some(&first) = items.first() else {
            return Self {
                pages: Vec::new(),
                ..Self::filled_with_shape(width, 0)
            };
        };
        let mut pages = Self::filled(first, width, items.len());
        let (bw, bh) = (1usize << pages.block_w, 1usize << pages.block_h);
        for (index, page) in pages.pages.iter_mut().enumerate() {
            let (top, left) = ((index / pages.across) * bh, (index % pages.across) * bw);
            let mut block = [first; PAGE];
            for r in 0..bh {
                let start = (top + r) * pages.width + left;
                let cols = bw.min(pages.width.saturating_sub(left));
                if let Some(row) = items.get(start..(start + cols).min(items.len())) {
                    block[r * bw..r * bw + row.len()].copy_from_slice(row);
                }
            }
            *page = Rc::new(block);
        }
        pages
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

    /// The page and the place in it of element `i`.
    #[inline]
    #[allow(clippy::cast_possible_truncation)] // the quotient of a usize by a width ≥ 1
    fn place(&self, i: usize) -> (usize, usize) {
        let row = ((self.recip * i as u128) >> 64) as usize;
        let col = i - row * self.width;
        let page = (row >> self.block_h) * self.across + (col >> self.block_w);
        let within =
            ((row & ((1 << self.block_h) - 1)) << self.block_w) | (col & ((1 << self.block_w) - 1));
        (page, within)
    }

    /// The element at `i` (which must be below `len`).
    #[must_use]
    #[inline]
    pub fn get(&self, i: usize) -> T {
        let (page, within) = self.place(i);
        self.pages[page][within]
    }

    /// Write the element at `i`: its page is copied first if a clone shares it.
    #[inline]
    pub fn set(&mut self, i: usize, value: T) {
        let (page, within) = self.place(i);
        Rc::make_mut(&mut self.pages[page])[within] = value;
    }
}

impl<T> GetSize for Pages<T> {
    /// The bytes this copy holds, each shared page counted as its share (its size divided
    /// by the copies holding it), so that the sizes of all copies add up to the memory
    /// they use together.
    fn get_heap_size_with_tracker<Tr: GetSizeTracker>(&self, tracker: Tr) -> (usize, Tr) {
        let pages: usize = self
            .pages
            .iter()
            .map(|page| PAGE * size_of::<T>() / Rc::strong_count(page))
            .sum();
        (
            pages + self.pages.capacity() * size_of::<Rc<[T; PAGE]>>(),
            tracker,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_writes_and_clones_share_untouched_pages() {
        // 200 rows of 300, in square blocks (or twice as wide as tall).
        let (width, len) = (300, 300 * 200);
        let side = 1 << (PAGE.trailing_zeros() / 2);
        let count = 300_usize.div_ceil(PAGE / side) * 200_usize.div_ceil(side);
        let mut a = Pages::filled(0u32, width, len);
        assert_eq!((a.len(), a.pages.len()), (len, count));
        for i in (0..len).step_by(7) {
            a.set(i, u32::try_from(i).expect("small"));
        }
        let b = a.clone();
        a.set(5, 7);
        for i in (0..len).step_by(7) {
            let want = if i == 5 {
                7
            } else {
                u32::try_from(i).expect("small")
            };
            assert_eq!(a.get(i), want, "{i}");
        }
        assert_eq!(b.get(5), 0, "the clone keeps its value");
        // The two copies share every page but the one written after the clone.
        let shared = a
            .pages
            .iter()
            .zip(&b.pages)
            .filter(|(x, y)| Rc::ptr_eq(x, y))
            .count();
        assert_eq!(shared, count - 1);
        // Their sizes add up to the memory they use together (up to rounding).
        let total = a.get_heap_size() + b.get_heap_size();
        let pages = (count + 1) * PAGE * 4;
        let pointers = (a.pages.capacity() + b.pages.capacity()) * size_of::<Rc<[u32; PAGE]>>();
        assert!(total.abs_diff(pages + pointers) <= 8, "{total}");
    }

    #[test]
    fn from_a_slice_each_element_lands_where_get_finds_it() {
        for (width, rows) in [(300, 200), (1_000, 3), (7, 1), (1, 9)] {
            let items: Vec<u32> = (0..width * rows)
                .map(|i| u32::try_from(i).expect("small"))
                .collect();
            let pages = Pages::from_slice(&items, width);
            assert!(
                items.iter().enumerate().all(|(i, &x)| pages.get(i) == x),
                "{width}×{rows}"
            );
        }
    }

    #[test]
    fn a_thin_grid_takes_flat_blocks() {
        // Three rows of a million: blocks four rows high, not square (which would hold
        // empty rows).
        let pages = Pages::filled(0u8, 1_000_000, 3_000_000);
        assert_eq!(pages.pages.len(), 1_000_000_usize.div_ceil(PAGE / 4));
        let mut p = pages;
        p.set(2_999_999, 9);
        p.set(1_000_000, 8);
        assert_eq!((p.get(2_999_999), p.get(1_000_000), p.get(0)), (9, 8, 0));
    }
}
