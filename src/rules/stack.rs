//! A stack of coloured stones, bottom to top, and its token in position strings (`w2b`).

use std::fmt;

use super::player::Player;

/// The most stones one stack can hold (Cash In Hand has 128 stones in all).
pub const MAX_STACK: usize = 128;

/// Stones on one cell, from the bottom up. An empty stack is an empty cell.
///
/// Bit `i` of `white` is set when stone `i` (0 = bottom) is white.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Stack {
    white: u128,
    len: u8,
}

impl Stack {
    /// The empty stack.
    pub const EMPTY: Stack = Stack { white: 0, len: 0 };

    /// A stack of `n` stones of one colour.
    ///
    /// # Panics
    /// If `n` exceeds [`MAX_STACK`].
    #[must_use]
    pub fn uniform(colour: Player, n: usize) -> Stack {
        assert!(n <= MAX_STACK);
        let mut s = Stack::EMPTY;
        for _ in 0..n {
            s.push(colour);
        }
        s
    }

    /// A stack from its stones, bottom first.
    ///
    /// # Panics
    /// If there are more than [`MAX_STACK`] stones.
    #[must_use]
    pub fn from_stones(stones: impl IntoIterator<Item = Player>) -> Stack {
        let mut s = Stack::EMPTY;
        for p in stones {
            s.push(p);
        }
        s
    }

    /// Number of stones.
    #[must_use]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the cell is empty.
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The stone at `i` (0 = bottom).
    #[must_use]
    pub fn stone(&self, i: usize) -> Option<Player> {
        (i < self.len()).then(|| {
            if self.white >> i & 1 == 1 {
                Player::White
            } else {
                Player::Black
            }
        })
    }

    /// The top stone, which decides who controls the stack.
    #[must_use]
    pub fn top(&self) -> Option<Player> {
        self.len().checked_sub(1).and_then(|i| self.stone(i))
    }

    /// Puts a stone on top.
    ///
    /// # Panics
    /// If the stack already holds [`MAX_STACK`] stones.
    pub fn push(&mut self, p: Player) {
        assert!(
            self.len() < MAX_STACK,
            "a stack holds at most {MAX_STACK} stones"
        );
        if p == Player::White {
            self.white |= 1 << self.len;
        }
        self.len += 1;
    }

    /// Takes the top stone off.
    pub fn pop(&mut self) -> Option<Player> {
        let top = self.top()?;
        self.len -= 1;
        self.white &= !(1u128 << self.len);
        Some(top)
    }

    /// How many stones of a colour the stack holds.
    #[must_use]
    pub fn count(&self, p: Player) -> usize {
        let white = self.white.count_ones() as usize;
        match p {
            Player::White => white,
            Player::Black => self.len() - white,
        }
    }

    /// The stones from the bottom up.
    pub fn stones(&self) -> impl DoubleEndedIterator<Item = Player> + '_ {
        (0..self.len()).map(|i| self.stone(i).unwrap_or(Player::Black))
    }

    /// The colour runs from the bottom up: `w2b` is `[(White, 2), (Black, 1)]`.
    #[must_use]
    pub fn runs(&self) -> Vec<(Player, usize)> {
        let mut runs: Vec<(Player, usize)> = Vec::new();
        for p in self.stones() {
            match runs.last_mut() {
                Some((q, n)) if *q == p => *n += 1,
                _ => runs.push((p, 1)),
            }
        }
        runs
    }

    /// Reads a stack token: colour runs `b`/`w`, each with an optional positive count.
    ///
    /// # Errors
    /// Names the problem: an empty token, an unknown letter, a zero count or too many stones.
    pub fn parse_token(token: &str) -> Result<Stack, StackError> {
        if token.is_empty() {
            return Err(StackError::Empty);
        }
        let mut stack = Stack::EMPTY;
        let bytes = token.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i] as char;
            let colour = Player::from_letter(c).ok_or(StackError::Letter(c))?;
            i += 1;
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let n = if start == i {
                1
            } else {
                let digits = &token[start..i];
                let n: usize = digits.parse().map_err(|_| StackError::TooTall)?;
                if n == 0 {
                    return Err(StackError::ZeroCount);
                }
                n
            };
            if n > MAX_STACK - stack.len() {
                return Err(StackError::TooTall);
            }
            for _ in 0..n {
                stack.push(colour);
            }
        }
        Ok(stack)
    }
}

impl fmt::Display for Stack {
    /// The canonical token: runs with counts above 1 (`w2b`). The empty stack prints nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (p, n) in self.runs() {
            if n == 1 {
                write!(f, "{}", p.letter())?;
            } else {
                write!(f, "{}{}", p.letter(), n)?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Stack({self})")
    }
}

/// Why a stack token could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StackError {
    /// The token between two commas is empty.
    Empty,
    /// A letter other than `b` or `w`.
    Letter(char),
    /// A colour run with count 0.
    ZeroCount,
    /// More than [`MAX_STACK`] stones.
    TooTall,
}

impl fmt::Display for StackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StackError::Empty => f.write_str("empty token"),
            StackError::Letter(c) => {
                write!(f, "unknown letter '{c}' (stones are 'b' or 'w')")
            }
            StackError::ZeroCount => f.write_str("a colour run with count 0"),
            StackError::TooTall => write!(f, "more than {MAX_STACK} stones in one stack"),
        }
    }
}

impl std::error::Error for StackError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip() {
        for t in ["b", "w", "w2b", "b32", "wb2w", "bwbwb", "w127b"] {
            assert_eq!(Stack::parse_token(t).unwrap().to_string(), t);
        }
    }

    #[test]
    fn stones_run_bottom_to_top() {
        let s = Stack::parse_token("w2b").unwrap();
        assert_eq!(s.len(), 3);
        assert_eq!(s.stone(0), Some(Player::White));
        assert_eq!(s.top(), Some(Player::Black));
        assert_eq!((s.count(Player::White), s.count(Player::Black)), (2, 1));
        let mut t = s;
        assert_eq!(t.pop(), Some(Player::Black));
        assert_eq!(t.to_string(), "w2");
        assert_eq!(Stack::uniform(Player::Black, 128).len(), 128);
    }

    #[test]
    fn non_canonical_spellings_print_canonically() {
        assert_eq!(Stack::parse_token("bb").unwrap().to_string(), "b2");
        assert_eq!(Stack::parse_token("b1w1").unwrap().to_string(), "bw");
    }

    #[test]
    fn bad_tokens_are_named() {
        assert_eq!(Stack::parse_token(""), Err(StackError::Empty));
        assert_eq!(Stack::parse_token("x"), Err(StackError::Letter('x')));
        assert_eq!(Stack::parse_token("B"), Err(StackError::Letter('B')));
        assert_eq!(Stack::parse_token("b0"), Err(StackError::ZeroCount));
        assert_eq!(Stack::parse_token("2b"), Err(StackError::Letter('2')));
        assert_eq!(Stack::parse_token("b129"), Err(StackError::TooTall));
        assert_eq!(
            Stack::parse_token("b99999999999999999999999"),
            Err(StackError::TooTall)
        );
    }
}
