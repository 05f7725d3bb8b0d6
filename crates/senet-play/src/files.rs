//! The files the program writes and the files it reads back whole.
//!
//! A file is written whole or not at all: into a temporary file in the target's folder, synced
//! to disk, then renamed over the target. A failure at any point (a full disk, a crash, a
//! killed process) leaves the old file as it was, and a reader never sees half a file. A link
//! is followed, so the file it names is the one replaced; [`write_no_follow`] replaces the link
//! itself instead (for a folder that others may plant links in). An existing target that is
//! not a regular file (`/dev/null`, a pipe) has no content to keep and is written straight into.
//!
//! [`refuse_inputs`] tells whether an output is one of a command's inputs (through a symbolic
//! or hard link too), so that nothing is written over a file that is being read; and
//! [`read_regular`] reads an input no further than a limit, from a regular file only (never a
//! device that never ends or a pipe that may never be written).

use std::fs::{File, Metadata};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

/// Why a file was not written.
#[derive(Debug, Error)]
pub enum WriteError {
    /// The output is a file the command reads.
    #[error("`{}` is an input of this command{}: write to another file", output.display(), by_another_name(output, input))]
    IsInput { output: PathBuf, input: PathBuf },
    #[error("cannot write `{}`: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
}

/// Why an input file was not read.
#[derive(Debug, Error)]
pub enum ReadError {
    #[error("it is a folder")]
    Folder,
    #[error("it is not a regular file")]
    NotRegular,
    #[error("it is longer than {}", bytes_text(*limit))]
    TooLong { limit: usize },
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// How an output that is an input is that input, where its name is another.
fn by_another_name(output: &Path, input: &Path) -> String {
    if output == input {
        String::new()
    } else {
        format!(" (the same file as `{}`)", input.display())
    }
}

/// `limit` bytes for people: in MiB where it is a whole number of them.
fn bytes_text(limit: usize) -> String {
    if limit >= 1 << 20 && limit.is_multiple_of(1 << 20) {
        format!("{} MiB", limit >> 20)
    } else {
        format!("{limit} bytes")
    }
}

/// The bytes of regular file `path`, at most `limit` of them (one more is read to tell that
/// the file is longer, and no more).
pub fn read_regular(path: &Path, limit: usize) -> Result<Vec<u8>, ReadError> {
    let file = open_regular(path)?;
    let cap = u64::try_from(limit).map_or(u64::MAX, |l| l.saturating_add(1));
    let mut bytes = Vec::new();
    file.take(cap).read_to_end(&mut bytes)?;
    if bytes.len() > limit {
        return Err(ReadError::TooLong { limit });
    }
    Ok(bytes)
}

/// `path` opened for reading if it is a regular file: a folder, a device or a pipe is refused
/// before it is opened (opening a pipe waits for a writer).
pub fn open_regular(path: &Path) -> Result<File, ReadError> {
    let meta = std::fs::metadata(path)?;
    if meta.is_dir() {
        return Err(ReadError::Folder);
    }
    if !meta.is_file() {
        return Err(ReadError::NotRegular);
    }
    Ok(File::open(path)?)
}

/// Refuses `output` if it is one of `inputs`: the same file by its device and inode, whatever
/// the names (a symbolic link, a hard link, another spelling of the path). An output that does
/// not exist yet is none of them; an input that does not exist is skipped.
pub fn refuse_inputs<'a>(
    output: &Path,
    inputs: impl IntoIterator<Item = &'a Path>,
) -> Result<(), WriteError> {
    let Ok(out) = std::fs::metadata(output) else {
        return Ok(());
    };
    for input in inputs {
        if std::fs::metadata(input).is_ok_and(|m| same(&out, &m, output, input)) {
            return Err(WriteError::IsInput {
                output: output.to_path_buf(),
                input: input.to_path_buf(),
            });
        }
    }
    Ok(())
}

#[cfg(unix)]
fn same(a: &Metadata, b: &Metadata, _: &Path, _: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same(_: &Metadata, _: &Metadata, a: &Path, b: &Path) -> bool {
    matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
}

/// Writes `path` whole with what `fill` writes (see the module's comment): the old file, if
/// any, stays as it was unless all of it was written and synced.
pub fn write(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), WriteError> {
    let at = |source| WriteError::Io {
        path: path.to_path_buf(),
        source,
    };
    match Target::of(path, true).map_err(at)? {
        Target::Device(device) => write_device(&device, fill),
        Target::File(target) => replace(&target, fill),
    }
    .map_err(at)
}

/// [`write`] of `bytes`.
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    write(path, |w| w.write_all(bytes))
}

/// Writes `path` whole with `bytes` as [`write`] does, but never through a link: a link at
/// `path` is replaced by the file, and what it pointed to is left alone.
pub fn write_no_follow(path: &Path, bytes: &[u8]) -> Result<(), WriteError> {
    let at = |source| WriteError::Io {
        path: path.to_path_buf(),
        source,
    };
    match Target::of(path, false).map_err(at)? {
        Target::File(target) => replace(&target, |w| w.write_all(bytes)).map_err(at),
        Target::Device(_) => Err(at(io::Error::other("it is not a regular file"))),
    }
}

/// Finds out early that `path` can be written, before work whose result it is to hold: not a
/// folder, and its folder takes a new file (one is made and removed again). The file itself is
/// left as it is.
pub fn check_writable(path: &Path) -> Result<(), WriteError> {
    let at = |source| WriteError::Io {
        path: path.to_path_buf(),
        source,
    };
    match Target::of(path, true).map_err(at)? {
        Target::Device(_) => Ok(()),
        Target::File(target) => temporary_beside(&target).map(drop).map_err(at),
    }
}

/// Where a write goes.
enum Target {
    /// A regular file, or none yet: replaced by renaming.
    File(PathBuf),
    /// Something that is not a regular file (a device, a pipe): written into as it is.
    Device(PathBuf),
}

impl Target {
    fn of(path: &Path, follow: bool) -> io::Result<Target> {
        let meta = if follow {
            std::fs::metadata(path)
        } else {
            std::fs::symlink_metadata(path)
        };
        match meta {
            // Nothing there (or a link to nothing): a new file.
            Err(_) => Ok(Target::File(path.to_path_buf())),
            Ok(m) if m.is_dir() => Err(io::Error::other("it is a folder")),
            Ok(m) if m.is_file() || m.is_symlink() => Ok(Target::File(if follow {
                std::fs::canonicalize(path)?
            } else {
                path.to_path_buf()
            })),
            Ok(_) => Ok(Target::Device(path.to_path_buf())),
        }
    }
}

fn write_device(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<()> {
    let file = std::fs::OpenOptions::new().write(true).open(path)?;
    let mut w = BufWriter::new(file);
    fill(&mut w)?;
    w.flush()
}

/// A new temporary file in `target`'s folder, named after it, removed when dropped unless it is
/// renamed first.
fn temporary_beside(target: &Path) -> io::Result<tempfile::NamedTempFile> {
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::other("it names no file"))?;
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    let prefix = format!(".{}.", name.to_string_lossy());
    builder.prefix(&prefix).suffix(".tmp");
    // As `File::create` makes a file: readable by all that the umask lets read it (a temporary
    // file is otherwise its owner's alone).
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    builder.tempfile_in(folder)
}

fn replace(target: &Path, fill: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let old = std::fs::metadata(target).ok();
    let mut temp = temporary_beside(target)?;
    {
        let mut w = BufWriter::with_capacity(1 << 16, temp.as_file_mut());
        fill(&mut w)?;
        w.flush()?;
    }
    if let Some(old) = old {
        // The new file takes the old one's permissions (a script stays executable, a private
        // file private).
        temp.as_file().set_permissions(old.permissions())?;
    }
    temp.as_file().sync_all()?;
    temp.persist(target).map_err(|e| e.error)?;
    // The rename itself made durable; some file systems cannot sync a folder, and the file is
    // whole either way.
    if let Some(folder) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
        let _ = File::open(folder).and_then(|f| f.sync_all());
    }
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// A fresh folder of the system's temporary folder, removed at the end.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir =
                std::env::temp_dir().join(format!("senet-files-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            Scratch(dir)
        }

        fn names(&self) -> Vec<String> {
            let mut names: Vec<String> = std::fs::read_dir(&self.0)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn a_writer_that_fails_half_way_leaves_the_old_file_and_no_temporary_file() {
        let dir = Scratch::new("half");
        let target = dir.0.join("table.bin");
        std::fs::write(&target, b"the old contents").unwrap();
        let err = write(&target, |w| {
            w.write_all(&[7u8; 100_000])?;
            Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "no space left on device",
            ))
        })
        .unwrap_err();
        assert!(
            matches!(&err, WriteError::Io { source, .. } if source.kind() == io::ErrorKind::StorageFull)
        );
        assert!(err.to_string().starts_with("cannot write `"), "{err}");
        assert_eq!(std::fs::read(&target).unwrap(), b"the old contents");
        assert_eq!(dir.names(), ["table.bin"]);
        // Without an old file, a failure leaves nothing at all.
        let fresh = dir.0.join("fresh.bin");
        assert!(write(&fresh, |_| Err(io::Error::other("cut"))).is_err());
        assert!(!fresh.exists());
        assert_eq!(dir.names(), ["table.bin"]);
    }

    #[test]
    fn a_whole_write_replaces_the_file_and_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = Scratch::new("whole");
        let target = dir.0.join("rules.rules");
        std::fs::write(&target, b"old").unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_bytes(&target, b"new and longer").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"new and longer");
        let mode = std::fs::metadata(&target).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        assert_eq!(dir.names(), ["rules.rules"]);
    }

    #[test]
    fn a_link_is_followed_by_write_and_replaced_by_write_no_follow() {
        let dir = Scratch::new("links");
        let real = dir.0.join("real.svg");
        std::fs::write(&real, b"old").unwrap();
        let link = dir.0.join("link.svg");
        std::os::unix::fs::symlink("real.svg", &link).unwrap();
        write_bytes(&link, b"through the link").unwrap();
        assert_eq!(std::fs::read(&real).unwrap(), b"through the link");
        assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
        write_no_follow(&link, b"in place of the link").unwrap();
        assert_eq!(std::fs::read(&real).unwrap(), b"through the link");
        assert!(std::fs::symlink_metadata(&link).unwrap().is_file());
        assert_eq!(std::fs::read(&link).unwrap(), b"in place of the link");
        assert_eq!(dir.names(), ["link.svg", "real.svg"]);
    }

    #[test]
    fn a_device_is_written_into_and_a_folder_is_refused() {
        write_bytes(Path::new("/dev/null"), b"gone").unwrap();
        let null = std::fs::metadata("/dev/null").unwrap();
        assert!(
            !null.is_file() && !null.is_dir(),
            "/dev/null is still a device"
        );
        let dir = Scratch::new("folder");
        let err = write_bytes(&dir.0, b"x").unwrap_err();
        assert!(err.to_string().ends_with("it is a folder"), "{err}");
        assert!(check_writable(&dir.0).is_err());
        assert!(check_writable(&dir.0.join("new.json")).is_ok());
        assert_eq!(dir.names(), Vec::<String>::new());
        let full = write_bytes(Path::new("/dev/full"), b"x").unwrap_err();
        assert!(matches!(full, WriteError::Io { .. }), "{full}");
    }

    #[test]
    fn an_output_is_refused_when_it_is_an_input_by_any_name() {
        let dir = Scratch::new("same");
        let input = dir.0.join("in.json");
        std::fs::write(&input, b"{}").unwrap();
        let soft = dir.0.join("soft.json");
        std::os::unix::fs::symlink(&input, &soft).unwrap();
        let hard = dir.0.join("hard.json");
        std::fs::hard_link(&input, &hard).unwrap();
        let other = dir.0.join("other.json");
        std::fs::write(&other, b"{}").unwrap();
        let dotted = dir.0.join(".").join("in.json");
        for out in [&input, &soft, &hard, &dotted] {
            let err = refuse_inputs(out, [other.as_path(), input.as_path()]).unwrap_err();
            assert!(matches!(&err, WriteError::IsInput { input: i, .. } if *i == input));
        }
        let err = refuse_inputs(&input, [input.as_path()]).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!(
                "`{}` is an input of this command: write to another file",
                input.display()
            )
        );
        let err = refuse_inputs(&hard, [input.as_path()]).unwrap_err();
        assert!(err.to_string().contains("the same file as `"), "{err}");
        assert!(refuse_inputs(&other, [input.as_path()]).is_ok());
        assert!(refuse_inputs(&dir.0.join("new.json"), [input.as_path()]).is_ok());
    }

    #[test]
    fn a_read_stops_at_its_limit_and_never_opens_a_device() {
        let dir = Scratch::new("read");
        let file = dir.0.join("net.json");
        std::fs::write(&file, [b'x'; 10]).unwrap();
        assert_eq!(read_regular(&file, 10).unwrap().len(), 10);
        assert!(matches!(
            read_regular(&file, 9),
            Err(ReadError::TooLong { limit: 9 })
        ));
        assert!(matches!(
            read_regular(Path::new("/dev/zero"), 1 << 20),
            Err(ReadError::NotRegular)
        ));
        assert!(matches!(read_regular(&dir.0, 10), Err(ReadError::Folder)));
        assert_eq!(
            ReadError::TooLong { limit: 16 << 20 }.to_string(),
            "it is longer than 16 MiB"
        );
    }
}
