//! The cells of a board bitset, lowest index first: the one walk over set bits that every
//! game's move generation, threats and strikes share.

/// A board mask whose set bits can be taken off one at a time, lowest first.
pub(crate) trait BitSet: Copy {
    /// Whether no bit is set.
    fn is_empty(self) -> bool;
    /// The index of the lowest set bit (the set is not empty).
    fn lowest(self) -> usize;
    /// The set without its lowest set bit (the set is not empty).
    fn without_lowest(self) -> Self;
}

macro_rules! bit_set {
    ($($t:ty),*) => {$(
        impl BitSet for $t {
            fn is_empty(self) -> bool {
                self == 0
            }
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            fn without_lowest(self) -> Self {
                self & (self - 1)
            }
        }
    )*};
}

bit_set!(u64, u128);

/// The indices of the bits set in a mask, lowest first ([`indices`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Indices<T>(T);

impl<T: BitSet> Iterator for Indices<T> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0.is_empty() {
            return None;
        }
        let i = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(i)
    }
}

/// The indices of the bits set in `set`, lowest first.
pub(crate) fn indices<T: BitSet>(set: T) -> Indices<T> {
    Indices(set)
}

#[cfg(test)]
mod tests {
    use super::indices;

    #[test]
    fn every_set_bit_is_walked_once_lowest_first() {
        assert_eq!(indices(0u64).count(), 0);
        assert_eq!(indices(0b1010_0101u64).collect::<Vec<_>>(), [0, 2, 5, 7]);
        let high = (1u128 << 127) | (1 << 64) | (1 << 63) | 1;
        assert_eq!(indices(high).collect::<Vec<_>>(), [0, 63, 64, 127]);
        assert_eq!(
            indices(u64::MAX).collect::<Vec<_>>(),
            (0..64).collect::<Vec<_>>()
        );
    }
}
