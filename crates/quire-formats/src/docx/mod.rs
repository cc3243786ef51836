//! Word (.docx, Office Open XML WordprocessingML): [`read`] turns a file into the manuscript
//! model with the import's ledger; [`write`] writes the model out.

pub mod read;
pub mod write;
