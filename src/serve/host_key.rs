//! The server's host key: an Ed25519 key in OpenSSH's private key format, read from
//! `--host-key FILE` or from the platform's data directory, and generated there on first
//! start (readable by its owner only) so clients see the same key every time.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use russh::keys::ssh_key::private::{Ed25519Keypair, KeypairData};
use russh::keys::ssh_key::{LineEnding, PrivateKey};

use crate::Error;

/// Where the host key lives when `--host-key` is not given:
/// `$XDG_DATA_HOME/maze-tui/ssh_host_ed25519_key` (the `etcetera` crate's base strategy;
/// `~/.local/share/…` on most systems). `None` when no home directory is known.
#[must_use]
pub fn default_host_key_path() -> Option<PathBuf> {
    use etcetera::BaseStrategy;
    let dirs = etcetera::choose_base_strategy().ok()?;
    Some(
        dirs.data_dir()
            .join("maze-tui")
            .join("ssh_host_ed25519_key"),
    )
}

/// The key in `path`, or a new Ed25519 key written there (mode 0600, its folder created)
/// if the file does not exist. Returns the key and whether it was created.
///
/// # Errors
/// [`Error::Io`] if the file cannot be read or written; [`Error::Invalid`] if it is not an
/// unencrypted OpenSSH private key.
pub fn load_or_create_host_key(path: &Path) -> Result<(PrivateKey, bool), Error> {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let key = PrivateKey::from_openssh(text.as_bytes()).map_err(|e| {
                Error::Invalid(format!(
                    "{} is not an OpenSSH private key: {e}",
                    path.display()
                ))
            })?;
            if key.is_encrypted() {
                return Err(Error::Invalid(format!(
                    "{} is encrypted; the server needs a key without a passphrase",
                    path.display()
                )));
            }
            Ok((key, false))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let key = new_key()?;
            write_key(&key, path)?;
            Ok((key, true))
        }
        Err(e) => Err(Error::Io(format!("cannot read {}: {e}", path.display()))),
    }
}

/// A new Ed25519 key from 32 bytes of the thread's cryptographic generator (ChaCha,
/// seeded by the operating system).
fn new_key() -> Result<PrivateKey, Error> {
    let seed: [u8; 32] = rand::random();
    let pair = Ed25519Keypair::from_seed(&seed);
    PrivateKey::new(KeypairData::Ed25519(pair), "maze-tui serve")
        .map_err(|e| Error::Invalid(format!("cannot make a host key: {e}")))
}

/// Write `key` to `path` whole or not at all; the temporary file is created 0600 and
/// keeps that mode.
fn write_key(key: &PrivateKey, path: &Path) -> Result<(), Error> {
    let io = |e: std::io::Error| Error::Io(format!("cannot write {}: {e}", path.display()));
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(io)?;
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(|e| Error::Invalid(format!("cannot encode the host key: {e}")))?;
    let mut file = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
    file.write_all(text.as_bytes()).map_err(io)?;
    file.as_file().sync_all().map_err(io)?;
    file.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use russh::keys::HashAlg;

    #[test]
    fn a_key_is_made_once_and_read_back_the_same() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("keys").join("host");
        let (made, created) = load_or_create_host_key(&path).expect("created");
        assert!(created);
        let (read, created) = load_or_create_host_key(&path).expect("read");
        assert!(!created);
        assert_eq!(
            made.public_key().fingerprint(HashAlg::Sha256),
            read.public_key().fingerprint(HashAlg::Sha256)
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path)
                .expect("exists")
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, "not a key").expect("written");
        assert!(matches!(
            load_or_create_host_key(&path),
            Err(Error::Invalid(_))
        ));
    }
}
