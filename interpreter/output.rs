//! Writing files: whole or not at all, and never over a file the same command reads.
//!
//! A file is written to a new file beside it, flushed to the disk, then renamed over
//! it: a full disk, an error or a killed program leaves the old file as it was (and at
//! worst a hidden `.NAME.PID.new` beside it). docs/limits.md says what is refused.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// A file a command reads, which what it writes must not replace unless asked.
#[derive(Debug, Clone, Copy)]
pub struct Input<'a> {
    /// Its path, as the command was given it.
    pub path: &'a str,
    /// What it is, as a sentence goes on after "is": "the rules file being played".
    pub what: &'static str,
}

/// Why a file was not written. Paths are quoted escaped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// The file system refused: no such folder, no permission, no space left... (its
    /// message, in lower case).
    #[error("cannot write `{}`: {message}", escape(path))]
    Io {
        /// The path as given.
        path: String,
        /// The system's message, in lower case.
        message: String,
    },
    /// A directory, a device or a pipe: renaming over it would not write into it.
    #[error("cannot write `{}`: it is not a regular file", escape(path))]
    NotAFile {
        /// The path as given.
        path: String,
    },
    /// The file is one the command reads.
    #[error(
        "not written: `{}` is {what}; to write over it all the same: {force}",
        escape(path)
    )]
    Input {
        /// The path as given.
        path: String,
        /// What the file is to the command ([`Input::what`]).
        what: &'static str,
        /// How to ask for it (`--force`, `save --force FILE`).
        force: String,
    },
}

fn escape(path: &str) -> String {
    crate::diagnostic::escape(path)
}

/// Refuses `path` when it names the same file as one of `inputs` (by their canonical
/// paths, so that `./g.tabula`, `g.tabula` and a link to it are one file); `force`
/// says how to ask for it all the same.
pub fn refuse_inputs(path: &str, inputs: &[Input], force: &str) -> Result<(), WriteError> {
    let Ok(target) = std::fs::canonicalize(path) else {
        // A file that does not exist is no file being read.
        return Ok(());
    };
    for input in inputs {
        if std::fs::canonicalize(input.path).is_ok_and(|p| p == target) {
            return Err(WriteError::Input {
                path: path.to_string(),
                what: input.what,
                force: force.to_string(),
            });
        }
    }
    Ok(())
}

/// Writes `bytes` to `path` whole, or leaves the file as it was.
pub fn write(path: &str, bytes: &[u8]) -> Result<(), WriteError> {
    let mut file = NewFile::create(path)?;
    file.write(bytes)?;
    file.commit()
}

/// A file being written: its bytes go to a new file in the same folder, which takes
/// the target's place only at `commit`; dropped before, it is removed.
#[derive(Debug)]
pub struct NewFile {
    /// As the user wrote it, for messages.
    path: String,
    /// Where it lands: through a link, the file linked to.
    target: PathBuf,
    folder: PathBuf,
    temporary: PathBuf,
    file: Option<std::fs::File>,
}

impl NewFile {
    /// Starts writing `path`; whether it can be written (its folder exists and takes
    /// new files, it is not a directory) is known from here on.
    pub fn create(path: &str) -> Result<NewFile, WriteError> {
        let cannot = |e: std::io::Error| WriteError::Io {
            path: path.to_string(),
            message: e.to_string().to_lowercase(),
        };
        let old = std::fs::metadata(path).ok();
        if old.as_ref().is_some_and(|m| !m.is_file()) {
            return Err(WriteError::NotAFile {
                path: path.to_string(),
            });
        }
        // Renaming over a link would replace the link: the file it names is written.
        let target = match old {
            Some(_) => std::fs::canonicalize(path).map_err(cannot)?,
            None => PathBuf::from(path),
        };
        let Some(name) = target.file_name() else {
            return Err(WriteError::NotAFile {
                path: path.to_string(),
            });
        };
        let folder = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let temporary = folder.join(format!(
            ".{}.{}-{n}.new",
            name.to_string_lossy(),
            std::process::id()
        ));
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temporary)
            .map_err(cannot)?;
        let new = NewFile {
            path: path.to_string(),
            target,
            folder,
            temporary,
            file: Some(file),
        };
        // The file written over keeps who may read it.
        if let Some(old) = std::fs::metadata(&new.target).ok().filter(|m| m.is_file()) {
            let _ = std::fs::set_permissions(&new.temporary, old.permissions());
        }
        Ok(new)
    }

    fn cannot(&self, e: std::io::Error) -> WriteError {
        WriteError::Io {
            path: self.path.clone(),
            message: e.to_string().to_lowercase(),
        }
    }

    /// Adds bytes to the new file.
    pub fn write(&mut self, bytes: &[u8]) -> Result<(), WriteError> {
        match self.file.as_mut().map(|f| f.write_all(bytes)) {
            Some(Err(e)) => Err(self.cannot(e)),
            _ => Ok(()),
        }
    }

    /// Puts the new file in the target's place, once every byte is on the disk.
    pub fn commit(mut self) -> Result<(), WriteError> {
        if let Some(file) = self.file.take() {
            file.sync_all().map_err(|e| self.cannot(e))?;
        }
        std::fs::rename(&self.temporary, &self.target).map_err(|e| self.cannot(e))?;
        // The rename is itself on the disk once the folder is.
        sync_folder(&self.folder);
        self.temporary = PathBuf::new();
        Ok(())
    }
}

impl Drop for NewFile {
    fn drop(&mut self) {
        if !self.temporary.as_os_str().is_empty() {
            self.file = None;
            let _ = std::fs::remove_file(&self.temporary);
        }
    }
}

#[cfg(unix)]
fn sync_folder(folder: &Path) {
    if let Ok(dir) = std::fs::File::open(folder) {
        let _ = dir.sync_all();
    }
}

#[cfg(not(unix))]
fn sync_folder(_folder: &Path) {}
