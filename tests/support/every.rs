//! A check run over many cases that reports every failing case at the end, not only the first:
//! a snapshot that changes for one file does not hide the others (each failure's own message,
//! insta's diff among them, is printed as it happens).

use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Runs `check` on each case; fails after the last one, naming every case that failed.
pub fn every<T: Debug>(cases: impl IntoIterator<Item = T>, mut check: impl FnMut(&T)) {
    let mut failed = Vec::new();
    let mut count = 0;
    for case in cases {
        count += 1;
        if catch_unwind(AssertUnwindSafe(|| check(&case))).is_err() {
            failed.push(format!("{case:?}"));
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {count} cases failed:\n  {}",
        failed.len(),
        failed.join("\n  ")
    );
}
