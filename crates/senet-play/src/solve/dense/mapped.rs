//! Memory for every state's value that the system backs page by page as it is first written: a
//! run numbers every state of the game but touches only the values of the layers it solves or
//! reads, so that the others take no memory. A run of one super-layer of five-piece Senet (some
//! 2e10 states in all) then holds the values of that super-layer and the one above it, not of
//! them all.
//!
//! On Linux the memory is mapped without reserving room for all of it (`MAP_NORESERVE`): the
//! system would otherwise refuse a mapping larger than the machine, and the solver's own count of
//! what it touches (`--memory`) is what keeps it within bounds. Elsewhere it is allocated zeroed,
//! which the system may back lazily too.

use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU32, AtomicU64};

/// Types whose every bit pattern of zeros is a value (0), with nothing to do when dropped.
///
/// # Safety
/// Implemented only for such types.
pub unsafe trait Zeroed: Sized {}

// SAFETY: zero bits are 0 (0.0 for floats), and none of these has drop glue.
unsafe impl Zeroed for f64 {}
unsafe impl Zeroed for u32 {}
unsafe impl Zeroed for AtomicU32 {}
unsafe impl Zeroed for AtomicU64 {}

/// Values in mapped memory: zeros until written, `len` of them with room for `cap`.
pub struct Mapped<T: Zeroed> {
    ptr: NonNull<T>,
    len: usize,
    cap: usize,
}

// SAFETY: it owns its elements as a `Vec` does.
unsafe impl<T: Zeroed + Send> Send for Mapped<T> {}
// SAFETY: as above.
unsafe impl<T: Zeroed + Sync> Sync for Mapped<T> {}

impl<T: Zeroed> Mapped<T> {
    /// `len` zeros, with room for `cap` (at least `len`). Panics where the system refuses the
    /// memory (even its addresses).
    pub fn zeroed(len: usize, cap: usize) -> Mapped<T> {
        let cap = cap.max(len);
        let bytes = cap
            .checked_mul(size_of::<T>())
            .filter(|&b| b <= isize::MAX as usize)
            .expect("values that fit the address space");
        let ptr = if bytes == 0 {
            NonNull::dangling()
        } else {
            let at = map(bytes);
            // A sweep reads values in no order a cache follows: huge pages spare the lookups
            // of where each page is.
            super::pages::prefer_huge(at.as_ptr(), bytes);
            at.cast()
        };
        Mapped { ptr, len, cap }
    }

    /// Adds `v` at the end: there must be room.
    pub fn push(&mut self, v: T) {
        assert!(self.len < self.cap, "room for one more value");
        // SAFETY: within the mapping, not yet an element.
        unsafe { self.ptr.as_ptr().add(self.len).write(v) };
        self.len += 1;
    }

    /// Removes the last value.
    pub fn pop(&mut self) -> Option<T> {
        self.len = self.len.checked_sub(1)?;
        // SAFETY: it was an element, and is one no longer.
        Some(unsafe { self.ptr.as_ptr().add(self.len).read() })
    }

    /// The same memory seen as values of `U`, which must have `T`'s size and alignment (`u32`
    /// and `AtomicU32`, `f64` and `AtomicU64`): nothing is copied or touched.
    pub fn cast<U: Zeroed>(self) -> Mapped<U> {
        assert!(size_of::<U>() == size_of::<T>() && align_of::<U>() == align_of::<T>());
        let this = std::mem::ManuallyDrop::new(self);
        Mapped {
            ptr: this.ptr.cast(),
            len: this.len,
            cap: this.cap,
        }
    }

    /// Backs the values `ranges` (each inside the values, none overlapping another) with a
    /// new file of the solver's own instead of memory: what is written there goes to the file,
    /// and what is read is kept in memory only as long as the system has room for it (its
    /// page cache), the solver's own memory left to the rest. Only the whole pages inside each
    /// range move (a page at either end, shared with values beside it, stays); they read as
    /// zeros afterwards, so this is done before they are written. The disk the file needs is
    /// taken at once: where the disk lacks it, an error and nothing moved. The bytes moved
    /// (none where the system cannot map files: not Linux).
    pub fn back_with_file(&mut self, ranges: &[std::ops::Range<usize>]) -> std::io::Result<u64> {
        let at = self.ptr.as_ptr() as usize;
        let pieces: Vec<(usize, usize)> = ranges
            .iter()
            .filter_map(|r| {
                assert!(r.start <= r.end && r.end <= self.len, "values of these");
                let page = super::pages::page_size();
                let from = (at + r.start * size_of::<T>()).next_multiple_of(page);
                let to = (at + r.end * size_of::<T>()) / page * page;
                (from < to).then(|| (from, to - from))
            })
            .collect();
        let bytes: usize = pieces.iter().map(|p| p.1).sum();
        if bytes == 0 || !cfg!(target_os = "linux") {
            return Ok(0);
        }
        let file = super::spill::temp_file("values-read")?;
        map_file(&file, &pieces, bytes)?;
        Ok(bytes as u64)
    }
}

/// Maps `file` (new, empty), `bytes` long once its disk is taken, over the pieces of memory
/// `pieces` (page-aligned address, length) of a mapping of ours, one after the other in it.
#[cfg(target_os = "linux")]
fn map_file(file: &std::fs::File, pieces: &[(usize, usize)], bytes: usize) -> std::io::Result<()> {
    use std::os::fd::AsRawFd;
    let length = libc::off_t::try_from(bytes).map_err(std::io::Error::other)?;
    // Taken now: a write into a mapped file whose disk is full would kill the process.
    // SAFETY: an open file of ours.
    let taken = unsafe { libc::posix_fallocate(file.as_raw_fd(), 0, length) };
    if taken != 0 {
        return Err(std::io::Error::from_raw_os_error(taken));
    }
    let mut offset = 0;
    for &(at, len) in pieces {
        // SAFETY: whole pages inside a mapping of ours, replaced by the file's (zeros, as the
        // caller's values there were), at an offset that is a multiple of the page size;
        // the mapping keeps the file open until it is unmapped.
        let got = unsafe {
            libc::mmap(
                at as *mut libc::c_void,
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED | libc::MAP_FIXED,
                file.as_raw_fd(),
                libc::off_t::try_from(offset).map_err(std::io::Error::other)?,
            )
        };
        if got == libc::MAP_FAILED {
            return Err(std::io::Error::last_os_error());
        }
        offset += len;
    }
    Ok(())
}

#[cfg(not(target_os = "linux"))]
fn map_file(_: &std::fs::File, _: &[(usize, usize)], _: usize) -> std::io::Result<()> {
    Ok(())
}

impl<T: Zeroed + Copy> From<Vec<T>> for Mapped<T> {
    fn from(v: Vec<T>) -> Mapped<T> {
        let mut m = Mapped::zeroed(0, v.len());
        for x in v {
            m.push(x);
        }
        m
    }
}

impl<T: Zeroed> Deref for Mapped<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `len` elements from `ptr`, each written or zero (a value of `T`).
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroed> DerefMut for Mapped<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as above, and borrowed mutably through `self`.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Zeroed> Drop for Mapped<T> {
    fn drop(&mut self) {
        let bytes = self.cap * size_of::<T>();
        if bytes > 0 {
            unmap(self.ptr.cast(), bytes);
        }
    }
}

/// `bytes` of zeros, aligned to a page.
#[cfg(target_os = "linux")]
fn map(bytes: usize) -> NonNull<u8> {
    // SAFETY: a new private anonymous mapping; nothing else is touched.
    let at = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            bytes,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    assert!(
        at != libc::MAP_FAILED,
        "the system refused {bytes} bytes of addresses for the values"
    );
    NonNull::new(at.cast()).expect("a mapping is never at 0")
}

#[cfg(target_os = "linux")]
fn unmap(ptr: NonNull<u8>, bytes: usize) {
    // SAFETY: the whole mapping `map` made, no longer used.
    unsafe { libc::munmap(ptr.as_ptr().cast(), bytes) };
}

#[cfg(not(target_os = "linux"))]
fn layout(bytes: usize) -> std::alloc::Layout {
    std::alloc::Layout::from_size_align(bytes, 4096).expect("a layout")
}

#[cfg(not(target_os = "linux"))]
fn map(bytes: usize) -> NonNull<u8> {
    let layout = layout(bytes);
    // SAFETY: the layout's size is not zero.
    let at = unsafe { std::alloc::alloc_zeroed(layout) };
    NonNull::new(at).unwrap_or_else(|| std::alloc::handle_alloc_error(layout))
}

#[cfg(not(target_os = "linux"))]
fn unmap(ptr: NonNull<u8>, bytes: usize) {
    // SAFETY: allocated by `map` with this layout.
    unsafe { std::alloc::dealloc(ptr.as_ptr(), layout(bytes)) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering::Relaxed;

    #[test]
    fn mapped_values_start_at_zero_and_keep_what_is_written() {
        let mut m: Mapped<u32> = Mapped::zeroed(3, 5);
        assert_eq!(&m[..], &[0, 0, 0]);
        m[1] = 7;
        m.push(9);
        assert_eq!(&m[..], &[0, 7, 0, 9]);
        let cells: Mapped<AtomicU32> = m.cast();
        cells[0].store(4, Relaxed);
        let mut m: Mapped<u32> = cells.cast();
        assert_eq!(m.pop(), Some(9));
        assert_eq!(&m[..], &[4, 7, 0]);
        let from: Mapped<f64> = vec![0.25, 0.5].into();
        assert_eq!(&from[..], &[0.25, 0.5]);
        let empty: Mapped<f64> = Mapped::zeroed(0, 0);
        assert!(empty.is_empty());
    }

    /// Values backed by a file keep what is written there, beside values in memory that are
    /// not moved; the memory is the file's (the system's map of the process names it).
    #[cfg(target_os = "linux")]
    #[test]
    fn values_backed_by_a_file_keep_what_is_written() {
        let n = 1 << 20;
        let mut m: Mapped<f64> = Mapped::zeroed(n, n + 1);
        m[10] = 0.5;
        let moved = m
            .back_with_file(&[1000..200_000, 300_000..300_001])
            .unwrap();
        // Whole pages only: none inside the one-value range.
        let page = super::super::pages::page_size();
        assert!(moved > 0 && moved.is_multiple_of(page as u64));
        assert!(moved <= (199_000 * 8) as u64 && moved + 2 * page as u64 >= (199_000 * 8) as u64);
        assert_eq!((m[10], m[5000]), (0.5, 0.0));
        for i in 1000..200_000 {
            m[i] = i as f64;
        }
        m.push(1.0);
        assert!((1000..200_000).all(|i| m[i] == i as f64));
        assert_eq!((m[10], m[n]), (0.5, 1.0));
        let maps = std::fs::read_to_string("/proc/self/maps").unwrap();
        let at = m.as_ptr() as usize + 100_000 * 8;
        let line = maps
            .lines()
            .find(|l| {
                let (from, to) = l.split_once(' ').unwrap().0.split_once('-').unwrap();
                let range = usize::from_str_radix(from, 16).unwrap()
                    ..usize::from_str_radix(to, 16).unwrap();
                range.contains(&at)
            })
            .unwrap();
        assert!(line.contains("senet-values-read"), "{line}");
    }

    /// More addresses than most machines have memory (256 GiB): only the pages written take
    /// any (as the system's `mincore` says of each page of the mapping).
    #[cfg(target_os = "linux")]
    #[test]
    fn untouched_values_take_no_memory() {
        let n = 1usize << 36;
        let mut m: Mapped<u32> = Mapped::zeroed(n / 4, n / 4);
        m[0] = 1;
        m[n / 4 - 1] = 2;
        let page = 4096;
        let mut resident = vec![0u8; n / page];
        // SAFETY: the mapping's own pages, one byte a page in `resident`.
        let done = unsafe { libc::mincore(m.as_ptr() as *mut _, n, resident.as_mut_ptr()) };
        assert_eq!(done, 0);
        let pages = resident.iter().filter(|&&r| r & 1 == 1).count();
        // Two pages written, each perhaps a huge page of 512.
        assert!((2..=2 * 512).contains(&pages), "{pages} pages resident");
        assert_eq!((m[1], m[n / 8]), (0, 0), "untouched values read as zeros");
    }
}
