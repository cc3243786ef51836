//! The import's ledger: what the file held against what the import will create, so a writer
//! sees before anything is written that nothing was lost, and every part that could not be
//! imported as itself is named.

use serde::{Deserialize, Serialize};

/// Counts of one side of the ledger.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// `quire_core::manuscript::count_words` over the text (chapter titles included).
    pub words: u64,
    pub paragraphs: u64,
    pub footnotes: u64,
    pub comments: u64,
    pub images: u64,
}

/// The ledger of one import.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger {
    /// What the file holds, counted from its XML.
    pub found: Tally,
    /// What the import creates, counted from the model.
    pub created: Tally,
    /// Parts imported as something else (their text kept as plain paragraphs) or not at all.
    pub unsupported: Vec<Unsupported>,
    /// Things the writer should know (tracked changes accepted, an image left out …).
    pub warnings: Vec<Warning>,
}

/// A kind of part the import could not keep as itself, and how many.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unsupported {
    /// `text_box`, `equation`, `smart_art`, `chart`, `embedded_object`, `field`, …
    pub kind: String,
    pub count: u64,
    /// Whether its text was kept as plain paragraphs.
    pub text_kept: bool,
}

/// A warning with a machine code (the web app words it in the writer's language) and details.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Warning {
    /// `tracked_changes_accepted`, `image_unreadable`, `image_type_mismatch`,
    /// `broken_relationship`, `styles_missing`, `merged_cells_split`, …
    pub code: String,
    pub count: u64,
}
