//! Values that no sweep of the run will read again, kept in a file until the solve ends. A move
//! bears off at most one piece, or where the stacked form plays a throw's dice one by one at most
//! one a die ([`DenseIndex::bears_off`], checked as the successor lists are made), so while the
//! super-layer of `t` pieces off in total is solved, those of `t + bears_off + 1` and more are
//! never read:
//! their memory goes to the successor lists of the super-layers left, which then read fewer of
//! their lists back from the disk.

use std::io;

use super::DenseIndex;
use super::cells::Cell;
use super::pages;
use super::spill::Spill;

/// Values written to the file at a time.
const CHUNK: usize = 1 << 16;

pub(super) struct Parked {
    spill: Option<Spill>,
    /// Per layer of the numbering: where its values begin in the file, once parked.
    at: Vec<Option<u64>>,
    /// Bytes of memory given back.
    pub freed: u64,
}

impl Parked {
    pub fn new(index: &DenseIndex) -> Parked {
        Parked {
            spill: None,
            at: vec![None; index.layers.len()],
            freed: 0,
        }
    }

    /// Parks the values of every layer with `from` or more pieces off in total that is not
    /// parked yet and whose values are in memory (`touched`; the others' pages were never
    /// written): written to the file, their memory given back. Nothing is parked where memory
    /// cannot be given back.
    pub fn park<C: Cell>(
        &mut self,
        index: &DenseIndex,
        values: &[C],
        from: usize,
        touched: &[bool],
    ) -> io::Result<()> {
        if !pages::CAN_GIVE_BACK {
            return Ok(());
        }
        let mut bytes = Vec::with_capacity(C::BYTES * CHUNK);
        for (l, layer) in index.layers.iter().enumerate() {
            if layer.total_off() < from || self.at[l].is_some() || layer.size == 0 || !touched[l] {
                continue;
            }
            let spill = match &mut self.spill {
                Some(s) => s,
                None => self.spill.insert(Spill::new("values")?),
            };
            self.at[l] = Some(spill.end);
            let range = &values[layer.states()];
            for chunk in range.chunks(CHUNK) {
                bytes.clear();
                for v in chunk {
                    bytes.extend_from_slice(&v.bits().to_le_bytes()[..C::BYTES]);
                }
                spill.write(&bytes)?;
            }
            self.freed += pages::give_back(range);
        }
        Ok(())
    }

    /// Puts every parked value back in its place.
    pub fn restore<C: Cell>(self, index: &DenseIndex, values: &[C]) -> io::Result<()> {
        let Some(spill) = self.spill else {
            return Ok(());
        };
        let mut bytes = vec![0; C::BYTES * CHUNK];
        for (layer, at) in index.layers.iter().zip(self.at) {
            let Some(mut at) = at else { continue };
            for chunk in values[layer.states()].chunks(CHUNK) {
                let bytes = &mut bytes[..C::BYTES * chunk.len()];
                spill.read(at, bytes)?;
                at += bytes.len() as u64;
                for (v, b) in chunk.iter().zip(bytes.chunks_exact(C::BYTES)) {
                    let mut word = [0; 8];
                    word[..C::BYTES].copy_from_slice(b);
                    v.set_bits(u64::from_le_bytes(word));
                }
            }
        }
        Ok(())
    }
}
