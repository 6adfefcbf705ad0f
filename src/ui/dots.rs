//! The character of one block of dots in the whole-maze view: quadrants (2 × 2), sextants
//! (2 × 3) or braille (2 × 4). A block's dots are numbered row by row, left to right, and
//! dot `n` is bit `1 << n` of the block's pattern (see [`bit`]); [`glyph`] turns a
//! pattern into the character whose lit parts are those dots.

use crate::app::Cells;

/// Braille dot bits by `[column][row]` within a character (Unicode's dot numbering: 1, 2,
/// 3, 7 down the left column, 4, 5, 6, 8 down the right, dot `d` at bit `d - 1`).
const BRAILLE: [[u8; 4]; 2] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]];

/// Quadrant characters by pattern (bit 0 upper left, 1 upper right, 2 lower left, 3 lower
/// right): the quadrant blocks U+2596–U+259F where Unicode has no half or full block.
const QUADRANT: [char; 16] = [
    ' ', '▘', '▝', '▀', '▖', '▌', '▞', '▛', '▗', '▚', '▐', '▜', '▄', '▙', '▟', '█',
];

/// The bit of dot `(column, row)` in a block of `cells`: row by row, left to right.
#[must_use]
pub(super) const fn bit(cells: Cells, column: u16, row: u16) -> u8 {
    1 << (row * cells.dots().0 + column)
}

/// The character that lights exactly the dots of `pattern` (bits as [`bit`] numbers them)
/// in `cells`; a space for none. ASCII has one dot: `#` or a space.
#[must_use]
pub(super) fn glyph(cells: Cells, pattern: u8) -> char {
    let none = ' ';
    match cells {
        Cells::Ascii => {
            if pattern & 1 == 0 {
                none
            } else {
                '#'
            }
        }
        Cells::Quadrant => QUADRANT[usize::from(pattern & 0x0f)],
        Cells::Sextant => sextant(pattern & 0x3f),
        Cells::Braille => {
            let mut dots = 0u8;
            for row in 0..4u16 {
                for column in 0..2u16 {
                    if pattern & bit(cells, column, row) != 0 {
                        dots |= BRAILLE[usize::from(column)][usize::from(row)];
                    }
                }
            }
            if dots == 0 {
                none
            } else {
                char::from_u32(0x2800 + u32::from(dots)).unwrap_or(none)
            }
        }
    }
}

/// Sextant `pattern` (six bits, Unicode's sextant numbering 1–6 less one): U+1FB00 on in
/// order, skipping the four patterns Unicode had already, the blank, the left half
/// (dots 1, 3, 5: 21), the right half (2, 4, 6: 42) and the full block.
fn sextant(pattern: u8) -> char {
    match pattern {
        0 => ' ',
        21 => '▌',
        42 => '▐',
        63 => '█',
        p => {
            let skipped = u32::from(p > 21) + u32::from(p > 42);
            char::from_u32(0x1FB00 + u32::from(p) - 1 - skipped).unwrap_or(' ')
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Quadrant characters drawn as their dots, row by row (`#` lit), from the Unicode
    /// names (QUADRANT UPPER LEFT AND LOWER RIGHT, …).
    const QUADRANTS: [(char, &str); 16] = [
        (' ', ".. .."),
        ('▘', "#. .."),
        ('▝', ".# .."),
        ('▖', ".. #."),
        ('▗', ".. .#"),
        ('▀', "## .."),
        ('▄', ".. ##"),
        ('▌', "#. #."),
        ('▐', ".# .#"),
        ('▚', "#. .#"),
        ('▞', ".# #."),
        ('▛', "## #."),
        ('▜', "## .#"),
        ('▙', "#. ##"),
        ('▟', ".# ##"),
        ('█', "## ##"),
    ];

    /// Sextants drawn as their dots (from the names BLOCK SEXTANT-1235 …: dots 1 and 2
    /// the top row, 3 and 4 the middle, 5 and 6 the bottom), with the four characters
    /// Unicode had before.
    const SEXTANTS: [(char, &str); 64] = [
        (' ', ".. .. .."),
        ('▌', "#. #. #."),
        ('▐', ".# .# .#"),
        ('█', "## ## ##"),
        ('\u{1FB00}', "#. .. .."),
        ('\u{1FB01}', ".# .. .."),
        ('\u{1FB02}', "## .. .."),
        ('\u{1FB03}', ".. #. .."),
        ('\u{1FB04}', "#. #. .."),
        ('\u{1FB05}', ".# #. .."),
        ('\u{1FB06}', "## #. .."),
        ('\u{1FB07}', ".. .# .."),
        ('\u{1FB08}', "#. .# .."),
        ('\u{1FB09}', ".# .# .."),
        ('\u{1FB0A}', "## .# .."),
        ('\u{1FB0B}', ".. ## .."),
        ('\u{1FB0C}', "#. ## .."),
        ('\u{1FB0D}', ".# ## .."),
        ('\u{1FB0E}', "## ## .."),
        ('\u{1FB0F}', ".. .. #."),
        ('\u{1FB10}', "#. .. #."),
        ('\u{1FB11}', ".# .. #."),
        ('\u{1FB12}', "## .. #."),
        ('\u{1FB13}', ".. #. #."),
        ('\u{1FB14}', ".# #. #."),
        ('\u{1FB15}', "## #. #."),
        ('\u{1FB16}', ".. .# #."),
        ('\u{1FB17}', "#. .# #."),
        ('\u{1FB18}', ".# .# #."),
        ('\u{1FB19}', "## .# #."),
        ('\u{1FB1A}', ".. ## #."),
        ('\u{1FB1B}', "#. ## #."),
        ('\u{1FB1C}', ".# ## #."),
        ('\u{1FB1D}', "## ## #."),
        ('\u{1FB1E}', ".. .. .#"),
        ('\u{1FB1F}', "#. .. .#"),
        ('\u{1FB20}', ".# .. .#"),
        ('\u{1FB21}', "## .. .#"),
        ('\u{1FB22}', ".. #. .#"),
        ('\u{1FB23}', "#. #. .#"),
        ('\u{1FB24}', ".# #. .#"),
        ('\u{1FB25}', "## #. .#"),
        ('\u{1FB26}', ".. .# .#"),
        ('\u{1FB27}', "#. .# .#"),
        ('\u{1FB28}', "## .# .#"),
        ('\u{1FB29}', ".. ## .#"),
        ('\u{1FB2A}', "#. ## .#"),
        ('\u{1FB2B}', ".# ## .#"),
        ('\u{1FB2C}', "## ## .#"),
        ('\u{1FB2D}', ".. .. ##"),
        ('\u{1FB2E}', "#. .. ##"),
        ('\u{1FB2F}', ".# .. ##"),
        ('\u{1FB30}', "## .. ##"),
        ('\u{1FB31}', ".. #. ##"),
        ('\u{1FB32}', "#. #. ##"),
        ('\u{1FB33}', ".# #. ##"),
        ('\u{1FB34}', "## #. ##"),
        ('\u{1FB35}', ".. .# ##"),
        ('\u{1FB36}', "#. .# ##"),
        ('\u{1FB37}', ".# .# ##"),
        ('\u{1FB38}', "## .# ##"),
        ('\u{1FB39}', ".. ## ##"),
        ('\u{1FB3A}', "#. ## ##"),
        ('\u{1FB3B}', ".# ## ##"),
    ];

    /// Braille: Unicode's dot numbers by `[column][row]`, dot `d` at bit `d - 1` of the
    /// code point's offset from U+2800.
    const BRAILLE_DOTS: [[u32; 4]; 2] = [[1, 2, 3, 7], [4, 5, 6, 8]];

    /// Every character of `cells` with the dots it lights `(column, row)`.
    fn table(cells: Cells) -> HashMap<char, Vec<(u16, u16)>> {
        let drawn = |pictures: &[(char, &str)]| {
            pictures
                .iter()
                .map(|&(c, picture)| {
                    let mut lit = Vec::new();
                    for (row, line) in (0..).zip(picture.split(' ')) {
                        for (column, dot) in (0..).zip(line.chars()) {
                            if dot == '#' {
                                lit.push((column, row));
                            }
                        }
                    }
                    (c, lit)
                })
                .collect()
        };
        match cells {
            Cells::Ascii => drawn(&[(' ', "."), ('#', "#")]),
            Cells::Quadrant => drawn(&QUADRANTS),
            Cells::Sextant => drawn(&SEXTANTS),
            Cells::Braille => (0u32..256)
                .map(|offset| {
                    let mut lit = Vec::new();
                    for (column, dots) in (0..).zip(BRAILLE_DOTS) {
                        for (row, d) in (0..).zip(dots) {
                            if offset & (1 << (d - 1)) != 0 {
                                lit.push((column, row));
                            }
                        }
                    }
                    let c = if offset == 0 {
                        ' '
                    } else {
                        char::from_u32(0x2800 + offset).expect("braille")
                    };
                    (c, lit)
                })
                .collect(),
        }
    }

    #[test]
    fn each_glyph_lights_exactly_the_dots_of_its_tiles() {
        for cells in [
            Cells::Ascii,
            Cells::Quadrant,
            Cells::Sextant,
            Cells::Braille,
        ] {
            let (w, h) = cells.dots();
            let table = table(cells);
            let n = usize::from(w * h);
            assert_eq!(table.len(), 1 << n, "{cells:?}: one character a pattern");
            let mut seen = HashMap::new();
            // Every set of lit dots, as the tiles under them would light them.
            for set in 0u32..(1 << n) {
                let lit: Vec<(u16, u16)> = (0..h)
                    .flat_map(|row| (0..w).map(move |column| (column, row)))
                    .enumerate()
                    .filter(|&(i, _)| set & (1 << i) != 0)
                    .map(|(_, dot)| dot)
                    .collect();
                let pattern = lit.iter().fold(0u8, |p, &(c, r)| p | bit(cells, c, r));
                let g = glyph(cells, pattern);
                let mut want = table
                    .get(&g)
                    .unwrap_or_else(|| panic!("{cells:?} {lit:?}: {g:?} is not one of them"))
                    .clone();
                want.sort_unstable();
                let mut got = lit.clone();
                got.sort_unstable();
                assert_eq!(got, want, "{cells:?}: {g:?} (U+{:04X})", u32::from(g));
                assert!(seen.insert(g, set).is_none(), "{cells:?}: {g:?} twice");
            }
        }
    }
}
