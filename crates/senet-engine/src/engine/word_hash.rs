//! The quick hash of the searches' own sets of positions (the split turn's, the stacked
//! turn's).

use std::hash::{BuildHasherDefault, Hasher};

/// A quick hash for the search's own sets (keys are a few words; nothing here comes from
/// outside, so a DoS-resistant hash buys nothing).
#[derive(Default)]
pub(super) struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

pub(super) type Fast = BuildHasherDefault<WordHasher>;
