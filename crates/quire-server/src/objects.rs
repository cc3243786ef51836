//! Where uploaded files' bytes live: the [`ObjectStore`] trait, and [`LocalDir`], a directory on
//! this machine (`<data_dir>/uploads/<user id>/<upload id>`). The database keeps each upload's
//! row (name, type, size, key); this module keeps only bytes under a key and knows nothing of
//! users' rights, which the handlers check against the row before they ask for a key.

use std::fmt;
use std::future::Future;
use std::io;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::time::{Duration, SystemTime};

use axum::body::{Body, Bytes};
use tokio::io::AsyncWriteExt;

/// A future an object store answers with.
pub type ObjectFuture<'a, T> = Pin<Box<dyn Future<Output = io::Result<T>> + Send + 'a>>;

/// The key of one object: `<owner id>/<upload id>`, both made of letters and digits only, so a
/// key is always a plain relative path with no way out of the store's root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjectKey {
    owner: String,
    name: String,
}

impl ObjectKey {
    /// The key of upload `name` of user `owner`; `None` when either is not a plain id.
    pub fn new(owner: &str, name: &str) -> Option<ObjectKey> {
        let plain = |s: &str| {
            !s.is_empty() && s.len() <= 64 && s.bytes().all(|b| b.is_ascii_alphanumeric())
        };
        (plain(owner) && plain(name)).then(|| ObjectKey {
            owner: owner.to_owned(),
            name: name.to_owned(),
        })
    }

    /// Reads a stored key back (`<owner>/<name>`).
    pub fn parse(key: &str) -> Option<ObjectKey> {
        let (owner, name) = key.split_once('/')?;
        ObjectKey::new(owner, name)
    }

    pub fn owner(&self) -> &str {
        &self.owner
    }

    /// The upload id the object belongs to.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl fmt::Display for ObjectKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.owner, self.name)
    }
}

/// An object read back: its size and its bytes as a stream.
#[derive(Debug)]
pub struct Object {
    pub size: u64,
    pub body: Body,
}

/// Bytes by key. Writes are whole objects: a reader sees the old object, the new one, or none,
/// never a part.
pub trait ObjectStore: fmt::Debug + Send + Sync {
    /// Stores `bytes` under `key`, replacing what was there.
    fn put<'a>(&'a self, key: &'a ObjectKey, bytes: Bytes) -> ObjectFuture<'a, ()>;

    /// The object under `key`, or `None`.
    fn get<'a>(&'a self, key: &'a ObjectKey) -> ObjectFuture<'a, Option<Object>>;

    /// Removes the object under `key`; removing a missing one is not an error.
    fn delete<'a>(&'a self, key: &'a ObjectKey) -> ObjectFuture<'a, ()>;

    /// Removes every object of `owner` (the account is being deleted).
    fn delete_owner<'a>(&'a self, owner: &'a str) -> ObjectFuture<'a, ()>;

    /// The keys of the objects last written more than `age` ago (the sweep's candidates: a
    /// younger object may belong to an upload whose row is still being written), after
    /// removing partial writes older than `age`.
    fn keys_older_than<'a>(&'a self, age: Duration) -> ObjectFuture<'a, Vec<ObjectKey>>;
}

/// Objects as files under a root directory, one directory per owner.
#[derive(Debug, Clone)]
pub struct LocalDir {
    root: PathBuf,
}

impl LocalDir {
    /// The store rooted at `root` (created on the first write).
    pub fn new(root: impl Into<PathBuf>) -> LocalDir {
        LocalDir { root: root.into() }
    }

    /// The store of a data directory: `<data_dir>/uploads`.
    pub fn in_data_dir(data_dir: &Path) -> LocalDir {
        LocalDir::new(data_dir.join("uploads"))
    }

    fn path(&self, key: &ObjectKey) -> PathBuf {
        self.root.join(&key.owner).join(&key.name)
    }
}

impl ObjectStore for LocalDir {
    fn put<'a>(&'a self, key: &'a ObjectKey, bytes: Bytes) -> ObjectFuture<'a, ()> {
        Box::pin(async move {
            let path = self.path(key);
            let dir = self.root.join(&key.owner);
            tokio::fs::create_dir_all(&dir).await?;
            // Written beside its final name, then renamed over it: renaming is atomic.
            let partial = dir.join(format!(".{}.{}.part", key.name, quire_core::Id::random()));
            let written = async {
                let mut file = tokio::fs::File::create(&partial).await?;
                file.write_all(&bytes).await?;
                file.sync_all().await?;
                tokio::fs::rename(&partial, &path).await
            }
            .await;
            if written.is_err() {
                let _ = tokio::fs::remove_file(&partial).await;
            }
            written
        })
    }

    fn get<'a>(&'a self, key: &'a ObjectKey) -> ObjectFuture<'a, Option<Object>> {
        Box::pin(async move {
            let file = match tokio::fs::File::open(self.path(key)).await {
                Ok(file) => file,
                Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
                Err(e) => return Err(e),
            };
            let size = file.metadata().await?.len();
            let body = Body::from_stream(tokio_util::io::ReaderStream::new(file));
            Ok(Some(Object { size, body }))
        })
    }

    fn delete<'a>(&'a self, key: &'a ObjectKey) -> ObjectFuture<'a, ()> {
        Box::pin(async move { ignore_missing(tokio::fs::remove_file(self.path(key)).await) })
    }

    fn delete_owner<'a>(&'a self, owner: &'a str) -> ObjectFuture<'a, ()> {
        Box::pin(async move {
            let Some(probe) = ObjectKey::new(owner, "x") else {
                return Ok(());
            };
            ignore_missing(tokio::fs::remove_dir_all(self.root.join(&probe.owner)).await)
        })
    }

    fn keys_older_than<'a>(&'a self, age: Duration) -> ObjectFuture<'a, Vec<ObjectKey>> {
        Box::pin(self.older_than(age))
    }
}

impl LocalDir {
    async fn older_than(&self, age: Duration) -> io::Result<Vec<ObjectKey>> {
        let mut keys = Vec::new();
        let mut owners = match tokio::fs::read_dir(&self.root).await {
            Ok(owners) => owners,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(keys),
            Err(e) => return Err(e),
        };
        let now = SystemTime::now();
        while let Some(owner) = owners.next_entry().await? {
            if !owner.file_type().await?.is_dir() {
                continue;
            }
            let owner_name = owner.file_name().to_string_lossy().into_owned();
            let mut files = tokio::fs::read_dir(owner.path()).await?;
            while let Some(file) = files.next_entry().await? {
                let modified = file.metadata().await?.modified()?;
                if now.duration_since(modified).unwrap_or_default() <= age {
                    continue;
                }
                let name = file.file_name().to_string_lossy().into_owned();
                if name.starts_with('.') && name.ends_with(".part") {
                    ignore_missing(tokio::fs::remove_file(file.path()).await)?;
                } else if let Some(key) = ObjectKey::new(&owner_name, &name) {
                    keys.push(key);
                }
            }
        }
        Ok(keys)
    }
}

fn ignore_missing(result: io::Result<()>) -> io::Result<()> {
    match result {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_two_plain_ids_and_nothing_else() {
        let key = ObjectKey::new("user1", "upload1").unwrap();
        assert_eq!(key.to_string(), "user1/upload1");
        assert_eq!(ObjectKey::parse("user1/upload1"), Some(key));
        for (owner, name) in [
            ("..", "x"),
            ("u", "../x"),
            ("u/v", "x"),
            ("", "x"),
            ("u", ""),
        ] {
            assert_eq!(ObjectKey::new(owner, name), None, "{owner:?} {name:?}");
        }
        assert_eq!(ObjectKey::parse("u/v/w"), None);
        assert_eq!(ObjectKey::parse("uv"), None);
    }

    #[tokio::test]
    async fn a_local_directory_stores_reads_replaces_and_deletes_whole_objects() {
        let dir = tempfile::tempdir().unwrap();
        let store = LocalDir::new(dir.path().join("uploads"));
        let key = ObjectKey::new("ada", "cover").unwrap();
        assert!(store.get(&key).await.unwrap().is_none());
        store.put(&key, Bytes::from_static(b"first")).await.unwrap();
        store
            .put(&key, Bytes::from_static(b"second"))
            .await
            .unwrap();
        let object = store.get(&key).await.unwrap().unwrap();
        assert_eq!(object.size, 6);
        let bytes = axum::body::to_bytes(object.body, 1024).await.unwrap();
        assert_eq!(&bytes[..], b"second");
        let names: Vec<_> = std::fs::read_dir(dir.path().join("uploads/ada"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["cover"], "no partial file is left behind");
        store.delete(&key).await.unwrap();
        store.delete(&key).await.unwrap();
        assert!(store.get(&key).await.unwrap().is_none());
        store.put(&key, Bytes::from_static(b"x")).await.unwrap();
        store.delete_owner("ada").await.unwrap();
        store.delete_owner("ada").await.unwrap();
        assert!(!dir.path().join("uploads/ada").exists());
    }
}
