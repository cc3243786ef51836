//! Word (.docx) files: [`read`] turns one into the manuscript model with the import's ledger.

pub mod read;
