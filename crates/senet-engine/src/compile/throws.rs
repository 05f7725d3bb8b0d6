//! The throw distribution as exact integers over a common denominator.

use senet_lang::types::ThrowDevice;

/// Every outcome of the throwing device, equally likely: sampling an index uniformly below
/// `outcomes.len()` gives a throw with the right probability. Values with their weights over
/// `denominator` are the same distribution, kept for display and for chance nodes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThrowTable {
    /// Distinct throw values, ascending.
    pub values: Vec<u8>,
    /// `weights[i]` of `denominator` is the probability of `values[i]`; they add up to exactly
    /// `denominator`.
    pub weights: Vec<u64>,
    pub denominator: u64,
    /// One entry per equally likely elementary outcome (16 for four sticks).
    pub outcomes: Vec<u8>,
    /// The largest value a throw can give.
    pub max: u8,
}

impl ThrowTable {
    pub fn new(device: &ThrowDevice) -> Self {
        let dist = device.distribution();
        let denominator = device.denominator();
        let outcomes = match device {
            ThrowDevice::Sticks {
                count,
                values,
                marks,
                ..
            } => (0..1u32 << count)
                .map(|bits| match bits.count_ones() {
                    // One stick shows its marked side: its number.
                    1 if !marks.is_empty() => marks[bits.trailing_zeros() as usize],
                    up => values[up as usize],
                })
                .collect(),
            ThrowDevice::Die { faces } => (1..=*faces).collect(),
            ThrowDevice::Dice { values, .. } | ThrowDevice::Each { values, .. } => values.clone(),
        };
        ThrowTable {
            values: dist.iter().map(|(v, _)| *v).collect(),
            weights: dist.iter().map(|(_, w)| *w).collect(),
            denominator,
            outcomes,
            max: dist.iter().map(|(v, _)| *v).max().unwrap_or(0),
        }
    }

    /// The probability of a value, as a float (for reports and agents).
    pub fn probability(&self, value: u8) -> f64 {
        self.values
            .iter()
            .position(|&v| v == value)
            .map_or(0.0, |i| self.weights[i] as f64 / self.denominator as f64)
    }

    pub fn can_give(&self, value: u8) -> bool {
        self.values.contains(&value)
    }
}
