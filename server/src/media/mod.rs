//! Media (insignia, badges, hero images, favicons) in object storage: a local folder by
//! default, any S3-compatible store in production.

pub mod routes;

use std::sync::Arc;

use bytes::Bytes;
use object_store::{
    aws::{AmazonS3Builder, AmazonS3ConfigKey},
    local::LocalFileSystem,
    path::Path,
    ObjectStore, ObjectStoreExt, PutPayload,
};

use crate::config::MediaLocation;

/// A stored object and what is needed to serve it.
pub struct MediaObject {
    pub bytes: Bytes,
    pub e_tag: Option<String>,
}

#[derive(Clone)]
pub struct MediaStore {
    store: Arc<dyn ObjectStore>,
    prefix: String,
}

impl MediaStore {
    /// Opens the configured store. S3 settings (credentials, region, `AWS_ENDPOINT_URL`,
    /// `AWS_ALLOW_HTTP`) are read from the `AWS_*` environment variables.
    pub fn open(location: &MediaLocation) -> anyhow::Result<Self> {
        match location {
            MediaLocation::Folder(dir) => Self::folder(dir),
            MediaLocation::S3 { bucket, prefix } => {
                let store = AmazonS3Builder::from_env()
                    .with_bucket_name(bucket)
                    .build()?;
                Ok(Self {
                    store: Arc::new(store),
                    prefix: prefix.clone(),
                })
            }
        }
    }

    pub fn folder(dir: &std::path::Path) -> anyhow::Result<Self> {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create media folder {}: {e}", dir.display()))?;
        Ok(Self {
            store: Arc::new(LocalFileSystem::new_with_prefix(dir)?),
            prefix: String::new(),
        })
    }

    /// An S3-compatible bucket with explicit settings (tests and tools).
    pub fn s3(
        bucket: &str,
        prefix: &str,
        options: impl IntoIterator<Item = (AmazonS3ConfigKey, String)>,
    ) -> anyhow::Result<Self> {
        let mut builder = AmazonS3Builder::new().with_bucket_name(bucket);
        for (key, value) in options {
            builder = builder.with_config(key, value);
        }
        Ok(Self {
            store: Arc::new(builder.build()?),
            prefix: prefix.to_owned(),
        })
    }

    fn path(&self, key: &str) -> Result<Path, object_store::path::Error> {
        if self.prefix.is_empty() {
            Path::parse(key)
        } else {
            Path::parse(format!("{}/{key}", self.prefix))
        }
    }

    pub async fn put(&self, key: &str, bytes: Bytes) -> anyhow::Result<()> {
        self.store
            .put(&self.path(key)?, PutPayload::from_bytes(bytes))
            .await?;
        Ok(())
    }

    /// The object at `key`, or `None` when there is none (or the key is not a valid path).
    pub async fn get(&self, key: &str) -> anyhow::Result<Option<MediaObject>> {
        let Ok(path) = self.path(key) else {
            return Ok(None);
        };
        match self.store.get(&path).await {
            Ok(result) => {
                let e_tag = result.meta.e_tag.clone();
                let bytes = result.bytes().await?;
                Ok(Some(MediaObject { bytes, e_tag }))
            }
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(err) => Err(err.into()),
        }
    }

    pub async fn delete(&self, key: &str) -> anyhow::Result<()> {
        match self.store.delete(&self.path(key)?).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(err) => Err(err.into()),
        }
    }
}
