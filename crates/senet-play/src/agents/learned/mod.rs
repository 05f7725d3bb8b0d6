//! A value learnt by self-play (`senet train`): a small neural network that reads where every
//! piece stands and gives the chance that the first side wins. The `learned:FILE` agent is the
//! default expectimax search with this value at its leaves instead of the heuristic. Generic:
//! the inputs are the places along each side's path, whatever the rule set; the network is
//! trained for one rule set (with its options) and saved with what identifies it.

mod net;
mod train;

pub use net::{Layout, Net, Valuer};
pub use train::{Training, train};

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::files;
use senet_engine::engine::Engine;
use senet_lang::types::RulesId;
use senet_lang::types::limits::{MAX_PATH, MAX_PIECES};

/// The first field of a network file.
pub const NET_FORMAT: &str = "senet-net/1";

/// The most hidden units a network file may ask for (a typo must not allocate gigabytes).
pub const MAX_HIDDEN: usize = 1024;

/// The longest network file read: 16 MiB. The largest network a file may hold (paths of
/// [`MAX_PATH`] positions of stacks, four inputs each, 7 more inputs, [`MAX_HIDDEN`] hidden
/// units) has about 530,000 weights: some 6 MiB as `senet train` writes them, 10 MiB laid out
/// one per line. A file longer than this is not a network, and is not read into memory to find
/// that out.
pub const MAX_NET_BYTES: usize = 16 << 20;

/// A trained network and what it was trained for (docs/formats.md).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NetFile {
    pub format: String,
    pub rules: String,
    /// The hash of the rule file's text, as tables carry it.
    pub hash: String,
    pub options: Vec<(String, String)>,
    pub layout: Layout,
    /// Games of self-play it was trained by, and their seed.
    pub games: u64,
    pub seed: u64,
    pub alpha: f32,
    pub lambda: f32,
    /// The share of self-play moves made at random (0 in files written before it was asked).
    #[serde(default)]
    pub explore: f32,
    pub net: Net,
}

/// Why a network file could not be read, written or used. Each message names the file.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    #[error("cannot read the network {path}: {reason}")]
    Unreadable { path: String, reason: String },
    #[error("{path} is not a network file (`senet train --out`): {reason}")]
    NotANetwork { path: String, reason: String },
    #[error("{path} is a `{format}` file, not a network (`{NET_FORMAT}`)")]
    OtherFormat { path: String, format: String },
    /// A file that reads but does not hold a network that can be played.
    #[error("{path}: {what}")]
    Bad { path: String, what: String },
    #[error(
        "{path} was trained for `{trained}`{}, not for `{rules}` as it is now: train one with \
         `senet train {rules} --out FILE`",
        if *other_text { " (another text of it)" } else { "" }
    )]
    OtherRules {
        path: String,
        trained: String,
        /// The same rule set, another text of it.
        other_text: bool,
        rules: String,
    },
    #[error("{path} was trained with the options {trained}, and these are {options}")]
    OtherOptions {
        path: String,
        trained: String,
        options: String,
    },
    /// Writing the file failed (the message says how).
    #[error("{0}")]
    Unwritable(String),
}

impl NetFile {
    pub fn new(rules: &RulesId, engine: &Engine, t: &Training, net: Net) -> Self {
        let mut options = rules.options.clone();
        options.sort();
        NetFile {
            format: NET_FORMAT.into(),
            rules: rules.id.clone(),
            hash: rules.hash.clone(),
            options,
            layout: Layout::of(engine),
            games: t.games,
            seed: t.seed,
            alpha: t.alpha,
            lambda: t.lambda,
            explore: t.explore,
            net,
        }
    }

    /// Reads a network file, refusing one that is not whole and well formed: a regular file of
    /// at most [`MAX_NET_BYTES`], whose sizes agree with each other and with its weights.
    pub fn load(path: &str) -> Result<Self, NetError> {
        let at = |what: String| NetError::Bad {
            path: path.into(),
            what,
        };
        let bytes = files::read_regular(Path::new(path), MAX_NET_BYTES).map_err(|e| {
            NetError::Unreadable {
                path: path.into(),
                reason: e.to_string(),
            }
        })?;
        let file: NetFile = serde_json::from_slice(&bytes).map_err(|e| NetError::NotANetwork {
            path: path.into(),
            reason: e.to_string(),
        })?;
        if file.format != NET_FORMAT {
            return Err(NetError::OtherFormat {
                path: path.into(),
                format: file.format,
            });
        }
        let l = &file.layout;
        if l.path.iter().any(|&p| p == 0 || p > MAX_PATH) || !(1..=MAX_PIECES).contains(&l.pieces) {
            return Err(at(format!(
                "its layout ({} and {} path positions, {} pieces) is no rule set's: paths have 1 \
                 to {MAX_PATH} positions, sides 1 to {MAX_PIECES} pieces (a damaged file?)",
                l.path[0], l.path[1], l.pieces
            )));
        }
        if file.net.hidden > MAX_HIDDEN {
            return Err(at(format!(
                "{} hidden units, more than the {MAX_HIDDEN} a network may have",
                file.net.hidden
            )));
        }
        if !file.net.well_formed() || file.net.inputs != l.inputs() {
            return Err(at(
                "the network's weights do not fit its sizes (a damaged file?)".into(),
            ));
        }
        Ok(file)
    }

    /// Writes the file as one line of JSON, whole ([`files::write`]: a full disk leaves the
    /// file that was there as it was).
    pub fn save(&self, path: &str) -> Result<(), NetError> {
        files::write(Path::new(path), |w| {
            serde_json::to_writer(&mut *w, self)?;
            w.write_all(b"\n")
        })
        .map_err(|e| NetError::Unwritable(e.to_string()))
    }

    /// Whether this network was trained for `rules` as they are now (their text and options).
    pub fn check(&self, rules: &RulesId, path: &str) -> Result<(), NetError> {
        let mut options = rules.options.clone();
        options.sort();
        let shown = |o: &[(String, String)]| {
            if o.is_empty() {
                return "none".to_string();
            }
            o.iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if self.rules != rules.id || self.hash != rules.hash {
            return Err(NetError::OtherRules {
                path: path.into(),
                trained: self.rules.clone(),
                other_text: self.rules == rules.id,
                rules: rules.id.clone(),
            });
        }
        if self.options != options {
            return Err(NetError::OtherOptions {
                path: path.into(),
                trained: shown(&self.options),
                options: shown(&options),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The largest network a file may hold (the longest paths, stacks, the most hidden units)
    /// is read whole: as `save` writes it, and laid out one weight a line.
    #[test]
    fn the_largest_network_fits_the_file_limit() {
        let layout = Layout {
            path: [MAX_PATH, MAX_PATH],
            pieces: MAX_PIECES,
            stacks: true,
        };
        let mut net = Net::new(layout.inputs(), MAX_HIDDEN, 1);
        // Weights as long as an f32 prints.
        net.w1.iter_mut().for_each(|w| *w = -0.123_456_79);
        let file = NetFile {
            format: NET_FORMAT.into(),
            rules: "tables/backgammon".into(),
            hash: "0".repeat(16),
            options: Vec::new(),
            layout,
            games: 1,
            seed: 1,
            alpha: 0.1,
            lambda: 0.7,
            explore: 0.0,
            net,
        };
        let compact = serde_json::to_string(&file).unwrap();
        let spread = serde_json::to_string_pretty(&file).unwrap();
        assert!(compact.len() < MAX_NET_BYTES, "{}", compact.len());
        assert!(spread.len() < MAX_NET_BYTES, "{}", spread.len());
    }
}
