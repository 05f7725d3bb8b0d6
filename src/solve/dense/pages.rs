//! Asking the system to back the values with huge pages: a sweep reads them in no order a
//! cache can follow, and with 4 KiB pages most of those reads also miss the table that maps
//! addresses to pages (a few thousand entries for gigabytes of values). With 2 MiB pages that
//! table covers them. Linux gives huge pages to memory that asks for them where it is set to
//! (`/sys/kernel/mm/transparent_hugepage/enabled` at `madvise`, a common default) and to all of
//! it where set to `always`; elsewhere this does nothing.

/// Asks for huge pages for the memory of `v` up to its capacity, before it is written: pages
/// are given when first touched. Only a hint: nothing changes if it is refused.
pub fn prefer_huge<T>(v: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = v.as_ptr() as usize;
        let end = start + v.capacity() * std::mem::size_of::<T>();
        // Only whole huge pages inside the allocation can be huge.
        let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if from < to {
            // SAFETY: the range lies inside `v`'s allocation, and the advice changes only how
            // its pages are backed, never their contents.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}
