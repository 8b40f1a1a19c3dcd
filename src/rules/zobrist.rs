//! Keys for incremental (Zobrist-style) hashing, computed on the fly: no tables to build.

/// A well-mixed 64-bit key for a small integer (the splitmix64 finaliser).
///
/// Games XOR `key(feature)` in and out as pieces of the position change; distinct features
/// (a cell holding a given stack, the side to move, a counter's value) get distinct inputs.
#[inline]
#[must_use]
pub const fn key(feature: u64) -> u64 {
    let mut z = feature.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_and_spread() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..100_000u64 {
            assert!(seen.insert(key(i)));
        }
        let ones: u32 = (0..1000u64).map(|i| key(i).count_ones()).sum();
        assert!((30_000..34_000).contains(&ones), "{ones}");
    }
}
