//! Who may log in: public keys from an `authorized_keys` file, passwords checked against
//! Argon2id hashes (PHC strings, the `argon2` crate), or anyone (`--open`); and the limit
//! on failed attempts from one address.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use russh::keys::PublicKey;
use russh::keys::ssh_key::AuthorizedKeys;

use crate::Error;

/// The largest key or password file read (1 MiB): a few thousand lines.
const MAX_FILE: u64 = 1 << 20;
/// Failed attempts an address may make within [`FAILURE_WINDOW`] before every attempt
/// from it is refused until the window ends.
pub const MAX_FAILURES: u32 = 5;
/// How long failed attempts are remembered.
pub const FAILURE_WINDOW: Duration = Duration::from_secs(60);

/// Who may log in. With none of the three, only a loopback address may be served (then
/// anyone who can reach it gets in, as with `open`).
#[derive(Clone, Debug, Default)]
pub struct Access {
    /// `--open`: anyone, with any user name.
    pub open: bool,
    /// `--authorized-keys`: these public keys, with any user name.
    pub keys: Vec<PublicKey>,
    /// `--password-file`: user name → Argon2 PHC string.
    pub passwords: HashMap<String, String>,
}

impl Access {
    /// No way to log in was given.
    #[must_use]
    pub fn is_none(&self) -> bool {
        !self.open && self.keys.is_empty() && self.passwords.is_empty()
    }

    /// Anyone gets in: `--open`, or nothing given (loopback only, checked before).
    #[must_use]
    pub fn anyone(&self) -> bool {
        self.open || self.is_none()
    }

    /// Whether `key` is one of the authorized keys (its algorithm and key data; the
    /// comment does not count). O(keys).
    #[must_use]
    pub fn knows_key(&self, key: &PublicKey) -> bool {
        self.keys.iter().any(|k| k.key_data() == key.key_data())
    }

    /// Whether `password` is `user`'s, by the Argon2 hash in the password file. Takes
    /// what the hash's parameters ask (about 20 ms with the defaults): call it off the
    /// async runtime.
    #[must_use]
    pub fn password_matches(&self, user: &str, password: &str) -> bool {
        self.passwords.get(user).is_some_and(|hash| {
            Argon2::default()
                .verify_password(password.as_bytes(), hash.as_str())
                .is_ok()
        })
    }

    /// Read an OpenSSH `authorized_keys` file (options before a key are allowed and
    /// ignored).
    ///
    /// # Errors
    /// [`Error::Io`] if it cannot be read; [`Error::Invalid`] naming the first bad line.
    pub fn read_keys(path: &Path) -> Result<Vec<PublicKey>, Error> {
        let text = read_small(path)?;
        let mut keys = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let entry = AuthorizedKeys::new(line)
                .next()
                .ok_or_else(|| Error::Invalid(format!("{}:{}: no key", path.display(), n + 1)))?;
            let entry = entry.map_err(|e| {
                Error::Invalid(format!(
                    "{}:{}: not a public key: {e}",
                    path.display(),
                    n + 1
                ))
            })?;
            keys.push(entry.public_key().clone());
        }
        if keys.is_empty() {
            return Err(Error::Invalid(format!("{} has no key", path.display())));
        }
        Ok(keys)
    }

    /// Read a password file: lines `user:$argon2id$…` (as printed by
    /// `maze-tui serve --hash-password`); `#` starts a comment.
    ///
    /// # Errors
    /// [`Error::Io`] if it cannot be read; [`Error::Invalid`] naming the first bad line.
    pub fn read_passwords(path: &Path) -> Result<HashMap<String, String>, Error> {
        let text = read_small(path)?;
        let mut users = HashMap::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |why: &str| Error::Invalid(format!("{}:{}: {why}", path.display(), n + 1));
            let (user, hash) = line
                .split_once(':')
                .ok_or_else(|| bad("expected user:$argon2id$…"))?;
            argon2::PasswordHash::new(hash).map_err(|_| bad("not an Argon2 hash (PHC string)"))?;
            if user.is_empty() {
                return Err(bad("no user name"));
            }
            users.insert(user.to_owned(), hash.to_owned());
        }
        if users.is_empty() {
            return Err(Error::Invalid(format!("{} has no user", path.display())));
        }
        Ok(users)
    }
}

/// The Argon2id hash of `password` with a random salt, as a PHC string
/// (`$argon2id$v=19$m=19456,t=2,p=1$…`), for a password file.
///
/// # Errors
/// [`Error::Invalid`] if the system's random source fails or the password is too long
/// for Argon2.
pub fn hash_password(password: &str) -> Result<String, Error> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| Error::Invalid(format!("cannot hash the password: {e}")))
}

fn read_small(path: &Path) -> Result<String, Error> {
    use std::io::Read as _;
    let file = std::fs::File::open(path)
        .map_err(|e| Error::Io(format!("cannot read {}: {e}", path.display())))?;
    let mut text = String::new();
    file.take(MAX_FILE)
        .read_to_string(&mut text)
        .map_err(|e| Error::Io(format!("cannot read {}: {e}", path.display())))?;
    Ok(text)
}

/// Failed log-in attempts per address: after [`MAX_FAILURES`] within [`FAILURE_WINDOW`],
/// the address is refused until the window ends (russh also makes every refusal take a
/// second).
#[derive(Debug, Default)]
pub struct Failures {
    seen: Mutex<HashMap<IpAddr, (u32, Instant)>>,
}

impl Failures {
    /// Whether `ip` is refused now.
    pub fn blocked(&self, ip: IpAddr, now: Instant) -> bool {
        let seen = self
            .seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        seen.get(&ip)
            .is_some_and(|&(count, since)| count >= MAX_FAILURES && now - since < FAILURE_WINDOW)
    }

    /// Count a failed attempt from `ip`. Returns true when this one blocks it.
    pub fn record(&self, ip: IpAddr, now: Instant) -> bool {
        let mut seen = self
            .seen
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        // Forget old windows now and then, so a scan from many addresses stays bounded.
        if seen.len() > 10_000 {
            seen.retain(|_, (_, since)| now - *since < FAILURE_WINDOW);
        }
        let entry = seen.entry(ip).or_insert((0, now));
        if now - entry.1 >= FAILURE_WINDOW {
            *entry = (0, now);
        }
        entry.0 += 1;
        entry.0 == MAX_FAILURES
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_matches_its_own_hash_only() {
        let hash = hash_password("correct horse").expect("hashed");
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        let access = Access {
            passwords: HashMap::from([("ada".to_owned(), hash)]),
            ..Access::default()
        };
        assert!(access.password_matches("ada", "correct horse"));
        assert!(!access.password_matches("ada", "wrong"));
        assert!(!access.password_matches("bob", "correct horse"));
    }

    #[test]
    fn five_failures_block_an_address_for_a_minute() {
        let failures = Failures::default();
        let ip: IpAddr = [10, 0, 0, 1].into();
        let other: IpAddr = [10, 0, 0, 2].into();
        let t0 = Instant::now();
        for n in 1..MAX_FAILURES {
            assert!(!failures.record(ip, t0), "attempt {n}");
            assert!(!failures.blocked(ip, t0));
        }
        assert!(failures.record(ip, t0));
        assert!(failures.blocked(ip, t0 + Duration::from_secs(59)));
        assert!(!failures.blocked(other, t0));
        assert!(!failures.blocked(ip, t0 + FAILURE_WINDOW));
    }

    #[test]
    fn bad_files_name_their_line() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("passwords");
        std::fs::write(&path, "# class\nada:$argon2id$nope\n").expect("written");
        let err = Access::read_passwords(&path)
            .expect_err("bad hash")
            .to_string();
        assert!(err.contains("passwords:2:"), "{err}");
        let path = dir.path().join("keys");
        std::fs::write(&path, "ssh-ed25519 AAAAnotbase64\n").expect("written");
        let err = Access::read_keys(&path).expect_err("bad key").to_string();
        assert!(err.contains("keys:1:"), "{err}");
    }
}
