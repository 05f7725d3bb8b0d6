//! How a run's seed becomes each game's and each player's: independent, well-mixed seeds, so
//! that every game replays on its own, whichever thread plays it and whatever plays it (a
//! simulation, a review, the server).

/// A well-mixed 64-bit value from `x` (SplitMix64): independent seeds for games and agents.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// The seed of player `k` (0 or 1) in the game seeded `game_seed`.
pub fn player_seed(game_seed: u64, k: usize) -> u64 {
    mix(game_seed.wrapping_add(k as u64 + 1))
}

/// The seed of the agent in seat `k` (from 0) of a game played at the board (`senet play`, the
/// Python package's `play`), seeded `seed`: the same agent makes the same choices in both.
pub fn seat_seed(seed: u64, k: u64) -> u64 {
    seed ^ 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(k + 1)
}

/// The seed of game `i` of a run seeded `seed`.
pub fn game_seed(seed: u64, i: u64) -> u64 {
    mix(seed ^ mix(i))
}
