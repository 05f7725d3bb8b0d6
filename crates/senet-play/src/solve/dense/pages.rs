//! Asking the system to back the values with huge pages: a sweep reads them in no order a
//! cache can follow, and with 4 KiB pages most of those reads also miss the table that maps
//! addresses to pages (a few thousand entries for gigabytes of values). With 2 MiB pages that
//! table covers them. Linux gives huge pages to memory that asks for them where it is set to
//! (`/sys/kernel/mm/transparent_hugepage/enabled` at `madvise`, a common default) and to all of
//! it where set to `always`; elsewhere this does nothing.

/// Asks for huge pages for the `bytes` of memory from `at`, before they are written: pages are
/// given when first touched. Only a hint: nothing changes if it is refused.
pub fn prefer_huge(at: *const u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = at as usize;
        let end = start + bytes;
        // Only whole huge pages inside the allocation can be huge.
        let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if from < to {
            // SAFETY: the caller's memory, whose pages the advice changes only how they are
            // backed, never their contents.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (at, bytes);
}

/// The size of a page of memory (4 KiB where the system does not say).
pub fn page_size() -> usize {
    #[cfg(unix)]
    {
        // SAFETY: sysconf only reads a setting.
        usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096)
    }
    #[cfg(not(unix))]
    4096
}

/// Whether [`give_back`] can give memory back on this system.
pub const CAN_GIVE_BACK: bool = cfg!(target_os = "linux");

/// Gives the whole pages inside `v` back to the system: they read as zeros until written
/// again, and take no memory until then. The bytes given back (none where the system cannot
/// be asked: see [`CAN_GIVE_BACK`]).
pub fn give_back<T>(v: &[T]) -> u64 {
    #[cfg(target_os = "linux")]
    {
        let page = page_size();
        let start = v.as_ptr() as usize;
        let end = start + std::mem::size_of_val(v);
        let (from, to) = (start.next_multiple_of(page), end / page * page);
        if from < to {
            // SAFETY: the range lies inside `v`, whose atomics (every caller's `T`) may change
            // behind a shared reference; the pages are given zeros, which are valid values for
            // them.
            let done =
                unsafe { libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_DONTNEED) };
            if done == 0 {
                return (to - from) as u64;
            }
        }
        0
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = v;
        0
    }
}

/// Gives the memory the allocator holds free back to the system: the blocks of successor lists
/// freed at the end of a window are small enough that the allocator keeps them for reuse, and
/// would otherwise count as the process's own while the values parked come back. Only where
/// the allocator can be asked (glibc); elsewhere nothing happens.
pub fn trim() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory; nothing in use moves.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The memory the process holds of its own now: its resident set less the pages of files
/// mapped (its code, values kept in a file), which the system can take back whenever it needs
/// them; where the system says (Linux), `None` elsewhere.
pub fn resident() -> Option<u64> {
    #[cfg(target_os = "linux")]
    {
        // The second and third fields of statm: resident pages, and of those, pages of files.
        let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
        let mut fields = statm.split_whitespace().skip(1);
        let mut next = || fields.next()?.parse::<u64>().ok();
        let pages = next()?.saturating_sub(next()?);
        Some(pages * page_size() as u64)
    }
    #[cfg(not(target_os = "linux"))]
    None
}
