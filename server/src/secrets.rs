//! Secrets at rest (issue 22): an agency's Discord bot token and its webhook addresses are
//! stored sealed with AES-256-GCM under the deployment's key (`PORTAL_SECRET_KEY`, 32 bytes in
//! base64), never in clear. Each sealed value is bound to what it is (`purpose`, e.g.
//! `bot-token:agency_12`), so a value copied into another agency or field does not open.
//! The API never answers a secret, and the audit log hides fields whose names say they are one.

use aes_gcm::{
    aead::{Aead, KeyInit, Payload},
    Aes256Gcm, Key, Nonce,
};
use base64::{engine::general_purpose::STANDARD, Engine};

/// How long the nonce in front of every sealed value is.
const NONCE: usize = 12;

pub const NO_KEY: &str = "The portal has no PORTAL_SECRET_KEY, so it cannot store bot tokens or webhook addresses. Ask the person who runs it to set one.";

/// The deployment's key for sealing secrets.
#[derive(Clone)]
pub struct SecretBox {
    cipher: Aes256Gcm,
}

impl std::fmt::Debug for SecretBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretBox(…)")
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SecretError {
    #[error("PORTAL_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32)")]
    BadKey,
    #[error("a sealed value does not open with this key (was PORTAL_SECRET_KEY changed?)")]
    DoesNotOpen,
}

impl SecretBox {
    /// The key from its base64 text.
    pub fn from_base64(text: &str) -> Result<Self, SecretError> {
        let bytes = STANDARD.decode(text.trim()).map_err(|_| SecretError::BadKey)?;
        if bytes.len() != 32 {
            return Err(SecretError::BadKey);
        }
        Ok(Self { cipher: Aes256Gcm::new(Key::<Aes256Gcm>::from_slice(&bytes)) })
    }

    /// `secret` sealed for `purpose`: a random nonce followed by the ciphertext and its tag.
    pub fn seal(&self, purpose: &str, secret: &str) -> Vec<u8> {
        let nonce: [u8; NONCE] = rand::random();
        let payload = Payload { msg: secret.as_bytes(), aad: purpose.as_bytes() };
        // Encryption with a valid key and nonce cannot fail.
        let sealed = self.cipher.encrypt(Nonce::from_slice(&nonce), payload).unwrap_or_default();
        [nonce.as_slice(), &sealed].concat()
    }

    /// The secret sealed for `purpose`.
    pub fn open(&self, purpose: &str, sealed: &[u8]) -> Result<String, SecretError> {
        if sealed.len() <= NONCE {
            return Err(SecretError::DoesNotOpen);
        }
        let (nonce, body) = sealed.split_at(NONCE);
        let payload = Payload { msg: body, aad: purpose.as_bytes() };
        let clear = self
            .cipher
            .decrypt(Nonce::from_slice(nonce), payload)
            .map_err(|_| SecretError::DoesNotOpen)?;
        String::from_utf8(clear).map_err(|_| SecretError::DoesNotOpen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";

    #[test]
    fn a_sealed_secret_opens_only_for_its_purpose_and_key() {
        let secrets = SecretBox::from_base64(KEY).unwrap();
        let sealed = secrets.seal("bot-token:agency_1", "my.bot.token");
        assert!(!sealed.windows(12).any(|w| w == b"my.bot.token"), "not in clear");
        assert_eq!(secrets.open("bot-token:agency_1", &sealed).unwrap(), "my.bot.token");
        assert_ne!(
            sealed,
            secrets.seal("bot-token:agency_1", "my.bot.token"),
            "a new nonce each time"
        );
        assert_eq!(secrets.open("bot-token:agency_2", &sealed), Err(SecretError::DoesNotOpen));
        let other = SecretBox::from_base64(&STANDARD.encode([7u8; 32])).unwrap();
        assert_eq!(other.open("bot-token:agency_1", &sealed), Err(SecretError::DoesNotOpen));
        let mut tampered = sealed.clone();
        *tampered.last_mut().unwrap() ^= 1;
        assert_eq!(secrets.open("bot-token:agency_1", &tampered), Err(SecretError::DoesNotOpen));
        assert_eq!(secrets.open("bot-token:agency_1", b"short"), Err(SecretError::DoesNotOpen));
    }

    #[test]
    fn keys_are_thirty_two_bytes_of_base64() {
        assert!(SecretBox::from_base64(KEY).is_ok());
        assert_eq!(SecretBox::from_base64("c2hvcnQ=").unwrap_err(), SecretError::BadKey);
        assert_eq!(SecretBox::from_base64("not base64!").unwrap_err(), SecretError::BadKey);
    }
}
