//! Quire's PDF export: a manuscript typeset in-process with typst, in one of the export
//! presets (standard manuscript format, trade paperback, ebook). The model reaches typst as
//! JSON data read by a fixed template, never as markup; fonts are compiled in; no I/O.

mod data;
mod world;

use quire_formats::model::Manuscript;
use quire_formats::options::{ExportOptions, PageSetup};
use typst::diag::SourceDiagnostic;
use typst::foundations::{Bytes, Smart};
use typst::visualize::{ExchangeFormat, RasterImage};
use typst_layout::PagedDocument;

pub use data::{about_words, manuscript_words};

/// Why a manuscript could not be turned into a PDF.
#[derive(Debug, thiserror::Error)]
pub enum TypesetError {
    /// Typst refused the document (the template met data it cannot lay out).
    #[error("the manuscript could not be typeset: {0}")]
    Typeset(String),
    /// The laid-out pages could not be written as PDF.
    #[error("the PDF could not be written: {0}")]
    Pdf(String),
}

/// The PDF of `m` with `options`' inclusions and preset. `page` is the manuscript's page setup,
/// which the "Ebook" preset follows (the other presets have their own page). Comments are
/// always left out; an image typst cannot decode is left out too rather than failing the
/// export.
pub fn pdf(
    m: &Manuscript,
    options: &ExportOptions,
    page: &PageSetup,
) -> Result<Vec<u8>, TypesetError> {
    let mut infos = Vec::with_capacity(m.images.len());
    let mut files = Vec::with_capacity(m.images.len());
    for image in &m.images {
        let bytes = Bytes::new(image.bytes.clone());
        infos.push(data::ImageInfo {
            format: decodable(&bytes),
        });
        files.push(bytes);
    }
    let json = serde_json::to_vec(&data::Data::new(m, options, page, infos))
        .map_err(|err| TypesetError::Typeset(err.to_string()))?;
    let world = world::ManuscriptWorld::new(json, files);
    let compiled = typst::compile::<PagedDocument>(&world).output;
    // Typst memoises across compilations; keep what recent exports share (the template's
    // functions, fonts) and let the rest of this manuscript's layout go.
    let result = compiled
        .map_err(|errors| TypesetError::Typeset(describe(&errors)))
        .and_then(|document| {
            typst_pdf::pdf(&document, &typst_pdf::PdfOptions::default())
                .map_err(|errors| TypesetError::Pdf(describe(&errors)))
        });
    typst::comemo::evict(2);
    result
}

/// The typst name of the image's format, if typst can decode it.
fn decodable(bytes: &Bytes) -> Option<&'static str> {
    let format = ExchangeFormat::detect(bytes)?;
    RasterImage::new(bytes.clone(), format, Smart::Auto).ok()?;
    Some(match format {
        ExchangeFormat::Png => "png",
        ExchangeFormat::Jpg => "jpg",
        ExchangeFormat::Gif => "gif",
        ExchangeFormat::Webp => "webp",
    })
}

fn describe(errors: &[SourceDiagnostic]) -> String {
    errors
        .iter()
        .map(|error| error.message.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}
