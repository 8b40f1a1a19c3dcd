//! Splay's precomputed geometry (reach, neighbours, rays) and its one-byte stack code.
//!
//! A stack of at most 7 stones is one byte: bit `h` is a sentinel above the `h` stones, bit `i`
//! below it is stone `i` from the bottom (1 = white). The empty cell is `1`. Height, top colour,
//! stacking and captures are then a few bit operations or one table look-up.

/// The code of an empty cell.
pub const EMPTY: u8 = 1;

/// Colour bit of a white stone.
pub const WHITE_BIT: u8 = 1;

/// Height of a stack code.
#[inline]
pub const fn height(code: u8) -> u8 {
    7 - code.leading_zeros() as u8
}

/// The top stone's colour bit (1 = white) of a non-empty stack.
#[inline]
pub const fn top_bit(code: u8) -> u8 {
    (code >> (height(code) - 1)) & 1
}

/// `upper` put on top of `lower`; the result must have at most 7 stones.
#[inline]
pub const fn stack_on(lower: u8, upper: u8) -> u8 {
    let hl = height(lower);
    let hu = height(upper);
    (1 << (hl + hu)) | ((upper ^ (1 << hu)) << hl) | (lower ^ (1 << hl))
}

/// One stone (colour bit) put on top of a stack of at most 6 stones.
#[inline]
pub const fn push(code: u8, bit: u8) -> u8 {
    let h = height(code);
    (code ^ (1 << h)) | (bit << h) | (1 << (h + 1))
}

/// For each colour bit and stack code: the code with that colour's stones removed (order kept),
/// and how many were removed.
pub static STRIP: [[(u8, u8); 256]; 2] = [strip_table(0), strip_table(1)];

const fn strip_table(bit: u8) -> [(u8, u8); 256] {
    let mut t = [(EMPTY, 0u8); 256];
    let mut code = 1usize;
    while code < 256 {
        let h = height(code as u8);
        let mut kept = EMPTY;
        let mut removed = 0;
        let mut i = 0;
        while i < h {
            let stone = ((code >> i) & 1) as u8;
            if stone == bit {
                removed += 1;
            } else {
                kept = push(kept, stone);
            }
            i += 1;
        }
        t[code] = (kept, removed);
        code += 1;
    }
    t
}

/// `reach(x, y) = max(x, 7 − x, y, 7 − y)` for each cell index `y * 8 + x`.
pub static REACH: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        let (x, y) = ((i % 8) as u8, (i / 8) as u8);
        let mut r = x;
        if 7 - x > r {
            r = 7 - x;
        }
        if y > r {
            r = y;
        }
        if 7 - y > r {
            r = 7 - y;
        }
        t[i] = r;
        i += 1;
    }
    t
};

/// Index change of one step in each direction (in [`crate::rules::Dir`] order).
pub const STEP: [i8; 8] = [8, 9, 1, -7, -8, -9, -1, 7];

const fn min(a: u8, b: u8) -> u8 {
    if a < b { a } else { b }
}

/// For each cell and direction: how many cells lie between the cell and the edge that way.
pub static RAY: [[u8; 8]; 64] = {
    let mut t = [[0u8; 8]; 64];
    let mut i = 0;
    while i < 64 {
        let (x, y) = ((i % 8) as u8, (i / 8) as u8);
        let (n, e, s, w) = (7 - y, 7 - x, y, x);
        t[i] = [n, min(n, e), e, min(s, e), s, min(s, w), w, min(n, w)];
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_table_matches_the_spec() {
        let rows = [
            "77777777", "76666667", "76555567", "76544567", "76544567", "76555567", "76666667",
            "77777777",
        ];
        for (r, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                assert_eq!(REACH[r * 8 + x], ch.to_digit(10).unwrap() as u8);
            }
        }
    }

    #[test]
    fn codes_stack_and_strip() {
        // wb2 (white bottom, two black): bits 0b1_001 with sentinel at 3.
        let wb2 = 0b1001;
        assert_eq!(height(wb2), 3);
        assert_eq!(top_bit(wb2), 0);
        let w = push(EMPTY, WHITE_BIT);
        assert_eq!(w, 0b11);
        assert_eq!(stack_on(wb2, w), 0b11001);
        assert_eq!(STRIP[1][0b11001], (0b100, 2));
        assert_eq!(STRIP[0][0b11001], (0b111, 2));
        assert_eq!(height(EMPTY), 0);
        assert_eq!(RAY[0], [7, 7, 7, 0, 0, 0, 0, 0]);
    }
}
