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
/// [`MAX_PATH`] positions, 7 more inputs, [`MAX_HIDDEN`] hidden units) has about 140,000
/// weights, under 3 MiB as `senet train` writes them and under 4 MiB laid out one per line:
/// a file longer than this is not a network, and is not read into memory to find that out.
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
    pub fn load(path: &str) -> Result<Self, String> {
        let bytes = files::read_regular(Path::new(path), MAX_NET_BYTES)
            .map_err(|e| format!("cannot read the network {path}: {e}"))?;
        let file: NetFile = serde_json::from_slice(&bytes)
            .map_err(|e| format!("{path} is not a network file (`senet train --out`): {e}"))?;
        if file.format != NET_FORMAT {
            return Err(format!(
                "{path} is a `{}` file, not a network (`{NET_FORMAT}`)",
                file.format
            ));
        }
        let l = &file.layout;
        if l.path.iter().any(|&p| p == 0 || p > MAX_PATH) || !(1..=MAX_PIECES).contains(&l.pieces) {
            return Err(format!(
                "{path}: its layout ({} and {} path positions, {} pieces) is no rule set's: paths \
                 have 1 to {MAX_PATH} positions, sides 1 to {MAX_PIECES} pieces (a damaged file?)",
                l.path[0], l.path[1], l.pieces
            ));
        }
        if file.net.hidden > MAX_HIDDEN {
            return Err(format!(
                "{path}: {} hidden units, more than the {MAX_HIDDEN} a network may have",
                file.net.hidden
            ));
        }
        if !file.net.well_formed() || file.net.inputs != l.inputs() {
            return Err(format!(
                "{path}: the network's weights do not fit its sizes (a damaged file?)"
            ));
        }
        Ok(file)
    }

    /// Writes the file as one line of JSON, whole ([`files::write`]: a full disk leaves the
    /// file that was there as it was).
    pub fn save(&self, path: &str) -> Result<(), String> {
        files::write(Path::new(path), |w| {
            serde_json::to_writer(&mut *w, self)?;
            w.write_all(b"\n")
        })
        .map_err(|e| e.to_string())
    }

    /// Whether this network was trained for `rules` as they are now (their text and options).
    pub fn check(&self, rules: &RulesId, path: &str) -> Result<(), String> {
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
            return Err(format!(
                "{path} was trained for `{}`{}, not for `{}` as it is now: train one with `senet train {} --out FILE`",
                self.rules,
                if self.rules == rules.id {
                    " (another text of it)"
                } else {
                    ""
                },
                rules.id,
                rules.id
            ));
        }
        if self.options != options {
            return Err(format!(
                "{path} was trained with the options {}, and these are {}",
                shown(&self.options),
                shown(&options)
            ));
        }
        Ok(())
    }
}
