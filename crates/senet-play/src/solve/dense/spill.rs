//! A file of the solver's own for what does not fit in memory (successor lists, values parked
//! until the end): made on first use in the system's temporary folder and deleted as soon as it
//! is open, so nothing is left behind, even when the run is stopped.

use std::fs::File;
use std::io;

pub(super) struct Spill {
    file: File,
    /// Bytes written: where the next write goes.
    pub end: u64,
    /// Bytes written since the file was last flushed to disk.
    unsynced: u64,
}

/// Bytes written between flushes: written pages wait in memory until the disk has them, and a
/// memory limit that counts the page cache (a Linux control group) would otherwise be reached
/// by pages that cannot yet be given back.
const SYNC_EVERY: u64 = 256 << 20;

/// What the solver keeps free of the disk its files go to, when it is told no limit.
const DISK_MARGIN: u64 = 1 << 30;

/// The bytes of lists the solver's file may take when no limit is given: what the system's
/// temporary folder's file system has free, less [`DISK_MARGIN`]; no limit where the system
/// does not say (not Linux).
pub fn disk_room() -> u64 {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::ffi::OsStrExt;
        let Ok(path) = std::ffi::CString::new(std::env::temp_dir().as_os_str().as_bytes()) else {
            return u64::MAX;
        };
        // SAFETY: `statvfs` only writes into `stat`, which is a plain struct of numbers.
        let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
        // SAFETY: `path` is a NUL-terminated string and `stat` a valid place to write.
        if unsafe { libc::statvfs(path.as_ptr(), &raw mut stat) } != 0 {
            return u64::MAX;
        }
        #[allow(clippy::useless_conversion)]
        let free = u64::from(stat.f_bavail).saturating_mul(u64::from(stat.f_frsize));
        free.saturating_sub(DISK_MARGIN)
    }
    #[cfg(not(target_os = "linux"))]
    u64::MAX
}

/// A new empty file of the solver's own in the system's temporary folder, its name made of
/// `what` it holds, already deleted: it lives as long as it is open (or mapped).
pub fn temp_file(what: &str) -> io::Result<File> {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let name = format!(
        "senet-{what}-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    );
    let path = std::env::temp_dir().join(name);
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create_new(true)
        .open(&path)?;
    // The open file stays readable; its name goes at once.
    std::fs::remove_file(&path)?;
    Ok(file)
}

impl Spill {
    /// A new empty file, its name made of `what` it holds.
    pub fn new(what: &str) -> io::Result<Spill> {
        Ok(Spill {
            file: temp_file(what)?,
            end: 0,
            unsynced: 0,
        })
    }

    /// Writes `bytes` at the end (on Unix; elsewhere nothing is spilled).
    pub fn write(&mut self, bytes: &[u8]) -> io::Result<()> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileExt;
            self.file.write_all_at(bytes, self.end)?;
        }
        self.end += bytes.len() as u64;
        self.unsynced += bytes.len() as u64;
        if self.unsynced >= SYNC_EVERY {
            self.file.sync_data()?;
            self.unsynced = 0;
        }
        Ok(())
    }

    /// Reads `bytes.len()` bytes from byte `at` (several threads may read at once).
    pub fn read(&self, at: u64, bytes: &mut [u8]) -> io::Result<()> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileExt;
            self.file.read_exact_at(bytes, at)
        }
        #[cfg(not(unix))]
        {
            let _ = (at, bytes);
            Err(io::Error::other(
                "the solver's file is read back only on Unix",
            ))
        }
    }
}
