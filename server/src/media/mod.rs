//! Media (insignia, badges, hero images, favicons) in object storage: a local folder by
//! default, any S3-compatible store in production.

pub mod avatars;
pub mod routes;
pub mod upload;

use std::sync::Arc;

use bytes::Bytes;
use object_store::{
    aws::{AmazonS3Builder, AmazonS3ConfigKey},
    local::LocalFileSystem,
    path::Path,
    ObjectStore, ObjectStoreExt, PutPayload,
};

use crate::config::MediaLocation;

/// What the media routes need of the application's state.
pub trait MediaState: Send + Sync {
    fn media(&self) -> &MediaStore;
    fn avatars(&self) -> &avatars::Avatars;
}

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
                let store = AmazonS3Builder::from_env().with_bucket_name(bucket).build()?;
                Ok(Self { store: Arc::new(store), prefix: prefix.clone() })
            }
        }
    }

    pub fn folder(dir: &std::path::Path) -> anyhow::Result<Self> {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create media folder {}: {e}", dir.display()))?;
        Ok(Self { store: Arc::new(LocalFileSystem::new_with_prefix(dir)?), prefix: String::new() })
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
        Ok(Self { store: Arc::new(builder.build()?), prefix: prefix.to_owned() })
    }

    /// The store path of `key`; `None` for keys that are not a file name (empty, the root,
    /// `..`, and so on).
    fn path(&self, key: &str) -> Option<Path> {
        let key = Path::parse(key).ok().filter(|p| p.parts().next().is_some())?;
        if self.prefix.is_empty() {
            Some(key)
        } else {
            Path::parse(&self.prefix).ok().map(|prefix| prefix.parts().chain(key.parts()).collect())
        }
    }

    fn required_path(&self, key: &str) -> anyhow::Result<Path> {
        self.path(key).ok_or_else(|| anyhow::anyhow!("'{key}' is not a valid media key"))
    }

    pub async fn put(&self, key: &str, bytes: Bytes) -> anyhow::Result<()> {
        self.store.put(&self.required_path(key)?, PutPayload::from_bytes(bytes)).await?;
        Ok(())
    }

    /// Stores an uploaded image of one agency under `folder/<agency>/<random name>` and
    /// answers the address it is served at (`/media/…`).
    pub async fn put_image(
        &self,
        folder: &str,
        agency_slug: &str,
        image: upload::Upload,
    ) -> anyhow::Result<String> {
        let name = uuid::Uuid::new_v4().simple();
        let key = format!("{folder}/{agency_slug}/{name}.{}", image.kind.extension());
        self.put(&key, image.bytes).await?;
        Ok(format!("/media/{key}"))
    }

    /// The entity tag of the object at `key`, without reading it; `None` when there is none.
    pub async fn e_tag(&self, key: &str) -> anyhow::Result<Option<Option<String>>> {
        let Some(path) = self.path(key) else { return Ok(None) };
        match self.store.head(&path).await {
            Ok(meta) => Ok(Some(meta.e_tag)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(err) => Err(err.into()),
        }
    }

    /// The object at `key`, or `None` when there is none (or the key is not a valid path).
    pub async fn get(&self, key: &str) -> anyhow::Result<Option<MediaObject>> {
        let Some(path) = self.path(key) else { return Ok(None) };
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

    /// The object at `key` as a stream of chunks, with its size; `None` when there is none.
    /// Nothing is held whole in memory (bundles, issue 27).
    pub async fn get_stream(
        &self,
        key: &str,
    ) -> anyhow::Result<Option<(u64, futures::stream::BoxStream<'static, std::io::Result<Bytes>>)>>
    {
        use futures::StreamExt;
        let Some(path) = self.path(key) else { return Ok(None) };
        match self.store.get(&path).await {
            Ok(result) => {
                let size = result.meta.size;
                let stream = result.into_stream().map(|chunk| chunk.map_err(std::io::Error::other));
                Ok(Some((size, stream.boxed())))
            }
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(err) => Err(err.into()),
        }
    }

    /// A writer that stores what it is given at `key` once shut down (multipart for large
    /// objects); dropped without shutting down, it stores nothing.
    pub fn writer(&self, key: &str) -> anyhow::Result<object_store::buffered::BufWriter> {
        Ok(object_store::buffered::BufWriter::new(self.store.clone(), self.required_path(key)?))
    }

    /// The keys under `prefix` (a folder such as `agencies/bcso`), with their sizes.
    pub async fn list(&self, prefix: &str) -> anyhow::Result<Vec<(String, u64)>> {
        use futures::TryStreamExt;
        let Some(path) = self.path(prefix) else { return Ok(vec![]) };
        let strip = self.path("x").map(|p| p.as_ref().len() - 1).unwrap_or(0);
        let found: Vec<_> = self.store.list(Some(&path)).try_collect().await?;
        let mut keys: Vec<(String, u64)> = found
            .into_iter()
            .map(|meta| (meta.location.as_ref()[strip..].to_owned(), meta.size))
            .collect();
        keys.sort();
        Ok(keys)
    }

    pub async fn delete(&self, key: &str) -> anyhow::Result<()> {
        match self.store.delete(&self.required_path(key)?).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(err) => Err(err.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn objects_are_listed_under_a_folder_and_streamed() {
        let dir = tempfile::tempdir().unwrap();
        let store = MediaStore::folder(dir.path()).unwrap();
        store.put("backups/7/a.tar.gz", Bytes::from_static(b"aaa")).await.unwrap();
        store.put("backups/7/b.tar.gz", Bytes::from_static(b"bb")).await.unwrap();
        store.put("backups/70/c.tar.gz", Bytes::from_static(b"c")).await.unwrap();
        let listed = store.list("backups/7").await.unwrap();
        assert_eq!(
            listed,
            vec![("backups/7/a.tar.gz".to_owned(), 3), ("backups/7/b.tar.gz".to_owned(), 2)]
        );
        let (size, stream) = store.get_stream("backups/7/b.tar.gz").await.unwrap().unwrap();
        assert_eq!(size, 2);
        let chunks: Vec<_> = futures::StreamExt::collect(stream).await;
        assert_eq!(chunks.into_iter().map(|c| c.unwrap()).collect::<Vec<_>>().concat(), b"bb");
        let mut writer = store.writer("backups/7/w").unwrap();
        tokio::io::AsyncWriteExt::write_all(&mut writer, b"written").await.unwrap();
        tokio::io::AsyncWriteExt::shutdown(&mut writer).await.unwrap();
        assert_eq!(&store.get("backups/7/w").await.unwrap().unwrap().bytes[..], b"written");
    }
}
