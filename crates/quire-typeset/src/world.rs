//! The typst `World` of one export: the fixed template as the only source, the manuscript's
//! JSON and its images as virtual files, and fonts compiled into the binary. Nothing is read
//! from disk or the network, and there is no clock (`datetime.today()` is an error).

use std::sync::LazyLock;

use typst::diag::{FileError, FileResult};
use typst::foundations::{Bytes, Datetime, Duration};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};

const TEMPLATE: &str = include_str!("template.typ");

/// Liberation Serif and Mono (SIL OFL 1.1, `fonts/LICENSE`): metric-compatible with Times New
/// Roman and Courier New, the standard manuscript format's faces.
const LIBERATION: [&[u8]; 8] = [
    include_bytes!("../fonts/LiberationSerif-Regular.ttf"),
    include_bytes!("../fonts/LiberationSerif-Bold.ttf"),
    include_bytes!("../fonts/LiberationSerif-Italic.ttf"),
    include_bytes!("../fonts/LiberationSerif-BoldItalic.ttf"),
    include_bytes!("../fonts/LiberationMono-Regular.ttf"),
    include_bytes!("../fonts/LiberationMono-Bold.ttf"),
    include_bytes!("../fonts/LiberationMono-Italic.ttf"),
    include_bytes!("../fonts/LiberationMono-BoldItalic.ttf"),
];

/// The standard library, the fonts and their book: built once per process, shared by exports.
struct Shared {
    library: LazyHash<Library>,
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
}

static SHARED: LazyLock<Shared> = LazyLock::new(|| {
    let fonts: Vec<Font> = LIBERATION
        .into_iter()
        .chain(typst_assets::fonts())
        .flat_map(|data| Font::iter(Bytes::new(data)))
        .collect();
    Shared {
        library: LazyHash::new(Library::default()),
        book: LazyHash::new(FontBook::from_fonts(&fonts)),
        fonts,
    }
});

fn file_id(path: &str) -> FileId {
    let vpath = VirtualPath::new(path).expect("a fixed, valid virtual path");
    RootedPath::new(VirtualRoot::Project, vpath).intern()
}

static MAIN: LazyLock<FileId> = LazyLock::new(|| file_id("/main.typ"));
static DATA: LazyLock<FileId> = LazyLock::new(|| file_id("/manuscript.json"));

/// The virtual path of the manuscript's image `index`, as the template names it.
fn image_path(index: usize) -> String {
    format!("/images/{index}")
}

/// One export's world.
pub(crate) struct ManuscriptWorld {
    main: Source,
    data: Bytes,
    images: Vec<Bytes>,
}

impl ManuscriptWorld {
    pub(crate) fn new(data: Vec<u8>, images: Vec<Bytes>) -> Self {
        ManuscriptWorld {
            main: Source::new(*MAIN, TEMPLATE.to_owned()),
            data: Bytes::new(data),
            images,
        }
    }
}

impl World for ManuscriptWorld {
    fn library(&self) -> &LazyHash<Library> {
        &SHARED.library
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &SHARED.book
    }

    fn main(&self) -> FileId {
        *MAIN
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == *MAIN {
            Ok(self.main.clone())
        } else {
            Err(not_found(id))
        }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        if id == *MAIN {
            return Ok(Bytes::from_string(TEMPLATE));
        }
        if id == *DATA {
            return Ok(self.data.clone());
        }
        if matches!(id.root(), VirtualRoot::Project) {
            let path = id.vpath().get_with_slash();
            if let Some(index) = path
                .strip_prefix("/images/")
                .and_then(|n| n.parse::<usize>().ok())
                && path == image_path(index)
                && let Some(bytes) = self.images.get(index)
            {
                return Ok(bytes.clone());
            }
        }
        Err(not_found(id))
    }

    fn font(&self, index: usize) -> Option<Font> {
        SHARED.fonts.get(index).cloned()
    }

    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        None
    }
}

fn not_found(id: FileId) -> FileError {
    FileError::NotFound(id.vpath().get_without_slash().into())
}
